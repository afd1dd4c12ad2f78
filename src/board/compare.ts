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
import { KeyTable, canonicalPair, compareData, packCompareData, sharedUnits, unpackCompareData, type CompareData, type CompareSide, type Difference, type PackedCompareData } from '../core/compare';
import type { Board } from '../core/board';
import { boardContext } from './gate';
import { publishBytes } from '../ingest/published-files';

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

/**
 * Every entry's compare data, packed (`packCompareData`: ≈ 16 bytes per unit, the keys interned
 * once per benchmark), computed once per build: the neighbour pairs ask for each entry's data many
 * times, and recomputing it from the samples per pair cost more than the pairs. The last
 * `COMPARE_DATA_KEPT` are also kept unpacked.
 */
const packed = new Map<string, Promise<PackedCompareData | undefined>>();
const tables = new Map<string, KeyTable>();
const tableOf = (benchmark: string) => tables.get(benchmark) ?? tables.set(benchmark, new KeyTable()).get(benchmark)!;
export const COMPARE_DATA_KEPT = 4;
const recent = new Map<string, Promise<CompareData | undefined>>();

function packedData(benchmark: string, slug: string, key: string): Promise<PackedCompareData | undefined> {
  let hit = packed.get(key);
  if (!hit) {
    hit = (async () => {
      const bench = SUBMISSION_BENCHMARKS.find((b) => b.id === benchmark);
      if (!bench) return undefined;
      const data = await bench.submissions.compareData(slug, (await boardContext()).forBenchmark(benchmark));
      return data && packCompareData(data, tableOf(benchmark));
    })();
    packed.set(key, hit);
  }
  return hit;
}

/** One entry's compare data on one benchmark (computed once per build, kept packed). */
export function entryCompareData(benchmark: string, slug: string): Promise<CompareData | undefined> {
  const key = `${benchmark}\u0000${slug}`;
  let hit = recent.get(key);
  if (hit) recent.delete(key);
  else hit = packedData(benchmark, slug, key).then((p) => p && unpackCompareData(p, tableOf(benchmark)));
  recent.set(key, hit);
  while (recent.size > COMPARE_DATA_KEPT) recent.delete(recent.keys().next().value!);
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

const shared = new Map<string, number>();

/** Shared units of a pair over every benchmark both have (no bootstrap; remembered per build: the index and the pair pages both ask). */
export async function pairSharedUnits(a: CompareEntryLike, b: CompareEntryLike): Promise<number> {
  const key = `${a.slug}\u0000${b.slug}`;
  let n = shared.get(key);
  if (n === undefined) {
    n = 0;
    for (const [da, db] of await pairData(a, b)) n += sharedUnits(da, db);
    shared.set(key, n);
  }
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
  const cmp = (p: string, q: string) => (p < q ? -1 : p > q ? 1 : 0);
  const out: [T, T][] = [];
  // In order of the first entry, so each entry's compare data is computed about once.
  for (const [x, y] of neighbourPairs(boards, k).sort(([a, b], [c, d]) => cmp(a, c) || cmp(b, d))) {
    const a = bySlug.get(x);
    const b = bySlug.get(y);
    if (!a || !b) continue;
    if ((await pairSharedUnits(a, b)) > 0) out.push([a, b]);
  }
  return out.sort(([a, b], [c, d]) => cmp(a.slug, c.slug) || cmp(b.slug, d.slug));
}

/** The compare page of every pair, one pair at a time (in the order given: `comparePairs`' keeps the first entry's data cached). */
export async function comparePages<T extends CompareEntryLike>(pairs: readonly (readonly [T, T])[]): Promise<ComparePair[]> {
  const out: ComparePair[] = [];
  for (const [a, b] of pairs) out.push(await comparePair(a, b));
  return out;
}

/**
 * Every (benchmark, entry) whose compare data is published: what the client compare page can load.
 * `each` is given one entry's data at a time and the list keeps none (the build writes each file
 * as it comes; the dev server keeps what `each` returns).
 */
export async function compareDataFiles<T extends CompareEntryLike, R>(entries: readonly T[], each: (f: { benchmark: string; entry: T; data: CompareData }) => R): Promise<R[]> {
  const out: R[] = [];
  for (const entry of entries) {
    for (const benchmark of [...new Set(entry.submissions.map((s) => s.benchmark))]) {
      const data = await entryCompareData(benchmark, entry.slug);
      if (data) out.push(each({ benchmark, entry, data }));
    }
  }
  return out;
}

/** The path of an entry's compare data below the base URL. */
export const compareDataPath = (benchmark: string, entry: string) => `compare-data/${benchmark}/${entry}.json`;

/**
 * Records every entry's compare data file as a published file (the build links them after the
 * pages), one entry at a time: as route props, Astro kept every entry's data until the build ended.
 */
export async function publishCompareData<T extends CompareEntryLike>(entries: readonly T[]): Promise<number> {
  return (await compareDataFiles(entries, ({ benchmark, entry, data }) => publishBytes(compareDataPath(benchmark, entry.slug), JSON.stringify(data)))).length;
}
