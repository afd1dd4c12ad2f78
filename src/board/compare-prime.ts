/**
 * The deploy's pairs stage (docs/scaling.md, "Compare pairs primed by a second stage"): after the
 * scoring matrix has put every submission's products in the cache, each job of a second matrix
 * computes the compare pairs of one shard of the site build's candidate pairs (`candidatePairs`,
 * the very list `comparePairs` filters; assigned by `shardPairs`) through the very functions the site build calls
 * (`pairSharedUnits`, `comparePair`), so the `compare-shared` and `compare-pair` entries land under
 * the keys the build looks up. The site build, given the union, computes no pair.
 */
import type { Board } from '../core/board';
import { shardByWeight, type Shard } from '../core/shard';
import { allBoards } from './boards';
import { candidatePairs, comparePair, isHeadlineBoard, pairSharedUnits, type CompareEntryLike } from './compare';
import { compareEntries } from './models';

export interface PairShard {
  /** The shard's candidate pairs (`a+b`, canonical order) in the order they were computed. */
  pairs: string[];
  /** How many of them share units (and so get a pre-rendered page, whose rows were computed). */
  pages: number;
  /** The shard's estimated work: the sum of its pairs' `pairWork`. */
  work: number;
  /** Candidate pairs over every shard. */
  candidates: number;
}

/**
 * Estimated work of comparing `a` and `b` (the paired bootstrap is O(shared units)): over the
 * benchmarks both were scored on, the smaller of their `n` (units behind a row) on the benchmark's
 * headline boards, plus one. Read from the boards alone, which every job of the matrix has the same.
 */
export function pairWork(boards: readonly Board[]): (a: CompareEntryLike, b: CompareEntryLike) => number {
  const units = new Map<string, number>();
  for (const board of boards.filter(isHeadlineBoard)) {
    for (const row of board.sections.flatMap((s) => s.rows)) {
      const key = `${board.benchmark}\u0000${row.entryKey}`;
      units.set(key, Math.max(units.get(key) ?? 0, row.n));
    }
  }
  return (a, b) => {
    const inB = new Set(b.submissions.map((s) => s.benchmark));
    let n = 1;
    for (const benchmark of new Set(a.submissions.map((s) => s.benchmark))) {
      if (inB.has(benchmark)) n += Math.min(units.get(`${benchmark}\u0000${a.slug}`) ?? 0, units.get(`${benchmark}\u0000${b.slug}`) ?? 0);
    }
    return n;
  };
}

/**
 * `pairs` reordered so that each entry's pairs sit together: entries numbered breadth first over
 * the pairs (each component from its first entry in code-unit order, neighbours in code-unit
 * order), pairs sorted by their lower, then higher number. Neighbour pairs join entries a few ranks
 * apart, so along this order only a band of entries is live at a time, and an entry's bootstrap
 * side drawn for one pair is still kept when its next pair comes (src/core/stats/side-replicates.ts).
 */
export function localityOrder<T>(pairs: readonly (readonly [T, T])[], keyOf: (entry: T) => string): [T, T][] {
  const byKey = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const adjacent = new Map<string, string[]>();
  for (const [a, b] of pairs) {
    const [x, y] = [keyOf(a), keyOf(b)];
    (adjacent.get(x) ?? adjacent.set(x, []).get(x)!).push(y);
    (adjacent.get(y) ?? adjacent.set(y, []).get(y)!).push(x);
  }
  const position = new Map<string, number>();
  for (const start of [...adjacent.keys()].sort(byKey)) {
    if (position.has(start)) continue;
    position.set(start, position.size);
    for (let queue = [start], i = 0; i < queue.length; i++) {
      for (const next of adjacent.get(queue[i]!)!.sort(byKey)) {
        if (position.has(next)) continue;
        position.set(next, position.size);
        queue.push(next);
      }
    }
  }
  const span = ([a, b]: readonly [T, T]) => [position.get(keyOf(a))!, position.get(keyOf(b))!].sort((x, y) => x - y) as [number, number];
  return pairs
    .map((pair) => ({ pair: [pair[0], pair[1]] as [T, T], span: span(pair) }))
    .sort((p, q) => p.span[0] - q.span[0] || p.span[1] - q.span[1])
    .map((p) => p.pair);
}

/**
 * `pairs` assigned to `shard.of` shards by estimated work (`shardByWeight`: heaviest first, each to
 * the shard with the least work so far; the same list gives every job the same assignment).
 * Returns shard `shard.index`'s pairs in `localityOrder`. (Cutting the ordered list into runs
 * kept more of an entry's pairs in one job but balanced the jobs worse: docs/scaling.md.)
 */
export function shardPairs<T extends CompareEntryLike>(pairs: readonly (readonly [T, T])[], work: (pair: readonly [T, T]) => number, shard: Shard): { pairs: [T, T][]; work: number } {
  const { items, weight } = shardByWeight(pairs, work, shard);
  return { pairs: localityOrder(items, (e) => e.slug), work: weight };
}

/** Computes shard `shard`'s compare pairs into the product cache (EVALBOARD_CACHE_DIR). */
export async function primePairShard(shard: Shard): Promise<PairShard> {
  const [entries, boards] = await Promise.all([compareEntries(), allBoards()]);
  const candidates = candidatePairs(entries, boards);
  const weigh = pairWork(boards);
  const mine = shardPairs(candidates, ([a, b]) => weigh(a, b), shard);
  let pages = 0;
  for (const [a, b] of mine.pairs) {
    if ((await pairSharedUnits(a, b)) === 0) continue;
    await comparePair(a, b);
    pages++;
  }
  return { pairs: mine.pairs.map(([a, b]) => `${a.slug}+${b.slug}`), pages, work: mine.work, candidates: candidates.length };
}
