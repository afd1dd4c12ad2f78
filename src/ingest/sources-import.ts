/**
 * `npm run import:sources`: every source of `sources.json` is checked out at its pinned commit
 * (`sources-fetch.ts`; a `local` folder instead in tests), imported by its benchmark's importer
 * into a staging folder and validated there, then merged with the repository's own trees into the
 * set the build reads:
 *
 *   <out>/results/  models/  references/  reviews/  reported/   (EVALBOARD_RESULTS, … EVALBOARD_REPORTED)
 *   <out>/imported-sources.json   which source brought which submissions, models and references
 *
 * Merge rules: a submission folder comes from one place only (a second is an error); a registry
 * file or review the repository has is the repository's (the maintainers' word wins over the
 * importer's "unknown" and "under review"); a model, reference or reported table two places write must be the same
 * bytes. The imported folders are validated once more against the merged set (duplicate content,
 * registry collisions). Everything is built in `<out>.next-<pid>` and renamed into place only when
 * every source succeeded: an error leaves the previous `<out>` exactly as it was.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Benchmark } from '../core/benchmark';
import { formatFinding } from '../core/findings';
import { regularFiles } from '../core/fs-walk';
import { renderImportReport } from './import-plan';
import { runImport } from './run-import';
import { checkoutSource, SourceError } from './sources-fetch';
import type { SourceEntry } from './sources-schema';
import { validateSubmissions } from './submission/validate';

/** The trees the build reads, and the variable that points it at each. */
export const SITE_TREES = [
  { dir: 'results', env: 'EVALBOARD_RESULTS' },
  { dir: 'models', env: 'EVALBOARD_MODELS' },
  { dir: 'references', env: 'EVALBOARD_REFERENCES' },
  { dir: 'reviews', env: 'EVALBOARD_REVIEWS' },
  { dir: 'reported', env: 'EVALBOARD_REPORTED' },
] as const;
type Tree = (typeof SITE_TREES)[number]['dir'];

export const MANIFEST = 'imported-sources.json';

export interface SourcesImportOptions {
  sources: readonly SourceEntry[];
  /** Folder `local` paths are read from (the folder of sources.json). */
  sourcesDir: string;
  /** The repository's own trees: `<root>/results`, `models`, `references`, `reviews`. */
  root: string;
  /** The merged set the build reads. */
  out: string;
  /** Where clones are cached (outside the repository). */
  cacheRoot: string;
  /** The benchmark an importer id names (the registry's lookup). */
  benchmarkOf: (importer: string) => Benchmark | undefined;
  log?: (line: string) => void;
}

export interface ImportedSource {
  id: string;
  importer: string;
  repo: string;
  commit: string;
  path: string;
  licence: string;
  attribution: string;
  /** `<benchmark>/<id>` of every submission it brought. */
  submissions: string[];
  /** Registry files it wrote (`models/<id>.json`), whether kept or the repository's. */
  models: string[];
  references: string[];
  /** Published tables the importer found (shown, never ranked). */
  reported: { suite: string; title: string; from: string; rows: number }[];
}

export interface SourcesImportResult {
  ok: boolean;
  /** One line each, naming the source. */
  errors: string[];
  /** Everything worth saying that is not an error (kept registry files, reviews). */
  notes: string[];
  imported: ImportedSource[];
  /** Each source's importer report, as `npm run import` prints it. */
  reports: { id: string; text: string }[];
  /** `EVALBOARD_RESULTS=<out>/results` … for the build. */
  env: Record<string, string>;
}

const sameBytes = (a: string, b: string) => readFileSync(a).equals(readFileSync(b));

/** Import every source and merge; never throws for a source's failure (it becomes an error line). */
export async function importSources(opts: SourcesImportOptions): Promise<SourcesImportResult> {
  const out = resolve(opts.out);
  const errors: string[] = [];
  const notes: string[] = [];
  const imported: ImportedSource[] = [];
  const reports: SourcesImportResult['reports'] = [];
  const env = Object.fromEntries(SITE_TREES.map((t) => [t.env, join(out, t.dir)]));
  const next = `${out}.next-${process.pid}`;
  mkdirSync(dirname(out), { recursive: true });
  const staging = mkdtempSync(join(dirname(out), '.sources-staging-'));
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  /** Who wrote each merged file (relative to the set): "the repository" or a source id. */
  const owner = new Map<string, string>();
  try {
    for (const t of SITE_TREES) {
      const from = join(opts.root, t.dir);
      if (existsSync(from)) cpSync(from, join(next, t.dir), { recursive: true });
      else mkdirSync(join(next, t.dir), { recursive: true });
      for (const f of regularFiles(join(next, t.dir))) owner.set(`${t.dir}/${f}`, 'the repository');
    }
    for (const s of opts.sources) {
      try {
        imported.push(await importOne(s, opts, join(staging, s.id), next, owner, notes, reports));
      } catch (e) {
        errors.push(e instanceof SourceError ? e.message : `source "${s.id}": ${(e as Error).stack ?? String(e)}`);
      }
    }
    if (errors.length === 0) errors.push(...(await validateMerged(next, imported)));
    if (errors.length > 0) return { ok: false, errors, notes, imported: [], reports, env };
    writeManifest(next, imported);
    const prev = `${out}.prev-${process.pid}`;
    if (existsSync(out)) renameSync(out, prev);
    renameSync(next, out);
    rmSync(prev, { recursive: true, force: true });
    return { ok: true, errors, notes, imported, reports, env };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(next, { recursive: true, force: true });
  }
}

