import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Finding } from '../../core/findings';
import { listSubmissionDirs, readSubmissionFolder } from './read';
import { modelsRootFor, readModelRegistry, type ModelRegistry } from '../models/registry';
import { namesOf, type ModelRecord } from '../../core/model-schema';
import { digestOf } from './duplicates';
import type { BenchmarkId } from '../../core/submission-schema';
import { SUBMISSION_BENCHMARKS, findBenchmark } from '../../registry/benchmarks';
import { checkFolderSafety, LIMITS, type SafetyResult } from './safety';
import { readReview, reviewsRootFor } from './review';
import { compareClaims } from './claims';
import { checkChangedFiles, type ChangedFile } from './changed-files';
import { checkTaskFolder } from '../tasks/check';
import type { BenchmarkCheck, ContributedRow, SubmissionReport } from './types';

export interface ValidateRun {
  valid: boolean;
  reports: SubmissionReport[];
  /** Findings about the change as a whole (the changed-files check). */
  general: Finding[];
}

export interface ValidateConfig {
  repoRoot?: string;
  resultsRoot?: string;
  /** Where the maintainers' review files live; default `reviewsRootFor(resultsRoot)`. */
  reviewsRoot?: string;
  /** Where the model registry lives; default `modelsRootFor(resultsRoot)` (`EVALBOARD_MODELS`, else `models/` beside `results/`). */
  modelsRoot?: string;
  changedFiles?: ChangedFile[];
  /**
   * The board rows a submission contributes (rank and interval). The CLI and the site pass
   * `boardRowsFor` (the site's own boards over `<cwd>/results`); without it no rows are listed.
   */
  rowsFor?: (id: string) => Promise<ContributedRow[]>;
  /** Called before each folder is checked (the CLI's progress line on a terminal). */
  onProgress?: (done: number, total: number, dir: string) => void;
  /** The model registry, read once by a caller validating many folders (else read here). */
  registry?: ModelRegistry;
  /**
   * The benchmark's check of one folder; the site's gate passes one that goes through the score
   * cache (`validateTree`). Default: the benchmark's `submissions.check`.
   */
  check?: (benchmark: BenchmarkId, dir: string, model?: CheckModel) => Promise<BenchmarkCheck>;
  /** The content digest of every folder of a benchmark, by absolute path (computed once by a caller validating many). */
  digests?: (benchmark: BenchmarkId) => Promise<ReadonlyMap<string, string | undefined>>;
}

export interface CheckModel {
  id: string;
  names: readonly string[];
}

const posix = (p: string) => p.split(sep).join('/');
const inside = (parent: string, child: string) => {
  const r = relative(parent, child);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
};
const hasErrors = (fs: Finding[]) => fs.some((f) => f.severity === 'error');

