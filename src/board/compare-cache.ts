/**
 * A pre-rendered compare pair's computed products, cached between builds: its shared units (which
 * decide whether the pair gets a page) and its rows (every `Difference`, with its paired bootstrap).
 * Both are a pure function of the two entries' compare data on each benchmark they share, so the
 * key is those data's digests (SHA-256 of each entry's published `/compare-data/` JSON, from which
 * the client page computes the same rows) plus the product code (`productsByKey` adds it). An
 * incremental build recomputes only the pairs of an entry whose data changed, and new pairs.
 */
import { createHash } from 'node:crypto';
import { productsByKey } from '../ingest/product-cache';
import type { Difference } from '../core/compare';

/** What identifies one entry's compare data on one benchmark: the SHA-256 of its JSON. */
export const compareDataDigest = (json: string): string => createHash('sha256').update(json).digest('hex');

/** One benchmark both entries of a pair have data on: its id and the two data's digests (A's first). */
export interface PairInput { benchmark: string; a: string; b: string }

const pairKey = (inputs: readonly PairInput[]) => ['compare-pair', ...inputs.map((i) => `${i.benchmark}\u0000${i.a}\u0000${i.b}`)].join('\u0001');

/** Numbers JSON cannot carry (NaN and ±Infinity become null, −0 becomes 0), spelled out so a cached page prints what a computed one does. */
const SPECIAL = '$number';

/** Rows as JSON that keeps every number: NaN, ±Infinity and −0 as `{"$number": "NaN"}` and so on. */
export function encodeRows(rows: readonly Difference[]): string {
  return JSON.stringify(rows, (_key, v: unknown) => (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? { [SPECIAL]: Object.is(v, -0) ? '-0' : String(v) } : v));
}

export function decodeRows(text: string): Difference[] {
  return JSON.parse(text, (_key, v: unknown) => (v !== null && typeof v === 'object' && SPECIAL in v ? Number((v as Record<string, string>)[SPECIAL]) : v)) as Difference[];
}

/** A pair's shared units, computed once per (both entries' data, code); `label` names the pair in the cache log. */
export async function cachedSharedUnits(inputs: readonly PairInput[], label: string, compute: () => Promise<number>): Promise<number> {
  const store = await productsByKey('compare-shared', pairKey(inputs), label, async () => ({ shared: await compute() }));
  return store.meta.shared;
}

/** A pair's rows, computed once per (both entries' data, code). */
export async function cachedPairRows(inputs: readonly PairInput[], label: string, compute: () => Promise<Difference[]>): Promise<Difference[]> {
  const store = await productsByKey('compare-pair', pairKey(inputs), label, async (put) => {
    const rows = await compute();
    put('rows.json', encodeRows(rows));
    return { rows: rows.length };
  });
  return decodeRows(store.read('rows.json').toString('utf8'));
}
