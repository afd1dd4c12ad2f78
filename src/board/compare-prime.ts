/**
 * The deploy's pairs stage (docs/scaling.md, "Compare pairs primed by a second stage"): after the
 * scoring matrix has put every submission's products in the cache, each job of a second matrix
 * computes the compare pairs of one shard of the site build's candidate pairs (`candidatePairs`,
 * the very list `comparePairs` filters) through the very functions the site build calls
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
 * `pairs` assigned to `shard.of` shards by estimated work (heaviest first, each to the shard with
 * the least work so far; ties by list order and then the lowest shard): the same list gives every
 * job the same assignment. Returns shard `shard.index`'s pairs in list order.
 */
export function shardPairs<T>(pairs: readonly T[], work: (pair: T) => number, shard: Shard): { pairs: T[]; work: number } {
  const { items, weight } = shardByWeight(pairs, work, shard);
  return { pairs: items, work: weight };
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
