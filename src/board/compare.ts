/**
 * Compare view models: paired differences between two entries (model × harness, keyed by
 * `entryKey`) on every benchmark both were scored on, from each entry's `CompareData`.
 *
 * Every ranked entry's per-unit data is published (`/compare-data/<benchmark>/<entry>.json`), so
 * any pair of entries of a benchmark can be compared by the client page `/compare/?a=…&b=…`,
 * which runs the same `compareData` of `src/core/compare.ts`. Pages are pre-rendered only for
 * pairs that share units, and of those only for each entry's `NEIGHBOURS` nearest entries by rank
 * on its benchmark's headline boards (`neighbourPairs`): O(entries), whatever the number of boards.
 * A pair's shared units and rows are cached between builds (`./compare-cache`), and so is each
 * entry's compare data where its benchmark can name its inputs (`compareDataKey`): a warm build
 * then reads no per-sample data for compare, and reads an entry's data only for a pair it computes.
 */
import { SUBMISSION_BENCHMARKS } from '../registry/benchmarks';
import { KeyTable, canonicalPair, compareData, packCompareData, parseCompareData, sharedUnits, unpackCompareData, type CompareData, type CompareSide, type Difference, type PackedCompareData } from '../core/compare';
import type { Board } from '../core/board';
import { boardContext } from './gate';
import { cachedPairRows, cachedSharedUnits, compareDataDigest, type PairInput } from './compare-cache';
import { publishCached } from '../ingest/published-files';
import { productsByKey } from '../ingest/product-cache';

export type { CompareSide, Difference } from '../core/compare';

/** Pre-rendered neighbours per entry and benchmark, by rank on the benchmark's headline boards. */
export const NEIGHBOURS = 5;

export interface ComparePair {
  a: CompareSide;
  b: CompareSide;
  diffs: Difference[];
}

/** An entry as compare pages pick it (see `compareEntries` in ./models). */
export interface CompareEntryLike extends CompareSide { submissions: readonly { benchmark: string }[] }

/**
 * One entry's compare data on one benchmark as the build has it: its JSON (the published file's
 * bytes) and their digest, which keys the pair cache. `file` is the product-cache file holding the
 * JSON (undefined when it is in memory).
 */
interface EntryData {
  digest: string;
  file: string | undefined;
  json: () => string;
}

/**
 * The entry's compare data, through the product cache when its benchmark names the inputs
 * (`compare-data/<benchmark>`, keyed by them and the product code): a hit reads the digest only.
 */
async function entryData(benchmark: string, slug: string): Promise<EntryData | undefined> {
  const bench = SUBMISSION_BENCHMARKS.find((b) => b.id === benchmark);
  if (!bench) return undefined;
  const admitted = (await boardContext()).forBenchmark(benchmark);
  const key = await bench.submissions.compareDataKey?.(slug, admitted);
  if (key === undefined) {
    const data = await bench.submissions.compareData(slug, admitted);
    if (!data) return undefined;
    const json = JSON.stringify(data);
    return { digest: compareDataDigest(json), file: undefined, json: () => json };
  }
  const store = await productsByKey<{ digest: string | null }>(`compare-data/${benchmark}`, key, `${benchmark}/${slug}`, async (put) => {
    const data = await bench.submissions.compareData(slug, admitted);
    if (!data) return { digest: null };
    const json = JSON.stringify(data);
    put('data.json', json);
    return { digest: compareDataDigest(json) };
  });
  const { digest } = store.meta;
  return digest === null ? undefined : { digest, file: store.fileOf('data.json'), json: () => store.read('data.json').toString('utf8') };
}

/**
 * Every entry's compare data, packed (`packCompareData`: ≈ 16 bytes per unit, the keys interned
 * once per benchmark) when a pair first asks for it, and kept for the build: the neighbour pairs
 * ask for each entry's data many times, and reading it per pair cost more than the pairs. The last
 * `COMPARE_DATA_KEPT` are also kept unpacked.
 */
interface KeptData extends EntryData { packed: () => PackedCompareData }
const kept = new Map<string, Promise<KeptData | undefined>>();
const tables = new Map<string, KeyTable>();
const tableOf = (benchmark: string) => tables.get(benchmark) ?? tables.set(benchmark, new KeyTable()).get(benchmark)!;
export const COMPARE_DATA_KEPT = 4;
const recent = new Map<string, Promise<CompareData | undefined>>();

