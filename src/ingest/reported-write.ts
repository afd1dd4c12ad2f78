/**
 * Writes an import's reported tables as `<reportedRoot>/<benchmark>/<slug>.json` (the layout
 * `./reported.ts` reads). The slug names the source and the table, so imports of several sources
 * share one folder; the bytes depend only on the import's inputs (a re-run writes the same files).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ImportProvenance, ReportedTable } from '../core/benchmark';
import { idSlug } from '../core/slug';
import type { ReportedTableFile } from './reported-schema';

/** `owner-name` of a GitHub URL (or the URL's last segment), else the imported folder's name. */
function sourceSlug(source: string, provenance?: ImportProvenance): string {
  const repo = provenance?.repo?.replace(/^https?:\/\/(www\.)?github\.com\//, '').replace(/\.git$/, '').replace(/\/+$/, '');
  return idSlug(repo ? repo.replace(/\//g, '-') : basename(source));
}

export function reportedFiles(benchmark: string, source: string, tables: readonly ReportedTable[], provenance?: ImportProvenance): { path: string; file: ReportedTableFile }[] {
  const prefix = sourceSlug(source, provenance);
  const used = new Set<string>();
  const src = provenance && (provenance.repo || provenance.commit || provenance.path)
    ? { source: { ...(provenance.repo ? { repo: provenance.repo } : {}), ...(provenance.commit ? { commit: provenance.commit } : {}), ...(provenance.path ? { path: provenance.path } : {}) } }
    : {};
  return tables.map((t) => {
    const stem = idSlug(`${prefix}-${t.suite}-${t.from.replace(/\.[A-Za-z0-9]+$/, '')}`);
    let name = stem;
    for (let i = 2; used.has(name); i++) name = `${stem}-${i}`;
    used.add(name);
    const file: ReportedTableFile = {
      reported: true,
      benchmark,
      suite: t.suite,
      title: t.title,
      from: t.from,
      ...src,
      ...(provenance?.licence ? { licence: provenance.licence } : {}),
      ...(provenance?.attribution ? { attribution: provenance.attribution } : {}),
      columns: t.columns,
      // NaN and ±Infinity from Python JSON have no JSON form: written as null ("not published").
      rows: t.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && !Number.isFinite(v) ? null : v]))),
    };
    return { path: join(benchmark, `${name}.json`), file };
  });
}

/** Write them (nothing with `dryRun`); returns the absolute paths, in table order. */
export function writeReportedTables(root: string, benchmark: string, source: string, tables: readonly ReportedTable[], opts: { provenance?: ImportProvenance; dryRun?: boolean } = {}): string[] {
  return reportedFiles(benchmark, source, tables, opts.provenance).map(({ path, file }) => {
    const abs = join(root, path);
    if (!opts.dryRun) {
      mkdirSync(join(abs, '..'), { recursive: true });
      writeFileSync(abs, JSON.stringify(file, null, 2) + '\n');
    }
    return abs;
  });
}
