import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a path is, without following a symbolic link (`lstat`). Readers of submitted folders
 * descend only into `dir` and open only `file`: a link is never followed (two links `a -> .`,
 * `b -> .` would make any following walk endless) and a FIFO, socket or device is never opened
 * (a FIFO blocks the reader forever). The submission safety check reports both as errors.
 */
export type EntryKind = 'file' | 'dir' | 'symlink' | 'special' | 'missing';

export function entryKind(path: string): EntryKind {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return 'missing';
  }
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isDirectory()) return 'dir';
  if (st.isFile()) return 'file';
  return 'special';
}

export const isRealDir = (path: string) => entryKind(path) === 'dir';
export const isRealFile = (path: string) => entryKind(path) === 'file';

/** Entry names of a real folder (not a link to one), sorted; [] when it is not one. */
export function listDir(path: string): string[] {
  if (!isRealDir(path)) return [];
  try {
    return readdirSync(path).sort();
  } catch {
    return [];
  }
}

/** Regular files below `dir` (paths relative to it, "/"-separated, sorted), never through a link. */
export function regularFiles(dir: string, opts: { skipHidden?: boolean; maxDepth?: number } = {}): string[] {
  const out: string[] = [];
  const maxDepth = opts.maxDepth ?? 32;
  const walk = (rel: string, depth: number) => {
    for (const e of listDir(rel ? join(dir, rel) : dir)) {
      if (opts.skipHidden && e.startsWith('.')) continue;
      const r = rel ? `${rel}/${e}` : e;
      const kind = entryKind(join(dir, r));
      if (kind === 'dir' && depth < maxDepth) walk(r, depth + 1);
      else if (kind === 'file') out.push(r);
    }
  };
  walk('', 0);
  return out;
}