/** Validate one submission folder; never throws (an unexpected failure becomes a finding). */
export async function validateSubmission(dirArg: string, cfg: ValidateConfig = {}): Promise<SubmissionReport> {
  const repoRoot = resolve(cfg.repoRoot ?? process.cwd());
  const resultsRoot = resolve(cfg.resultsRoot ?? join(repoRoot, 'results'));
  const abs = resolve(repoRoot, dirArg);
  const shownDir = inside(repoRoot, abs) ? posix(relative(repoRoot, abs)) || '.' : dirArg;
  const id = basename(abs);
  const parent = basename(dirname(abs));
  const local: Finding[] = [];
  /** Findings about files outside the folder (the maintainers' review file), already repo-relative. */
  const outside: Finding[] = [];
  const report = (extra: Partial<SubmissionReport> = {}): SubmissionReport => {
    const inFolder = [...local, ...(extra.findings ?? [])].map((f) => ({ ...f, path: f.path === '.' ? shownDir : f.path.startsWith(shownDir) ? f.path : `${shownDir}/${f.path}` }));
    const findings = [...inFolder, ...outside];
    return { dir: shownDir, id, claims: [], rows: [], facts: [], recomputedKeys: [], status: 'under_review', ...extra, findings, valid: !hasErrors(findings) };
  };
  const err = (path: string, pointer: string, message: string) => local.push({ path, pointer, severity: 'error', message });

  // 1. Where the folder is: results/<benchmark>/<id>/, inside results/ even after resolving links.
  if (!existsSync(abs)) {
    err('.', '$', 'no such folder (a deleted submission folder is an edit to another submission)');
    return report();
  }
  if (lstatSync(abs).isSymbolicLink()) {
    err('.', '$', 'the submission folder itself is a symbolic link');
    return report();
  }
  if (!lstatSync(abs).isDirectory()) {
    err('.', '$', 'not a folder');
    return report();
  }
  let real = abs;
  try {
    real = realpathSync(abs);
  } catch {
    /* reported by the walk */
  }
  const realResults = existsSync(resultsRoot) ? realpathSync(resultsRoot) : resultsRoot;
  const underResults = inside(resultsRoot, abs) && inside(realResults, real) && posix(relative(resultsRoot, abs)).split('/').length === 2;
  if (!underResults) {
    err('.', '$', `not a submission folder: expected results/<benchmark>/<id>/ inside ${posix(relative(repoRoot, resultsRoot)) || 'results'}/`);
    return report();
  }
  if (parent === 'tasks') return report(checkTaskFolder(abs));

  // 2. The folder's own files: no links out, no special files, sizes within limits.
  const safety = checkFolderSafety(abs, resultsRoot);
  local.push(...safety.findings);

  // 3. submission.json.
  const sj = safety.files.find((f) => f.rel === 'submission.json');
  let submission;
  if (!sj) {
    if (!safety.findings.some((f) => f.path === 'submission.json')) err('submission.json', '$', 'missing submission.json');
  } else {
    const folder = submissionFileOf(abs, safety);
    local.push(...(folder?.findings ?? []));
    submission = folder?.submission;
  }
  const ids = SUBMISSION_BENCHMARKS.map((b) => b.id);
  const benchmark: BenchmarkId | undefined = ids.includes(parent) ? parent : undefined;
  if (!benchmark) err('.', '$', `"${parent}" is not a benchmark we accept (${ids.join(', ')}, or tasks)`);
  if (submission && benchmark && submission.benchmark !== benchmark) {
    err('submission.json', '$.benchmark', `"${submission.benchmark}" but the folder is under results/${benchmark}/`);
  }
  for (const b of [...ids, 'tasks']) {
    if (b !== parent && existsSync(join(resultsRoot, b, id))) err('submission.json', '$.id', `id "${id}" is already used by results/${b}/${id}: ids are unique across benchmarks`);
  }

  // 3b. The model it names: a maintainer-owned registry file, checked with the whole registry.
  const modelFacts: { label: string; value: string }[] = [];
  let model: CheckModel | undefined;
  let modelRecord: ModelRecord | undefined;
  if (submission) {
    const registry = cfg.registry ?? readModelRegistry(cfg.modelsRoot ?? modelsRootFor(resultsRoot), repoRoot);
    const file = registry.fileOf(submission.model);
    const record = registry.models.get(submission.model);
    if (!registry.files.has(submission.model)) {
      err('submission.json', '$.model', `no model "${submission.model}" is registered: a pull request introducing a model adds ${file} (name, org, weights; schema /schemas/model.json), which a maintainer reviews`);
    } else {
      outside.push(...registry.findingsOf(submission.model));
    }
    if (record) {
      modelRecord = record;
      model = checkModelOf(submission, registry);
      const added = cfg.changedFiles?.some((c) => c.path === file && (c.status === undefined || c.status.startsWith('A')));
      modelFacts.push({ label: 'Model', value: `${record.name} (${record.org}) — ${added ? `new in this pull request: ${file}, to be reviewed by a maintainer` : `registered in ${file}`}` });
    }
  }

  // 4. The benchmark's own files, recomputed.
  let check: BenchmarkCheck | undefined;
  if (benchmark && safety.safeToRead) {
    try {
      check = await (cfg.check ?? runCheck)(benchmark, abs, model);
    } catch (e) {
      err('.', '$', `could not read the benchmark files: ${(e as Error).message}`);
    }
  } else if (benchmark) {
    local.push({ path: '.', pointer: '$', severity: 'error', message: 'benchmark files not read: fix the errors above first' });
  }
  // 4b. A copy of another submission's per-sample content (under any folder or model name) is an error for every copy.
  if (benchmark && check && safety.safeToRead) local.push(...(await duplicateFindings(benchmark, abs, repoRoot, await (cfg.digests ?? ((b) => folderDigests(b, resultsRoot)))(benchmark))));
  const claims = check ? compareClaims(submission?.claimed, check.recomputed, 'submission.json') : { rows: [], findings: [] };
  let rows: ContributedRow[] = [];
  if (cfg.rowsFor && check) {
    try {
      rows = await cfg.rowsFor(id);
    } catch (e) {
      local.push({ path: '.', pointer: '$', severity: 'warning', message: `board rows not computed: ${(e as Error).message}` });
    }
  }
  // 5. The maintainers' verdict, from their own file (never from the submission folder).
  const review = benchmark ? readReview({ reviewsRoot: cfg.reviewsRoot ?? reviewsRootFor(resultsRoot), benchmark, id, shownFrom: repoRoot }) : undefined;
  outside.push(...(review?.findings ?? []).map((f) => ({ ...f, path: posix(f.path) })));
  return report({
    ...(benchmark ? { benchmark } : {}),
    ...(submission ? { submission } : {}),
    ...(modelRecord ? { model: modelRecord } : {}),
    ...(review?.review ? { review: review.review } : {}),
    status: review?.status ?? 'under_review',
    ...(review ? { reviewFile: posix(review.file) } : {}),
    findings: [...(check?.findings ?? []), ...claims.findings],
    claims: [...claims.rows, ...(check?.fileClaims ?? [])],
    rows,
    facts: [...modelFacts, ...(check?.facts ?? [])],
    ...(check?.referenceVersion ? { referenceVersion: check.referenceVersion } : {}),
    recomputedKeys: Object.keys(check?.recomputed ?? {}).sort(),
  });
}

