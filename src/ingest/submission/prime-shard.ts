/**
 * One job of the deploy's scoring matrix (docs/scaling.md, "The split, on GitHub Actions"): the
 * submission folders of one shard run through the site build's own gate (`validateTree`), so their
 * per-sample products — check, content digest and, in a benchmark's folder pass, the board
 * summary and tables and the explorer pieces — land in the score cache under the keys the build
 * looks up. The matrix's jobs write disjoint entries; the site build, given their union, computes
 * none of them again. Folders whose products are cached already cost a cache hit.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BenchmarkId } from '../../core/submission-schema';
import { SUBMISSION_BENCHMARKS } from '../../registry/benchmarks';
import { listSubmissionDirs } from './read';
import { digestKind, validateTree } from './validate-tree';
import { cacheEnabled, hasCachedOfKind, isCached } from '../score-cache';
import { shardByWeight, type Shard } from '../../core/shard';

export type { Shard };

export interface ShardFolder {
  benchmark: BenchmarkId;
  dir: string;
  bytes: number;
}

/** Bytes of the regular files under `dir` (links not followed): the work a folder's scoring reads. */
export function folderBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) n += folderBytes(p);
    else if (e.isFile()) n += lstatSync(p).size;
  }
  return n;
}

/** `"i/n"` with 1 ≤ i ≤ n; undefined for anything else. */
export function parseShard(text: string): Shard | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) return undefined;
  const index = Number(m[1]);
  const of = Number(m[2]);
  return index >= 1 && index <= of ? { index, of } : undefined;
}

/**
 * Every submission folder, assigned to `of` shards by size (largest first, each to the shard with
 * the fewest bytes so far; ties by listing order and then the lowest shard): the same tree gives
 * every job of the matrix the same assignment. Returns shard `index`'s folders in listing order.
 */
export function shardFolders(resultsRoot: string, shard: Shard): ShardFolder[] {
  const all: ShardFolder[] = [];
  for (const { id } of SUBMISSION_BENCHMARKS) {
    for (const dir of listSubmissionDirs(resultsRoot, id)) all.push({ benchmark: id, dir, bytes: folderBytes(dir) });
  }
  return shardByWeight(all, (f) => f.bytes, shard).items;
}

/** Runs the gate on shard `shard`'s folders, filling the score cache (EVALBOARD_CACHE_DIR); returns them. */
export async function primeShard(resultsRoot: string, shard: Shard): Promise<ShardFolder[]> {
  const mine = shardFolders(resultsRoot, shard);
  const key = (benchmark: string, dir: string) => `${benchmark}\0${resolve(dir)}`;
  const selected = new Set(mine.map((f) => key(f.benchmark, f.dir)));
  await validateTree(resultsRoot, { only: (benchmark, dir) => selected.has(key(benchmark, dir)) });
  return mine;
}

export interface CacheMisses {
  /** Submission folders, and the bytes of their files. */
  folders: number;
  bytes: number;
  /** Those whose content digest is not in the score cache: the folders a build must score. */
  missing: number;
  missingBytes: number;
}

/**
 * What the score cache misses of the tree: every folder's content digest is looked up (it is
 * written in the folder pass with the check and the per-sample products, so a folder without it
 * is scored by the build). Hashing the folders reads a cold tree's bytes once; their SHA-256s are
 * then remembered in the cache (`file-facts.ts`) for the processes that score them. With the
 * cache off, every folder misses; with no digest of a benchmark cached at all (a cold build),
 * every folder of it misses and none is hashed here: the lanes that score them hash their own,
 * side by side, instead of this one process reading the whole tree first.
 */
export function cacheMisses(resultsRoot: string): CacheMisses {
  const out: CacheMisses = { folders: 0, bytes: 0, missing: 0, missingBytes: 0 };
  for (const { id } of SUBMISSION_BENCHMARKS) {
    const anyCached = cacheEnabled() && hasCachedOfKind(digestKind(id));
    for (const dir of listSubmissionDirs(resultsRoot, id)) {
      const bytes = folderBytes(dir);
      out.folders++;
      out.bytes += bytes;
      if (anyCached && isCached(digestKind(id), dir)) continue;
      out.missing++;
      out.missingBytes += bytes;
    }
  }
  return out;
}