const dataKey = (benchmark: string, slug: string) => `${benchmark}\u0000${slug}`;

function keptData(benchmark: string, slug: string): Promise<KeptData | undefined> {
  const key = dataKey(benchmark, slug);
  let hit = kept.get(key);
  if (!hit) {
    hit = entryData(benchmark, slug).then((d) => {
      if (!d) return undefined;
      let packed: PackedCompareData | undefined;
      return { ...d, packed: () => (packed ??= packCompareData(parseCompareData(d.json()), tableOf(benchmark))) };
    });
    kept.set(key, hit);
  }
  return hit;
}

/** One entry's compare data on one benchmark (computed once per build, kept packed). */
export function entryCompareData(benchmark: string, slug: string): Promise<CompareData | undefined> {
  const key = dataKey(benchmark, slug);
  let hit = recent.get(key);
  if (hit) recent.delete(key);
  else hit = keptData(benchmark, slug).then((k) => k && unpackCompareData(k.packed(), tableOf(benchmark)));
  recent.set(key, hit);
  while (recent.size > COMPARE_DATA_KEPT) recent.delete(recent.keys().next().value!);
  return hit;
}

/** Every benchmark both entries have compare data on, with the two data's digests (A's first). */
async function pairInputs(a: CompareEntryLike, b: CompareEntryLike): Promise<PairInput[]> {
  const inB = new Set(b.submissions.map((s) => s.benchmark));
  const benches = SUBMISSION_BENCHMARKS.map((x) => x.id).filter((id) => inB.has(id) && a.submissions.some((s) => s.benchmark === id));
  const out: PairInput[] = [];
  for (const id of benches) {
    const [da, db] = await Promise.all([keptData(id, a.slug), keptData(id, b.slug)]);
    if (da && db) out.push({ benchmark: id, a: da.digest, b: db.digest });
  }
  return out;
}

/** The (A, B) data of each of `inputs`' benchmarks. */
async function pairData(a: CompareEntryLike, b: CompareEntryLike, inputs: readonly PairInput[]): Promise<[CompareData, CompareData][]> {
  const out: [CompareData, CompareData][] = [];
  for (const { benchmark } of inputs) out.push((await Promise.all([entryCompareData(benchmark, a.slug), entryCompareData(benchmark, b.slug)])) as [CompareData, CompareData]);
  return out;
}

/** The pair in canonical order (pages, seeds and cache entries never depend on which came first). */
const canonical = <T extends CompareEntryLike>(x: T, y: T): [T, T] => (canonicalPair(x.slug, y.slug)[0] === x.slug ? [x, y] : [y, x]);
const pairLabel = (a: CompareEntryLike, b: CompareEntryLike) => `${a.slug}+${b.slug}`;

const side = ({ slug, name, modelSlug }: CompareSide): CompareSide => ({ slug, name, ...(modelSlug ? { modelSlug } : {}) });

/** The compare page of a pair (A and B put in canonical order: the page never depends on which came first). */
export async function comparePair(x: CompareEntryLike, y: CompareEntryLike): Promise<ComparePair> {
  const [a, b] = canonical(x, y);
  const inputs = await pairInputs(a, b);
  const diffs = await cachedPairRows(inputs, pairLabel(a, b), async () => compareData(await pairData(a, b, inputs)));
  return { a: side(a), b: side(b), diffs };
}

const shared = new Map<string, number>();

/** Shared units of a pair over every benchmark both have (no bootstrap; remembered per build: the index and the pair pages both ask; cached between builds). */
export async function pairSharedUnits(x: CompareEntryLike, y: CompareEntryLike): Promise<number> {
  const [a, b] = canonical(x, y);
  const key = `${a.slug}\u0000${b.slug}`;
  let n = shared.get(key);
  if (n === undefined) {
    const inputs = await pairInputs(a, b);
    n = await cachedSharedUnits(inputs, pairLabel(a, b), async () => {
      let sum = 0;
      for (const [da, db] of await pairData(a, b, inputs)) sum += sharedUnits(da, db);
      return sum;
    });
    shared.set(key, n);
  }
  return n;
}