/** submission.json of a folder as validate reads it: only when it is within the size limit (undefined otherwise). */
export function submissionFileOf(abs: string, safety: SafetyResult): ReturnType<typeof readSubmissionFolder> | undefined {
  const sj = safety.files.find((f) => f.rel === 'submission.json');
  return sj && sj.size > 0 && sj.size <= LIMITS.submissionJsonBytes ? readSubmissionFolder(abs, abs) : undefined;
}

/** What the benchmark's check is told of the submission's model: its registered id and names (undefined: not registered). */
export function checkModelOf(submission: { model: string } | undefined, registry: ModelRegistry): CheckModel | undefined {
  const record = submission ? registry.models.get(submission.model) : undefined;
  return record ? { id: record.id, names: namesOf(record) } : undefined;
}

async function runCheck(benchmark: BenchmarkId, dir: string, model?: CheckModel): Promise<BenchmarkCheck> {
  const support = findBenchmark(benchmark)?.submissions;
  if (!support) throw new Error(`benchmark ${benchmark} takes no submissions`);
  return support.check(dir, model ? { model } : {});
}

/** The content digest of every submission folder of `benchmark`, by absolute path, in folder order (one pass). */
export async function folderDigests(benchmark: BenchmarkId, resultsRoot: string, digestOfFolder: (dir: string) => Promise<string | undefined> = (d) => contentDigestOf(benchmark, d)): Promise<Map<string, string | undefined>> {
  const out = new Map<string, string | undefined>();
  for (const dir of listSubmissionDirs(resultsRoot, benchmark)) out.set(resolve(dir), await digestOfFolder(dir));
  return out;
}

/** The benchmark's content digest of one folder (memoised until a file in it changes); undefined when it has none. */
export function contentDigestOf(benchmark: BenchmarkId, dir: string): Promise<string | undefined> {
  const support = findBenchmark(benchmark)?.submissions;
  const digest = support?.contentDigest?.bind(support);
  return digest ? digestOf(dir, (d) => digest(d)) : Promise.resolve(undefined);
}

/** Every other folder of the benchmark whose per-sample content digest equals this one's. */
async function duplicateFindings(benchmark: BenchmarkId, abs: string, repoRoot: string, digests: ReadonlyMap<string, string | undefined>): Promise<Finding[]> {
  const mine = digests.get(abs) ?? (await contentDigestOf(benchmark, abs));
  if (mine === undefined) return [];
  const same: string[] = [];
  for (const [other, d] of digests) if (other !== abs && d === mine) same.push(posix(relative(repoRoot, other)) || other);
  if (!same.length) return [];
  return [{
    path: '.',
    pointer: '$',
    severity: 'error',
    message: `the per-sample content duplicates ${same.join(', ')} (same normalised per-sample data, digest ${mine.slice(0, 12)}): a copy under another name or model is not a new entry`,
  }];
}

/** Validate several folders and, when given, the list of files the change touched. */
export async function validateSubmissions(dirs: string[], cfg: ValidateConfig = {}): Promise<ValidateRun> {
  const reports: SubmissionReport[] = [];
  for (const [i, d] of dirs.entries()) {
    cfg.onProgress?.(i, dirs.length, d);
    reports.push(await validateSubmission(d, cfg));
  }
  cfg.onProgress?.(dirs.length, dirs.length, '');
  const general = cfg.changedFiles ? checkChangedFiles(cfg.changedFiles, reports.map((r) => r.dir)) : [];
  // The registry check: an error in any models/<id>.json the reports do not already show.
  const repoRoot = resolve(cfg.repoRoot ?? process.cwd());
  const resultsRoot = resolve(cfg.resultsRoot ?? join(repoRoot, 'results'));
  const shown = new Set(reports.flatMap((r) => r.findings.map((f) => `${f.path}\u0000${f.pointer}\u0000${f.message}`)));
  general.push(...readModelRegistry(cfg.modelsRoot ?? modelsRootFor(resultsRoot), repoRoot).findings.filter((f) => !shown.has(`${f.path}\u0000${f.pointer}\u0000${f.message}`)));
  return { valid: reports.length > 0 && reports.every((r) => r.valid) && !hasErrors(general), reports, general };
}
