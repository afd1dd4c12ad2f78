/**
 * Rank ranges from per-row intervals (LMArena's rule, applied to the marginal intervals we
 * publish; pure, no dependencies).
 *
 * For a higher-is-better metric and row i with interval [lo_i, hi_i] among n rows:
 *
 *   best_i  = 1 + #{ j : lo_j > hi_i }     rows whose whole interval lies above row i's
 *   worst_i = n − #{ j : hi_j < lo_i }     = #{ j : hi_j ≥ lo_i }, row i itself included
 *
 * Lower-is-better is the mirror image: best_i = 1 + #{ j : hi_j < lo_i },
 * worst_i = n − #{ j : lo_j > hi_i }.
 *
 * Two conventions make the rule total and keep the point rank inside its range:
 * - An interval is first widened to contain its own estimate, [min(lo, v), max(hi, v)] (a
 *   percentile bootstrap interval can miss its estimate on skewed data). The published intervals
 *   are not changed; the widening is part of the rule.
 * - A row without a finite interval is unbounded, (−∞, +∞): it is separated from no row, so its
 *   range is [1, n] and it widens every other row's range by one.
 */
export interface RangeInput {
  value: number;
  lo?: number | null;
  hi?: number | null;
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** The interval the rule compares: widened to contain the estimate; unbounded when missing. */
export function comparedInterval(r: RangeInput): [number, number] {
  if (!finite(r.lo) || !finite(r.hi)) return [-Infinity, Infinity];
  return [Math.min(r.lo, r.value), Math.max(r.hi, r.value)];
}

/** `[best, worst]` for every row, in input order. */
export function rankRanges(rows: readonly RangeInput[], direction: 'higher' | 'lower'): [number, number][] {
  const iv = rows.map(comparedInterval);
  // Lower is better: mirror the axis, then apply the higher-is-better rule.
  const ivs = direction === 'higher' ? iv : iv.map(([lo, hi]) => [-hi, -lo] as [number, number]);
  const n = rows.length;
  return ivs.map(([lo, hi]) => {
    let above = 0;
    let below = 0;
    for (const [loJ, hiJ] of ivs) {
      if (loJ > hi) above++;
      if (hiJ < lo) below++;
    }
    return [1 + above, n - below];
  });
}

/** Competition rank of each value (1 2 2 4), for the direction; the point rank ranges contain. */
export function pointRanks(values: readonly number[], direction: 'higher' | 'lower'): number[] {
  return values.map((v) => 1 + values.filter((w) => (direction === 'higher' ? w > v : w < v)).length);
}

/** "1–3", or "2" when best = worst. */
export function formatRankRange([best, worst]: readonly [number, number]): string {
  return best === worst ? String(best) : `${best}–${worst}`;
}

/** One sentence naming the rule, for captions, notes and downloads. */
export const RANK_RANGE_RULE =
  "Rank range from the 95 % intervals (LMArena's rule): best = 1 + the rows whose interval lies entirely better than this row's, worst = the number of rows whose interval does not lie entirely worse (this row included); an interval is widened to contain its own estimate, and a row without one can be separated from no row.";
