/** Linear-interpolation quantile (R type 7, NumPy's default) of a sorted array. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Percentile interval [α/2, 1 − α/2] over the finite values; NaN bounds when none. */
export function percentileInterval(values: readonly number[], level = 0.95): { lo: number; hi: number } {
  const finite = Float64Array.from(values.filter(Number.isFinite)).sort();
  const a = (1 - level) / 2;
  return { lo: quantileSorted(finite, a), hi: quantileSorted(finite, 1 - a) };
}
