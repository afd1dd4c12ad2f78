import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Scored-result cache for the build: `.cache/scored/<benchmark>/<sha256>.json`, keyed by the
 * content of the submission folder and of the code that scores it. JSON cannot hold NaN or
 * ±Infinity, so they are written as tagged strings and revived.
 */
// Everything that reads or scores a submission (tests/site/score-cache.test.ts checks that the
// cached computation imports nothing else), and the lockfile that pins the libraries it runs on.
export const CODE_DIRS = ['src/benchmarks', 'src/core', 'src/ingest', 'src/registry', 'src/board/paths.ts', 'package-lock.json'];

/**
 * Every entry below `path` as (path, bytes to hash), walked with `lstat`: a symbolic link is hashed
 * as its target text and never followed (`a -> .` and `b -> .` made the old walk endless), and a
 * FIFO, socket or device as its kind, never opened (reading a FIFO blocks forever).
 */
function entries(path: string, out: [string, Buffer][] = []): [string, Buffer][] {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return out;
  }
  if (st.isSymbolicLink()) out.push([path, Buffer.from(`symlink:${readlinkSync(path)}`)]);
  else if (st.isDirectory()) {
    for (const e of readdirSync(path).sort()) if (!e.startsWith('.')) entries(join(path, e), out);
  } else if (st.isFile()) out.push([path, readFileSync(path)]);
  else out.push([path, Buffer.from(`special:${st.mode}`)]);
  return out;
}

/**
 * The hash of the scoring code and the lockfile under `root` (a checkout): the part of every cache
 * key that says which code scored the entry. Paths are hashed relative to `root`, so two checkouts
 * of the same commit (a developer's, CI's) share keys — the deploy workflow restores the cache by it.
 */
export function codeVersionOf(root: string): string {
  const h = createHash('sha256');
  for (const [f, bytes] of CODE_DIRS.flatMap((d) => entries(join(root, d)))) h.update(relative(root, f)).update('\0').update(bytes);
  return h.digest('hex');
}

let codeHash: string | undefined;
function codeVersion(): string {
  return (codeHash ??= codeVersionOf(process.cwd()));
}

export function folderHash(dir: string): string {
  const h = createHash('sha256').update(codeVersion());
  for (const [f, bytes] of entries(dir)) h.update(relative(dir, f)).update('\0').update(bytes);
  return h.digest('hex');
}

const replacer = (_: string, v: unknown) =>
  typeof v === 'number' && !Number.isFinite(v) ? (Number.isNaN(v) ? '__NaN' : v > 0 ? '__Inf' : '__-Inf') : v;
const reviver = (_: string, v: unknown) => (v === '__NaN' ? NaN : v === '__Inf' ? Infinity : v === '__-Inf' ? -Infinity : v);

/** `compute()` once per folder content; set EVALBOARD_NO_CACHE=1 to bypass, EVALBOARD_CACHE_DIR to move it (bench:build). */
export function cached<T>(benchmark: string, dir: string, compute: () => T): T {
  if (process.env.EVALBOARD_NO_CACHE) return compute();
  const base = join(process.env.EVALBOARD_CACHE_DIR ?? join(process.cwd(), '.cache', 'scored'), benchmark);
  const file = join(base, `${folderHash(dir)}.json`);
  if (existsSync(file)) {
    try {
      return JSON.parse(readFileSync(file, 'utf8'), reviver) as T;
    } catch {
      // A broken cache entry is recomputed below.
    }
  }
  const value = compute();
  try {
    mkdirSync(base, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value, replacer));
    renameSync(tmp, file);
  } catch {
    // The cache is an optimisation; a read-only checkout still builds.
  }
  return value;
}
