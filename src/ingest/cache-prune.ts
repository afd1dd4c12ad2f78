import { existsSync, lstatSync, readdirSync, readFileSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { CACHEDIR_SIGNATURE, CACHEDIR_TAG } from './cache-root';

/**
 * The build cache only grows: every changed submission, scorer or view-model change leaves its old
 * entries behind, and at `--scale 1` the product cache alone would pass the 10 GB that
 * `actions/cache` keeps. A sweep after a build deletes every entry the build did not use
 * (`src/ingest/cache-use.ts` records them), so the cache the deploy workflow saves holds exactly
 * what the next build can hit.
 *
 * What a sweep never deletes: a used file or entry folder (kept whole), the folders above one, the
 * tag, and anything changed at or after `keepSince` (another build sharing the cache may have
 * written or be using it). It deletes only inside a folder tagged by `ensureCacheRoot`, and never
 * follows a symbolic link (a link is removed, never its target).
 */
export interface SweepOptions {
  root: string;
  /** Absolute paths of the files and entry folders the build used. */
  used: ReadonlySet<string>;
  /** Entries modified at or after this time (ms since the epoch) are kept. */
  keepSince: number;
}

export interface SweepResult {
  /** Files and links deleted, and their bytes. */
  removed: number;
  bytes: number;
  /** Why nothing was swept, when nothing was. */
  skipped?: string;
}

function isTagged(root: string): boolean {
  try {
    return readFileSync(join(root, CACHEDIR_TAG), 'utf8').startsWith(CACHEDIR_SIGNATURE);
  } catch {
    return false;
  }
}

export function sweepCache(opts: SweepOptions): SweepResult {
  const root = resolve(opts.root);
  const used = new Set([...opts.used].map((p) => resolve(p)));
  const { keepSince } = opts;
  if (!existsSync(root)) return { removed: 0, bytes: 0, skipped: `${root} does not exist` };
  if (!isTagged(root)) return { removed: 0, bytes: 0, skipped: `${root} has no ${CACHEDIR_TAG}: not a cache folder this build made` };
  const inside = root.endsWith(sep) ? root : root + sep;
  // The folders above a used entry are walked into, never deleted.
  const above = new Set<string>();
  for (const p of used) for (let d = dirname(p); d.startsWith(inside) && !above.has(d); d = dirname(d)) above.add(d);
  const result: SweepResult = { removed: 0, bytes: 0 };

  /** Sweeps `dir`; true when nothing is left in it. */
  const walk = (dir: string): boolean => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return false;
    }
    let left = 0;
    for (const name of names) {
      const p = join(dir, name);
      if (used.has(p) || (dir === root && name === CACHEDIR_TAG)) {
        left++;
        continue;
      }
      let st;
      try {
        st = lstatSync(p);
      } catch {
        continue; // gone meanwhile
      }
      if (st.isDirectory()) {
        const empty = walk(p);
        if (empty && !above.has(p) && st.mtimeMs < keepSince) {
          try {
            rmdirSync(p);
            continue;
          } catch {
            // not empty any more: something was written into it meanwhile
          }
        }
        left++;
        continue;
      }
      if (st.mtimeMs >= keepSince) {
        left++;
        continue;
      }
      try {
        unlinkSync(p);
        result.removed++;
        result.bytes += st.size;
      } catch {
        left++;
      }
    }
    return left === 0;
  };
  walk(root);
  return result;
}
