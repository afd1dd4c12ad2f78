/**
 * Compare view models: paired differences between two entries (model × harness, keyed by
 * `entryKey`) on every benchmark both were scored on, from each entry's `CompareData`.
 *
 * Every ranked entry's per-unit data is published (`/compare-data/<benchmark>/<entry>.json`), so
 * any pair of entries of a benchmark can be compared by the client page `/compare/?a=…&b=…`,
 * which runs the same `compareData` of `src/core/compare.ts`. Pages are pre-rendered only for
 * pairs that share units, and of those only for each entry's `NEIGHBOURS` nearest rows by rank on
 * some board section.
 */
import { SUBMISSION_BENCHMARKS } from '../registry/benchmarks';
import { canonicalPair, compareData, sharedUnits, type CompareData, type CompareSide, type Difference } from '../core/compare';
import type { Board } from '../core/board';
import { boardContext } from './gate';

export type { CompareSide, Difference } from '../core/compare';

/** Pre-rendered neighbours per entry and board section, by rank. */
export const NEIGHBOURS = 5;

export interface ComparePair {
  a: CompareSide;
  b: CompareSide;
  diffs: Difference[];
}

/** An entry as compare pages pick it (see `compareEntries` in ./models). */
export interface CompareEntryLike extends CompareSide { submissions: readonly { benchmark: string }[] }

const cache = new Map<string, Promise<CompareData | undefined>>();

/** One entry's compare data on one benchmark (cached per build). */
export function entryCompareData(benchmark: string, slug: string): Promise<CompareData | undefined> {
  const key = `${benchmark}\u0000${slug}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = (async () => {
      const bench = SUBMISSION_BENCHMARKS.find((b) => b.id === benchmark);
      if (!bench) return undefined;
      return bench.submissions.compareData(slug, (await boardContext()).forBenchmark(benchmark));
    })();
    cache.set(key, hit);
  }
  return hit;
}

/** The (A, B) data of every benchmark both entries have, A and B in canonical order. */
async function pairData(a: CompareEntryLike, b: CompareEntryLike): Promise<[CompareData, CompareData][]> {
  const inB = new Set(b.submissions.map((s) => s.benchmark));
  const benches = SUBMISSION_BENCHMARKS.map((x) => x.id).filter((id) => inB.has(id) && a.submissions.some((s) => s.benchmark === id));
  const out: [CompareData, CompareData][] = [];
  for (const id of benches) {
    const [da, db] = await Promise.all([entryCompareData(id, a.slug), entryCompareData(id, b.slug)]);
    if (da && db) out.push([da, db]);
  }
  return out;
}

const side = ({ slug, name, modelSlug }: CompareSide): CompareSide => ({ slug, name, ...(modelSlug ? { modelSlug } : {}) });

/** The compare page of a pair (A and B put in canonical order: the page never depends on which came first). */
export async function comparePair(x: CompareEntryLike, y: CompareEntryLike): Promise<ComparePair> {
  const [a, b] = canonicalPair(x.slug, y.slug)[0] === x.slug ? [x, y] : [y, x];
  return { a: side(a), b: side(b), diffs: compareData(await pairData(a, b)) };
}

/** Shared units of a pair over every benchmark both have (no bootstrap). */
export async function pairSharedUnits(a: CompareEntryLike, b: CompareEntryLike): Promise<number> {
  let n = 0;
  for (const [da, db] of await pairData(a, b)) n += sharedUnits(da, db);
  return n;
}

/** Each entry's `k` nearest rows by rank in every ranked section of `boards` (rank ties broken by board order). */
export function neighbourPairs(boards: readonly Board[], k = NEIGHBOURS): [string, string][] {
  const out = new Map<string, [string, string]>();
  for (const board of boards) {
    for (const section of board.sections) {
      const keys = section.rows.map((r) => r.entryKey);
      keys.forEach((key, i) => {
        const near = keys
          .map((other, j) => ({ other, d: Math.abs(j - i), j }))
          .filter(({ other, j }) => j !== i && other !== key)
          .sort((p, q) => p.d - q.d || p.j - q.j)
          .slice(0, k);
        for (const { other } of near) {
          const pair = canonicalPair(key, other);
          out.set(pair.join('\u0000'), pair);
        }
      });
    }
  }
  return [...out.values()];
}

/**
 * Entry pairs to pre-render: each entry's `k` nearest neighbours by rank on every board section,
 * kept only when the two share units. Any other pair is compared by the client page.
 */
export async function comparePairs<T extends CompareEntryLike>(entries: readonly T[], boards: readonly Board[], k = NEIGHBOURS): Promise<[T, T][]> {
  const bySlug = new Map(entries.map((e) => [e.slug, e]));
  const out: [T, T][] = [];
  for (const [x, y] of neighbourPairs(boards, k)) {
    const a = bySlug.get(x);
    const b = bySlug.get(y);
    if (!a || !b) continue;
    if ((await pairSharedUnits(a, b)) > 0) out.push([a, b]);
  }
  const cmp = (p: string, q: string) => (p < q ? -1 : p > q ? 1 : 0);
  return out.sort(([a, b], [c, d]) => cmp(a.slug, c.slug) || cmp(b.slug, d.slug));
}

/** Every (benchmark, entry) whose compare data is published: what the client compare page can load. */
export async function compareDataFiles<T extends CompareEntryLike>(entries: readonly T[]): Promise<{ benchmark: string; entry: T; data: CompareData }[]> {
  const out: { benchmark: string; entry: T; data: CompareData }[] = [];
  for (const entry of entries) {
    for (const benchmark of [...new Set(entry.submissions.map((s) => s.benchmark))]) {
      const data = await entryCompareData(benchmark, entry.slug);
      if (data) out.push({ benchmark, entry, data });
    }
  }
  return out;
}

/** The path of an entry's compare data below the base URL. */
export const compareDataPath = (benchmark: string, entry: string) => `compare-data/${benchmark}/${entry}.json`;
