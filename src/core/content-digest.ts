/**
 * The content digest of a submission's per-sample data: SHA-256 of the canonical JSON of its
 * per-sample tuples, sorted. Folder names, file names and file or line order do not enter it, so
 * a copy of another submission's samples has that submission's digest under any name.
 */
import { createHash } from 'node:crypto';

/** Keys sorted at every level, so objects that differ only in key order hash alike. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v as object).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Digest of a multiset of tuples; undefined when there are none (nothing to compare). */
export function contentDigest(kind: string, tuples: readonly unknown[]): string | undefined {
  if (tuples.length === 0) return undefined;
  const lines = tuples.map(canonical).sort();
  const h = createHash('sha256').update(`${kind}\n`);
  for (const l of lines) h.update(l).update('\n');
  return h.digest('hex');
}
