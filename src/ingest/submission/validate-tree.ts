/**
 * Every submission folder of a results tree, validated as `validateSubmission` does for one, in
 * one pass that the site's build can afford on every run: the model registry is read once, each
 * benchmark's content digests are computed once (the duplicate check is a lookup, not a walk of
 * every other folder per folder), and the two per-sample passes — the benchmark's check and the
 * content digest — go through the score cache. Their keys are the folder's content, the scoring
 * code and lockfile, and for the check also the reference files and the model's registered
 * names it is compared with; never a modification time. Both run in the benchmark's folder pass
 * (`SubmissionSupport.folderPass`) when it has one, so a folder that misses is read once for every
 * product the build caches of it. The rest of validation (folder safety, submission.json,
 * registry, review, claims) is re-run on every build: it reads small files only.
 */
import { basename, dirname, resolve } from 'node:path';
import type { BenchmarkId } from '../../core/submission-schema';
import type { BenchmarkCheck } from '../../core/benchmark';
import { SUBMISSION_BENCHMARKS, findBenchmark } from '../../registry/benchmarks';
import { modelsRootFor, readModelRegistry } from '../models/registry';
import { referencesRootFor } from '../references';
import { withClaim } from '../cache-claim';
import { cacheEnabled, cachedAsync, treeHash } from '../score-cache';
import { checkFolderSafety } from './safety';
import { listSubmissionDirs } from './read';
import { checkModelOf, contentDigestOf, folderDigests, submissionFileOf, validateSubmission, type CheckModel } from './validate';
import type { SubmissionReport } from './types';

export interface TreeReport {
  benchmark: BenchmarkId;
  report: SubmissionReport;
}

export interface TreeOptions {
  /**
   * Only these folders (a shard of the deploy's scoring matrix, `prime-shard.ts`): their reports,
   * and the per-sample products the site build's gate caches of them. Their duplicate check then
   * sees only the selected folders; the build's own run of the gate sees every folder.
   */
  only?: (benchmark: BenchmarkId, dir: string) => boolean;
}

/** Validate every submission folder under `resultsRoot` (benchmark by benchmark, folders in listing order). */
export async function validateTree(resultsRoot: string, opts: TreeOptions = {}): Promise<TreeReport[]> {
  const repoRoot = dirname(resultsRoot);
  const registry = readModelRegistry(modelsRootFor(resultsRoot), repoRoot);
  // Every reference file of every benchmark: small, and a check compares the folder with them.
  const referencesRoot = referencesRootFor(resultsRoot);
  // Their contents, and the folder's name: a check names reference files from it (`references/…`).
  const references = { hash: treeHash(referencesRoot), folder: basename(referencesRoot) };
  const check = (benchmark: BenchmarkId, dir: string, model?: CheckModel): Promise<BenchmarkCheck> => {
    const support = findBenchmark(benchmark)?.submissions;
    if (!support) throw new Error(`benchmark ${benchmark} takes no submissions`);
    // The folder's name too: a check may name it (a copy under another name is checked as itself).
    const extra = JSON.stringify({ folder: basename(dir), references, model: model ? { id: model.id, names: model.names } : null });
    return cachedAsync(`${benchmark}/check`, dir, () => support.check(dir, model ? { model } : {}), { extra });
  };
  // The digest of a folder, in the benchmark's folder pass when it has one: a folder whose digest
  // or check misses the cache is read once for every product the build caches of it.
  const digestInPass = async (benchmark: BenchmarkId, dir: string): Promise<string | undefined> => {
    const support = findBenchmark(benchmark)?.submissions;
    const abs = resolve(dir);
    const safety = support?.folderPass && cacheEnabled() ? checkFolderSafety(abs, resultsRoot) : undefined;
    if (!support?.folderPass || !safety?.safeToRead) return cachedDigest(benchmark, dir);
    let digest: Promise<string | undefined> | undefined;
    const model = checkModelOf(submissionFileOf(abs, safety)?.submission, registry);
    try {
      // One pass per folder at a time across processes (an incremental build's lane beside astro):
      // the second finds the first's products cached instead of scoring the folder again.
      await withClaim(`folder-pass\0${benchmark}\0${abs}`, () =>
        support.folderPass!(abs, { resultsRoot, gate: () => ((digest = cachedDigest(benchmark, abs)), digest.then(() => check(benchmark, abs, model))) }),
      );
    } catch {
      // A check that throws is reported by validate's own call of it.
    }
    return digest ?? cachedDigest(benchmark, dir);
  };
  const out: TreeReport[] = [];
  for (const { id: benchmark } of SUBMISSION_BENCHMARKS) {
    const only = opts.only;
    const dirs = listSubmissionDirs(resultsRoot, benchmark).filter((dir) => only?.(benchmark, dir) ?? true);
    const digests = only ? await selectedDigests(dirs, (dir) => digestInPass(benchmark, dir)) : await folderDigests(benchmark, resultsRoot, (dir) => digestInPass(benchmark, dir));
    for (const dir of dirs) {
      out.push({ benchmark, report: await validateSubmission(dir, { repoRoot, resultsRoot, registry, check, digests: async () => digests }) });
    }
  }
  return out;
}

/** `folderDigests` of the selected folders only, in the same order. */
async function selectedDigests(dirs: readonly string[], digestOf: (dir: string) => Promise<string | undefined>): Promise<Map<string, string | undefined>> {
  const out = new Map<string, string | undefined>();
  for (const dir of dirs) out.set(resolve(dir), await digestOf(dir));
  return out;
}

/** The score cache's kind of a folder's content digest (`npm run build`'s probe looks it up). */
export const digestKind = (benchmark: string): string => `${benchmark}/digest`;

/** The content digest through the score cache (JSON has no undefined: a folder without one is stored as null). */
export async function cachedDigest(benchmark: BenchmarkId, dir: string): Promise<string | undefined> {
  const d = await cachedAsync(digestKind(benchmark), dir, async () => (await contentDigestOf(benchmark, dir)) ?? null);
  return d ?? undefined;
}
