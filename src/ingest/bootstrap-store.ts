import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { setBootstrapMemo, type BootstrapInput, type BootstrapResult } from '../core/stats/bootstrap';
import { keepBootstrapSides } from '../core/stats/side-replicates';
import { cacheRoot, codeVersion } from './score-cache';
import { jsonlStore, type JsonlCodec } from './jsonl-store';

/**
 * Bootstrap intervals kept between builds: `<cache>/bootstrap/<code hash>.jsonl`, one line per
 * result, keyed by the SHA-256 of every input (src/core/stats/bootstrap.ts) and filed under the
 * code hash, so a changed scorer or statistics file starts an empty file. An incremental build then
 * draws replicates only for the boards' new inputs (`jsonl-store.ts`: appended, a broken line skipped).
 */
type Fields = [estimate: number | string, lo: number | string, hi: number | string, replicates: number, level: number, p: number | string | null];

const enc = (v: number): number | string => (Number.isFinite(v) ? v : String(v));
const dec = (v: unknown): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number(v);
  throw new Error('not a bootstrap line');
};

const codec: JsonlCodec<BootstrapResult> = {
  encode: (r) => [enc(r.estimate), enc(r.lo), enc(r.hi), r.replicates, r.level, r.p === undefined ? null : enc(r.p)] satisfies Fields,
  decode: ([estimate, lo, hi, replicates, level, p]) => {
    if (typeof replicates !== 'number' || typeof level !== 'number') throw new Error('not a bootstrap line');
    return { estimate: dec(estimate), lo: dec(lo), hi: dec(hi), replicates, level, ...(p === null ? {} : { p: dec(p) }) };
  },
};

/** The key of a bootstrap: a SHA-256 of every input value and of its shape (never the 32-bit seed label alone). */
export function bootstrapKey(input: BootstrapInput): string {
  const arrays = input.arrays();
  const { replicates = null, level = null, seedLabel } = input.opts;
  const h = createHash('sha256').update(JSON.stringify([input.kind, input.stat, replicates, level, seedLabel, input.extra, arrays.map((a) => a.length)]));
  for (const a of arrays) h.update(Float64Array.from(a));
  return h.digest('base64');
}

/**
 * Memoise this process's bootstrap results, and keep them in the build cache between builds
 * (not under EVALBOARD_NO_CACHE). Each caller gets its own copy of a result. Also keeps each
 * compare pair's bootstrap sides in memory for the entry's next pair (src/core/stats/side-replicates.ts).
 */
export function persistBootstraps(): void {
  keepBootstrapSides();
  const disk = process.env.EVALBOARD_NO_CACHE ? undefined : jsonlStore(join(cacheRoot(), 'bootstrap', `${codeVersion()}.jsonl`), codec);
  const memo = new Map<string, BootstrapResult>();
  setBootstrapMemo({
    run(input, compute) {
      const key = bootstrapKey(input);
      let r = memo.get(key) ?? disk?.get(key);
      if (!r) {
        r = compute();
        disk?.set(key, r);
      }
      memo.set(key, r);
      return { ...r };
    },
  });
}