async function importOne(s: SourceEntry, opts: SourcesImportOptions, stage: string, next: string, owner: Map<string, string>, notes: string[], reports: SourcesImportResult['reports']): Promise<ImportedSource> {
  const fail = (message: string) => new SourceError(s.id, message);
  const benchmark = opts.benchmarkOf(s.importer);
  if (!benchmark?.importer) throw fail(`no importer "${s.importer}"`);
  const path = s.path ?? '.';
  let dir: string;
  if (s.local !== undefined) {
    dir = resolve(opts.sourcesDir, s.local, ...(path === '.' ? [] : path.split('/')));
    if (!existsSync(dir)) throw fail(`local folder ${dir} does not exist`);
    opts.log?.(`${s.id}: local folder ${dir} (stands for ${s.repo} at ${s.commit.slice(0, 12)})`);
  } else dir = checkoutSource(s, opts.cacheRoot, opts.log ? { log: opts.log } : {});

  const roots = Object.fromEntries(SITE_TREES.map((t) => [t.dir, join(stage, t.dir)])) as Record<Tree, string>;
  const run = await runImport(benchmark, {
    source: dir,
    out: { resultsRoot: roots.results, modelsRoot: roots.models, referencesRoot: roots.references, reviewsRoot: roots.reviews, reportedRoot: roots.reported },
    provenance: { repo: s.repo, commit: s.commit, ...(path === '.' ? {} : { path }), licence: s.licence, attribution: s.attribution },
    ...(s.version ? { version: s.version } : {}),
  });
  reports.push({ id: s.id, text: renderImportReport(run.report, stage) });
  if (run.validation && !run.validation.valid) {
    const found = run.validation.reports.flatMap((r) => r.findings).filter((f) => f.severity === 'error');
    throw fail(`validate rejects what the importer wrote (${found.length} error(s)); first: ${found.slice(0, 5).map((f) => formatFinding(f)).join(' | ')}`);
  }
  if (run.report.submissions.length === 0 && run.report.reported.length === 0) throw fail(`the ${s.importer} importer found nothing to import in ${path} (is the path right?)`);

  // Submission folders: one place only.
  for (const sub of run.report.submissions) {
    const rel = relative(roots.results, sub.dir).split('\\').join('/');
    const where = [...owner].find(([f]) => f.startsWith(`results/${rel}/`))?.[1];
    if (where) throw fail(`submission results/${rel} is already in ${where === 'the repository' ? 'the repository' : `source "${where}"`}: a submission comes from one place only`);
  }
  for (const sub of run.report.submissions) {
    const rel = relative(roots.results, sub.dir);
    cpSync(sub.dir, join(next, 'results', rel), { recursive: true });
    for (const f of regularFiles(sub.dir)) owner.set(`results/${rel.split('\\').join('/')}/${f}`, s.id);
  }
  // Registry files, references, reviews.
  for (const tree of ['models', 'references', 'reviews', 'reported'] as const) {
    for (const f of regularFiles(roots[tree])) {
      const key = `${tree}/${f}`;
      const from = join(roots[tree], f);
      const to = join(next, tree, f);
      const was = owner.get(key);
      if (was === undefined) {
        mkdirSync(dirname(to), { recursive: true });
        cpSync(from, to);
        owner.set(key, s.id);
      } else if (sameBytes(from, to)) continue;
      else if (was === 'the repository' && (tree === 'models' || tree === 'reviews')) notes.push(`${s.id}: ${key}: the repository's file is kept (not the importer's)`);
      else throw fail(`${key} differs from the one ${was === 'the repository' ? 'the repository has' : `source "${was}" wrote`}${tree === 'models' ? ': commit the model\'s registry file to models/ to settle it' : ''}`);
    }
  }
  return {
    id: s.id,
    importer: s.importer,
    repo: s.repo,
    commit: s.commit,
    path,
    licence: s.licence,
    attribution: s.attribution,
    submissions: run.report.submissions.map((x) => relative(roots.results, x.dir).split('\\').join('/')).sort(),
    models: [...run.report.models].sort(),
    references: run.report.references.map((r) => relative(stage, r).split('\\').join('/')).sort(),
    reported: run.report.reported.map((t) => ({ suite: t.suite, title: t.title, from: t.from, rows: t.rows.length })),
  };
}

/** The imported folders checked again in the merged set: against the repository's submissions and registry too. */
async function validateMerged(next: string, imported: readonly ImportedSource[]): Promise<string[]> {
  const ownerOf = new Map(imported.flatMap((s) => s.submissions.map((sub) => [sub, s.id] as const)));
  if (ownerOf.size === 0) return [];
  const before = process.env.EVALBOARD_REFERENCES;
  process.env.EVALBOARD_REFERENCES = join(next, 'references');
  try {
    const run = await validateSubmissions(
      [...ownerOf.keys()].map((sub) => join(next, 'results', sub)),
      { repoRoot: next, resultsRoot: join(next, 'results'), modelsRoot: join(next, 'models'), reviewsRoot: join(next, 'reviews') },
    );
    return run.reports
      .filter((r) => !r.valid)
      .map((r) => {
        const sub = r.dir.replace(/^results\//, '');
        const errs = r.findings.filter((f) => f.severity === 'error');
        return `source "${ownerOf.get(sub) ?? '?'}": ${r.dir} is rejected in the merged set (${errs.length} error(s)); first: ${errs.slice(0, 5).map((f) => formatFinding(f)).join(' | ')}`;
      });
  } finally {
    if (before === undefined) delete process.env.EVALBOARD_REFERENCES;
    else process.env.EVALBOARD_REFERENCES = before;
  }
}

function writeManifest(next: string, imported: readonly ImportedSource[]): void {
  writeFileSync(join(next, MANIFEST), `${JSON.stringify({ sources: imported }, null, 2)}\n`);
}