/** The boards that pick pre-rendered neighbours: each benchmark's headline boards (overall, family), not its per-subtask, category, platform or difficulty boards. */
export const isHeadlineBoard = (b: Pick<Board, 'kind'>): boolean => b.kind === 'overall' || b.kind === 'family';

/**
 * Each entry's `k` nearest entries per benchmark by rank on the benchmark's headline sections
 * (`isHeadlineBoard`): the distance to another entry is the smallest rank gap over the sections
 * both are ranked in, ties broken by board, section and row order. So a benchmark gives at most
 * k × (entries ranked on its headline boards) pairs, however many boards it has.
 */
export function neighbourPairs(boards: readonly Board[], k = NEIGHBOURS): [string, string][] {
  // benchmark → entry → other entry → its best (gap, order of first sight)
  const near = new Map<string, Map<string, Map<string, { d: number; at: number }>>>();
  let at = 0;
  for (const board of boards.filter(isHeadlineBoard)) {
    const mine = near.get(board.benchmark) ?? near.set(board.benchmark, new Map()).get(board.benchmark)!;
    for (const section of board.sections) {
      const keys = section.rows.map((r) => r.entryKey);
      keys.forEach((key, i) => {
        const others = mine.get(key) ?? mine.set(key, new Map()).get(key)!;
        // Only gaps up to k can be among an entry's k nearest: a section of more than k rows has k within k places.
        for (let j = Math.max(0, i - k); j <= Math.min(keys.length - 1, i + k); j++) {
          const other = keys[j]!;
          if (other === key) continue;
          const d = Math.abs(j - i);
          const prev = others.get(other);
          if (!prev || d < prev.d) others.set(other, { d, at: at + j });
        }
      });
      at += keys.length;
    }
  }
  const out = new Map<string, [string, string]>();
  for (const entries of near.values()) {
    for (const [key, others] of entries) {
      const nearest = [...others].sort(([, p], [, q]) => p.d - q.d || p.at - q.at).slice(0, k);
      for (const [other] of nearest) {
        const pair = canonicalPair(key, other);
        out.set(pair.join('\u0000'), pair);
      }
    }
  }
  return [...out.values()];
}

/**
 * Entry pairs to pre-render: each entry's `k` nearest neighbours per benchmark by rank on its
 * headline boards (`neighbourPairs`), kept only when the two share units. Any other pair is
 * compared by the client page.
 */
export async function comparePairs<T extends CompareEntryLike>(entries: readonly T[], boards: readonly Board[], k = NEIGHBOURS): Promise<[T, T][]> {
  const out: [T, T][] = [];
  for (const [a, b] of candidatePairs(entries, boards, k)) if ((await pairSharedUnits(a, b)) > 0) out.push([a, b]);
  return out.sort(([a, b], [c, d]) => cmp(a.slug, c.slug) || cmp(b.slug, d.slug));
}

const cmp = (p: string, q: string) => (p < q ? -1 : p > q ? 1 : 0);

/**
 * The pairs `comparePairs` asks the shared units of: `neighbourPairs` of both of `entries`, in
 * order of the first entry (so each entry's compare data is computed about once). The deploy's
 * pairs stage (`./compare-prime`) primes exactly these.
 */
export function candidatePairs<T extends CompareEntryLike>(entries: readonly T[], boards: readonly Board[], k = NEIGHBOURS): [T, T][] {
  const bySlug = new Map(entries.map((e) => [e.slug, e]));
  const out: [T, T][] = [];
  for (const [x, y] of neighbourPairs(boards, k).sort(([a, b], [c, d]) => cmp(a, c) || cmp(b, d))) {
    const a = bySlug.get(x);
    const b = bySlug.get(y);
    if (a && b) out.push([a, b]);
  }
  return out;
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
 * pages): the product-cache file, or the JSON when the entry has none (as route props, Astro kept
 * every entry's data until the build ended).
 */
export async function publishCompareData<T extends CompareEntryLike>(entries: readonly T[]): Promise<number> {
  let n = 0;
  for (const entry of entries) {
    for (const benchmark of [...new Set(entry.submissions.map((s) => s.benchmark))]) {
      const d = await keptData(benchmark, entry.slug);
      if (!d) continue;
      publishCached(compareDataPath(benchmark, entry.slug), d.file, () => Buffer.from(d.json()));
      n++;
    }
  }
  return n;
}
