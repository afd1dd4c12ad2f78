/**
 * Maintainer-owned references: `references/<benchmark>/<version>.json`, beside `results/` (like
 * `reviews/`). A reference is the fixed sample set and answer key of one benchmark version
 * (produced by the importers from pinned public sources, or by our own demo generator). A
 * submission's ground truth, sample ids and eval definitions are compared with it; nothing in a
 * submission folder can change it. Every file problem is a located finding, never an exception.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Finding } from '../core/findings';
import { jsonPath } from '../core/findings';
import { parsePythonJson } from '../core/python-json';
import { JsonSyntaxError } from '../core/tolerant-json';
import type { DemoTarget } from '../core/demo-submission';

/** Where references live for a results tree: `EVALBOARD_REFERENCES`, else `<results>/../references`. */
export function referencesRootFor(resultsRoot: string): string {
  return process.env.EVALBOARD_REFERENCES ?? join(dirname(resultsRoot), 'references');
}

/**
 * The versions a submission is compared with: synthetic (demo) references for a synthetic
 * submission only, the others for a real one only. A demo answer key is no ground truth for a real
 * run, even where it names the same subtask, eval or seed (imported public runs sit beside the
 * demo data in one build).
 */
export function referencesOfKind<T extends { synthetic?: boolean }>(versions: readonly ReferenceVersion<T>[], synthetic: boolean): ReferenceVersion<T>[] {
  return versions.filter((v) => (v.data.synthetic === true) === synthetic);
}

/** Whether the folder's `submission.json` says `"synthetic": true` (unreadable: no, it is then compared as a real run). */
export function declaresSynthetic(dir: string): boolean {
  try {
    const s = parsePythonJson(readFileSync(join(dir, 'submission.json'), 'utf8')) as { synthetic?: unknown } | null;
    return s !== null && typeof s === 'object' && s.synthetic === true;
  } catch {
    return false;
  }
}

/** The references root for a submission folder `<results>/<benchmark>/<id>/`. */
export const referencesRootForSubmission = (dir: string): string => referencesRootFor(dirname(dirname(dir)));

export interface ReferenceVersion<T> {
  /** File name without `.json`. */
  version: string;
  /** Path as shown in findings (relative to the repository root where possible). */
  file: string;
  data: T;
  /** sha256 of the file's bytes: part of every cache key computed against it. */
  digest: string;
}

export interface ReferenceSet<T> {
  versions: ReferenceVersion<T>[];
  /** Problems with the reference files themselves (a maintainer's to fix). */
  findings: Finding[];
  /** One digest over every version read (cache keys). */
  digest: string;
}

const cache = new Map<string, { stamp: string; set: ReferenceSet<unknown> }>();

function stampOf(dir: string, files: string[]): string {
  return files.map((f) => {
    const st = statSync(join(dir, f));
    return `${f}:${st.size}:${st.mtimeMs}`;
  }).join('|');
}

/**
 * Every `<root>/<benchmark>/*.json`, parsed with the benchmark's schema (read once per process
 * while the files are unchanged). A missing folder is an empty set: every config is then
 * "ground truth unverified". Files are named from the folder holding `root`
 * (`references/medvision/v1.json`), as the repository lays them out, wherever the build reads
 * them from: the name reaches review pages and cached checks, which must not depend on the
 * working directory (the deploy reads imported references from outside the checkout).
 */
export function readReferences<T>(root: string, benchmark: string, schema: z.ZodType<T>): ReferenceSet<T> {
  const dir = join(root, benchmark);
  if (!existsSync(dir) || !lstatSync(dir).isDirectory()) return { versions: [], findings: [], digest: 'none' };
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('.') && lstatSync(join(dir, f)).isFile()).sort();
  const key = `${dir}\u0000${benchmark}`;
  const stamp = stampOf(dir, files);
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return hit.set as ReferenceSet<T>;
  const versions: ReferenceVersion<T>[] = [];
  const findings: Finding[] = [];
  const all = createHash('sha256');
  for (const f of files) {
    const abs = join(dir, f);
    const shown = relative(dirname(root), abs).split('\\').join('/') || abs;
    const bytes = readFileSync(abs);
    const digest = createHash('sha256').update(bytes).digest('hex');
    all.update(f).update('\0').update(digest);
    let raw: unknown;
    try {
      raw = parsePythonJson(bytes.toString('utf8'));
    } catch (e) {
      findings.push({ path: shown, pointer: e instanceof JsonSyntaxError ? e.pointer : '$', severity: 'error', message: `reference not read: malformed JSON: ${(e as Error).message}` });
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const i of parsed.error.issues.slice(0, 20)) findings.push({ path: shown, pointer: jsonPath(i.path as (string | number)[]), severity: 'error', message: `reference not read: ${i.message}` });
      continue;
    }
    versions.push({ version: f.slice(0, -'.json'.length), file: shown, data: parsed.data, digest });
  }
  const set: ReferenceSet<T> = { versions, findings, digest: all.digest('hex').slice(0, 16) };
  cache.set(key, { stamp, set });
  return set;
}

/** Where a demo writer puts its reference: `target.referencesRoot`, else `references/` beside `results/`. */
export const demoReferencesRoot = (target: DemoTarget): string => target.referencesRoot ?? join(dirname(target.resultsRoot), 'references');

/** Write `<root>/<benchmark>/<version>.json` (two-space JSON, final newline; deterministic). */
export function writeReference(root: string, benchmark: string, version: string, data: unknown): string {
  const dir = join(root, benchmark);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${version}.json`);
  writeFileSync(file, JSON.stringify(data, null, 1) + '\n');
  return file;
}
