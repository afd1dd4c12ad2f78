import { tInterval } from './t-interval';
import { percentileInterval } from './quantile';
import { seedFrom } from './rng';
import { meanReplicates } from './bootstrap-kernels';
import { percentileP } from './bootstrap';

/**
 * Paired difference of two per-unit score lists (evals, seeds): the mean of
 * b − a with a percentile bootstrap over units (and its two-sided percentile p-value of 0), plus
 * the paired t-interval for reference.
 */
export function pairedMeanDifference(a: readonly number[], b: readonly number[], seedLabel: string, replicates = 2000, level = 0.95) {
  if (a.length !== b.length) throw new RangeError('paired lists must have the same length');
  const d = a.map((v, i) => b[i]! - v);
  const n = d.length;
  const t = tInterval(d, level);
  if (n === 0) return { n, estimate: NaN, lo: NaN, hi: NaN, t, replicates: 0, p: NaN };
  const reps = meanReplicates(Float64Array.from(d), seedFrom(seedLabel), replicates);
  return { n, estimate: t.mean, ...percentileInterval(reps, level), t, replicates, p: percentileP(reps) };
}
