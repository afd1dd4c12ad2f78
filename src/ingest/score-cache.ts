import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Scored-result cache for the build: `.cache/scored/<benchmark>/<sha256>.json`, keyed by the
 * content of the submission folder and of the code that scores it. JSON cannot hold NaN or
 * ±Infinity, so they are written as tagged strings and revived.
 */
// Everything that reads or scores a submission, and the lockfile that pins the libraries it runs on.
const CODE_DIRS = ['src/benchmarks', 'src/core', 'src/ingest', 'src/registry', 'package-lock.json'];

function files(path: string, out: string[] = []): string[] {
  if (!existsSync(path)) return out;
  if (!statSync(path).isDirectory()) {
    out.push(path);
    return out;
  }
  for (const e of readdirSync(path).sort()) if (!e.startsWith('.')) files(join(path, e), out);
  return out;
}

let codeHash: string | undefined;
function codeVersion(): string {
  if (codeHash) return codeHash;
  const h = createHash('sha256');
  for (const f of CODE_DIRS.flatMap((d) => files(join(process.cwd(), d)))) h.update(f).update(readFileSync(f));
  codeHash = h.digest('hex');
  return codeHash;
}

export function folderHash(dir: string): string {
  const h = createHash('sha256').update(codeVersion());
  for (const f of files(dir)) h.update(relative(dir, f)).update('\0').update(readFileSync(f));
  return h.digest('hex');
}

const replacer = (_: string, v: unknown) =>
  typeof v === 'number' && !Number.isFinite(v) ? (Number.isNaN(v) ? '__NaN' : v > 0 ? '__Inf' : '__-Inf') : v;
const reviver = (_: string, v: unknown) => (v === '__NaN' ? NaN : v === '__Inf' ? Infinity : v === '__-Inf' ? -Infinity : v);

/** `compute()` once per folder content; set EVALBOARD_NO_CACHE=1 to bypass. */
export function cached<T>(benchmark: string, dir: string, compute: () => T): T {
  if (process.env.EVALBOARD_NO_CACHE) return compute();
  const base = join(process.cwd(), '.cache', 'scored', benchmark);
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
