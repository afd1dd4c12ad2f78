/**
 * What an importer writes, planned in memory first (so `--dry-run` writes nothing and a second run
 * writes the same bytes): submission folders are replaced whole, every other file is overwritten.
 * JSON is two-space with a final newline, keys in the order the importer builds them.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { ImportReport } from '../core/benchmark';
import { parsePythonJson } from '../core/python-json';

export class ImportPlan {
  private readonly files = new Map<string, { copyFrom?: string; text?: string }>();
  private readonly replaced = new Set<string>();

  /** A folder the import owns: removed before writing, so no stale file of an earlier import survives. */
  replaceFolder(dir: string): void {
    this.replaced.add(dir);
  }
  copy(from: string, to: string): void {
    this.files.set(to, { copyFrom: from });
  }
  text(to: string, text: string): void {
    this.files.set(to, { text });
  }
  json(to: string, value: unknown): void {
    this.text(to, JSON.stringify(value, null, 2) + '\n');
  }
  paths(): string[] {
    return [...this.files.keys()].sort();
  }
  /** Write everything (nothing with `dryRun`); returns the paths, sorted. */
  write(dryRun: boolean): string[] {
    const paths = this.paths();
    if (dryRun) return paths;
    for (const d of [...this.replaced].sort()) rmSync(d, { recursive: true, force: true });
    for (const p of paths) {
      const f = this.files.get(p)!;
      mkdirSync(dirname(p), { recursive: true });
      if (f.copyFrom !== undefined) copyFileSync(f.copyFrom, p);
      else writeFileSync(p, f.text!);
    }
    return paths;
  }
}

/** Read a JSON file, or undefined when it is missing or malformed (the importer reports it). */
export function readJsonOrUndefined(path: string): unknown {
  try {
    return parsePythonJson(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

export const emptyReport = (benchmark: string, source: string, dryRun: boolean): ImportReport => ({
  benchmark,
  source,
  dryRun,
  submissions: [],
  models: [],
  references: [],
  reviews: [],
  reported: [],
  skipped: [],
  notes: [],
  written: [],
});

/** The import report as the CLI prints it. */
export function renderImportReport(r: ImportReport, cwd = process.cwd()): string {
  const rel = (p: string) => relative(cwd, p) || p;
  const lines: string[] = [`import ${r.benchmark} from ${r.source}${r.dryRun ? ' (dry run: nothing written)' : ''}`];
  lines.push(`${r.submissions.length} submission(s):`);
  for (const s of r.submissions) {
    lines.push(`  ${rel(s.dir)}  model ${s.model} · ${s.harness.name} ${s.harness.version}${s.harness.commit ? ` @ ${s.harness.commit}` : ''} · ${s.files} result file(s)${s.unknown.length ? ` · unknown: ${s.unknown.join(', ')}` : ''}`);
  }
  if (r.models.length) lines.push(`models: ${r.models.join(', ')}`);
  if (r.references.length) lines.push(`references: ${r.references.map(rel).join(', ')}`);
  lines.push(r.reviews.length ? `reviews (build-time only, under review): ${r.reviews.map(rel).join(', ')}` : 'reviews: none written (imported submissions stay "under review" until a maintainer reviews them)');
  for (const t of r.reported) lines.push(`reported (shown, never ranked): ${t.suite}: ${t.title} (${t.rows.length} rows, from ${t.from})`);
  if (r.skipped.length) {
    lines.push(`skipped ${r.skipped.length}:`);
    for (const s of r.skipped) lines.push(`  ${s.path}: ${s.reason}`);
  }
  for (const n of r.notes) lines.push(`note: ${n}`);
  lines.push(`${r.written.length} file(s) ${r.dryRun ? 'would be written' : 'written'}`);
  return lines.join('\n');
}
