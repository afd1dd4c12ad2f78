/**
 * Student-t quantiles and the t-interval of a mean (pure; no dependencies).
 *
 * The upstream aggregation (scbench `scripts/compute_results.py` `compute_ci`) computes
 * `mean = np.mean(v)`, `se = np.std(v, ddof=1) / np.sqrt(n)`, `t = scipy.stats.t.ppf((1+c)/2, n-1)`
 * and `mean ± t * se`. SciPy's `t.ppf` is `special.stdtrit`, i.e. Boost.Math's
 * `quantile(students_t_distribution<double>)` evaluated in double; the port of that algorithm is
 * `students-t-quantile.ts` (see there for what is ported and the residual libm caveat).
 */
import { studentsTQuantileDetail, type TQuantileDetail } from './students-t-quantile';

/** Quantile of Student's t as SciPy 1.17.1's `scipy.stats.t.ppf(p, df)` computes it. */
export function tQuantile(p: number, df: number): number {
  return studentsTQuantileDetail(p, df).value;
}

/** `tQuantile` plus whether every Boost branch taken is ported (`ported`), and which was not. */
export function tQuantileDetail(p: number, df: number): TQuantileDetail {
  return studentsTQuantileDetail(p, df);
}

/** numpy's pairwise summation (`pairwise_sum` in loops_utils.h) of a contiguous float64 array. */
export function pairwiseSum(values: readonly number[], start = 0, n = values.length): number {
  if (n < 8) {
    let res = 0;
    for (let i = start; i < start + n; i++) res += values[i]!;
    return res;
  }
  if (n <= 128) {
    const r = [0, 1, 2, 3, 4, 5, 6, 7].map((j) => values[start + j]!);
    let i = 8;
    for (; i < n - (n % 8); i += 8) for (let j = 0; j < 8; j++) r[j]! += values[start + i + j]!;
    let res = r[0]! + r[1]! + (r[2]! + r[3]!) + (r[4]! + r[5]! + (r[6]! + r[7]!));
    for (; i < n; i++) res += values[start + i]!;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(values, start, n2) + pairwiseSum(values, start + n2, n - n2);
}

export interface MeanInterval {
  n: number;
  mean: number;
  ci_lower: number;
  ci_upper: number;
}

/**
 * mean ± t_{(1+level)/2, n-1} · se with the upstream order of operations: `np.mean` (pairwise sum
 * / n), `np.std(ddof=1)` (pairwise sum of squared deviations / (n − 1), sqrt), `se = sd / √n`,
 * then `mean ∓ t·se`. n = 1 collapses to the mean; n = 0 is NaN. Not clipped.
 */
export function tInterval(values: readonly number[], level = 0.95): MeanInterval {
  const n = values.length;
  if (n === 0) return { n, mean: NaN, ci_lower: NaN, ci_upper: NaN };
  const mean = pairwiseSum(values) / n;
  if (n === 1) return { n, mean, ci_lower: mean, ci_upper: mean };
  const sq = values.map((v) => (v - mean) * (v - mean));
  const sd = Math.sqrt(pairwiseSum(sq) / (n - 1));
  const se = sd / Math.sqrt(n);
  const half = tQuantile((1 + level) / 2, n - 1) * se;
  return { n, mean, ci_lower: mean - half, ci_upper: mean + half };
}
