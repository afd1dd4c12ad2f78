import { createHash, type Hash } from 'node:crypto';
import { memoForBuild } from './build-memo';
import { claimedEntry } from './cache-claim';
import { cacheRoot, ensureCacheRoot } from './cache-root';
import { noteCacheUse } from './cache-use';
import { fileFacts } from './file-facts';
import { parseTagged, stringifyTagged } from './tagged-json';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * Scored-result cache for the build: `.cache/scored/<benchmark>/<sha256>.json`, keyed by the
 * content of the submission folder and of the code that scores it. NaN and ±Infinity are written
 * as tagged strings (`tagged-json.ts`).
 */
// Everything that reads or scores a submission (tests/site/score-cache.test.ts checks that the
// cached computation imports nothing else), and the lockfile that pins the libraries it runs on.
export const CODE_DIRS = ['src/benchmarks', 'src/core', 'src/ingest', 'src/registry', 'src/board/paths.ts', 'package-lock.json'];

/**
 * Hash every entry below `path` into `h` as its path (relative to `from`), NUL, then its bytes,
 * walked with `lstat`: a symbolic link is hashed as its target text and never followed (`a -> .`
 * and `b -> .` made the old walk endless), a FIFO, socket or device as its kind, never opened
 * (reading a FIFO blocks forever), and a file as its SHA-256 (read in chunks: a 200 MB file is
 * never held whole).
 */
function hashEntries(h: Hash, path: string, from: string): void {
  let st;
  try {
    st = lstatSync(path, { bigint: true });
  } catch {
    return;
  }
  if (st.isDirectory()) {
    for (const e of readdirSync(path).sort()) if (!e.startsWith('.')) hashEntries(h, join(path, e), from);
    return;
  }
  h.update(relative(from, path)).update('\0');
  if (st.isSymbolicLink()) h.update(`symlink:${readlinkSync(path)}`);
  // The file's own SHA-256 (remembered by its stat between builds: a warm build reads no bytes).
  else if (st.isFile()) h.update(`file:${fileFacts(path, { stat: st }).sha256}`);
  else h.update(`special:${st.mode}`);
}

/**
 * The hash of the scoring code and the lockfile under `root` (a checkout): the part of every cache
 * key that says which code scored the entry. Paths are hashed relative to `root`, so two checkouts
 * of the same commit (a developer's, CI's) share keys — the deploy workflow restores the cache by it.
 */
export function codeVersionOf(root: string, dirs: readonly string[] = CODE_DIRS): string {
  const h = createHash('sha256');
  for (const d of dirs) hashEntries(h, join(root, d), root);
  return h.digest('hex');
}

let codeHash: string | undefined;
/** The code part of this checkout's keys (computed once per process). */
export function codeVersion(): string {
  return (codeHash ??= codeVersionOf(process.cwd()));
}

/** The content hash of every file under `path` (paths relative to it), without the code version. */
export function treeHash(path: string): string {
  return memoForBuild('tree-hash', [path], () => {
    const h = createHash('sha256');
    hashEntries(h, path, path);
    return h.digest('hex');
  });
}

/** The cache key of a folder's content under this checkout's scoring code. */
export function folderHash(dir: string): string {
  return createHash('sha256').update(codeVersion()).update('\0').update(treeHash(dir)).digest('hex');
}

export interface CacheOptions {
  /** Inputs outside the folder the value depends on (reference files, the model's registered names), hashed into the key. */
  extra?: string;
}

export { cacheRoot };

/** The key of a folder's cached value: its content, the scoring code and lockfile, and `extra`. */
export function cacheKey(dir: string, opts: CacheOptions = {}): string {
  return opts.extra === undefined ? folderHash(dir) : createHash('sha256').update(folderHash(dir)).update('\0').update(opts.extra).digest('hex');
}

function cacheFile(benchmark: string, dir: string, opts: CacheOptions): string {
  return join(cacheRoot(), benchmark, `${cacheKey(dir, opts)}.json`);
}

/** The stable name of (`benchmark`, `dir`)'s cached value: its kind and key (what a memo downstream can key by without reading it). */
export const cachedName = (benchmark: string, dir: string, opts: CacheOptions = {}): string => `${benchmark}/${cacheKey(dir, opts)}`;

/** Whether (`benchmark`, `dir`)'s value is in the cache now (a look, not a read: `npm run build`'s probe of what a cold build must score). */
export const isCached = (benchmark: string, dir: string, opts: CacheOptions = {}): boolean => existsSync(cacheFile(benchmark, dir, opts));

function readCached<T>(file: string): { value: T } | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return { value: parseTagged(readFileSync(file, 'utf8')) as T };
  } catch {
    return undefined; // a broken cache entry is recomputed
  }
}

/** Whether the cache holds any value of `benchmark` (a kind such as `medvision/digest`): a look at one folder. */
export function hasCachedOfKind(benchmark: string): boolean {
  try {
    return readdirSync(join(cacheRoot(), benchmark)).some((n) => n.endsWith('.json'));
  } catch {
    return false;
  }
}

/** Whether the cache is on (EVALBOARD_NO_CACHE unset): without it, work done ahead for a later stage is lost. */
export const cacheEnabled = (): boolean => !process.env.EVALBOARD_NO_CACHE;

/** `compute()` once per folder content; set EVALBOARD_NO_CACHE=1 to bypass, EVALBOARD_CACHE_DIR to move it (bench:build). */
export function cached<T>(benchmark: string, dir: string, compute: () => T, opts: CacheOptions = {}): T {
  if (process.env.EVALBOARD_NO_CACHE) return compute();
  return cachedFile(cacheFile(benchmark, dir, opts), compute).value;
}

/**
 * The value kept in the cache file `file` (absolute, under the cache root), or `compute()`'s,
 * written there (not kept in a read-only cache); `hit` says which. The file counts as used by
 * this build. The caller checks EVALBOARD_NO_CACHE.
 */
export function cachedFile<T>(file: string, compute: () => T): { value: T; hit: boolean } {
  noteCacheUse(file);
  const found = readCached<T>(file);
  if (found) return { value: found.value, hit: true };
  const value = compute();
  writeCached(file, value);
  return { value, hit: false };
}

/** Records that this build uses the cache file of (`benchmark`, `dir`) without reading it now (it is read on demand, maybe not in every build). */
export function keepCached(benchmark: string, dir: string, opts: CacheOptions = {}): void {
  if (!process.env.EVALBOARD_NO_CACHE) noteCacheUse(cacheFile(benchmark, dir, opts));
}

/** `cached` for an asynchronous computation (the value awaited is what is stored). */
export async function cachedAsync<T>(benchmark: string, dir: string, compute: () => Promise<T>, opts: CacheOptions = {}): Promise<T> {
  if (process.env.EVALBOARD_NO_CACHE) return compute();
  const file = cacheFile(benchmark, dir, opts);
  noteCacheUse(file);
  const found = await claimedEntry({
    at: file,
    look: () => readCached<T>(file),
    compute: async () => {
      const value = await compute();
      writeCached(file, value);
      return { value };
    },
  });
  return found.value;
}

function writeCached(file: string, value: unknown): void {
  const base = dirname(file);
  try {
    ensureCacheRoot();
    mkdirSync(base, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, stringifyTagged(value));
    renameSync(tmp, file);
  } catch {
    // The cache is an optimisation; a read-only checkout still builds.
  }
}
