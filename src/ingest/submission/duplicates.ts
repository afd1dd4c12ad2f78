/**
 * Copies of another submission: the benchmark's `contentDigest` hashes the normalised per-sample
 * data (independent of folder names, file names and order), and two folders of one benchmark with
 * the same digest are copies, however they are named. Digests are remembered per folder until a
 * file in it changes, so the gate's pass over every folder hashes each folder once.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const memo = new Map<string, { fp: string; digest: Promise<string | undefined> }>();

/** Sizes and modification times of every file under `dir` (links are not followed). */
function fingerprint(dir: string): string {
  const out: string[] = [];
  const walk = (d: string, depth: number) => {
    if (depth > 12) return;
    let entries: string[];
    try {
      entries = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e);
      try {
        const st = lstatSync(p);
        if (st.isDirectory()) walk(p, depth + 1);
        else out.push(`${p}:${st.size}:${st.mtimeMs}`);
      } catch {
        out.push(p);
      }
    }
  };
  walk(dir, 0);
  return out.join('|');
}

/** The folder's content digest (memoised); undefined when the benchmark has none or it cannot be computed. */
export function digestOf(dir: string, digest: (dir: string) => Promise<string | undefined>): Promise<string | undefined> {
  const fp = fingerprint(dir);
  const hit = memo.get(dir);
  if (hit && hit.fp === fp) return hit.digest;
  const d = digest(dir).catch(() => undefined);
  memo.set(dir, { fp, digest: d });
  return d;
}
