/** Linear-interpolation quantile (R type 7, NumPy's default) of a sorted array. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * Moves the k-th smallest of `a` to `a[k]`, everything before it ≤ it and everything after ≥ it
 * (Hoare's quickselect, median-of-three pivot; expected O(n)). `a` holds no NaN.
 */
function select(a: Float64Array, k: number): void {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const x = a[lo]!;
    const y = a[(lo + hi) >> 1]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** The sorted array's elements `quantileSorted` reads for `p`, without sorting `a` (it is reordered). */
function quantileSelected(a: Float64Array, p: number): number {
  const n = a.length;
  if (n === 0) return NaN;
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  select(a, lo);
  const at = a[lo]!;
  // The next in sorted order is the least of what select left after `lo`.
  let next = at;
  if (lo + 1 < n) {
    next = a[lo + 1]!;
    for (let i = lo + 2; i < n; i++) if (a[i]! < next) next = a[i]!;
  }
  return at + (h - lo) * (next - at);
}

/**
 * Percentile interval [α/2, 1 − α/2] over the finite values; NaN bounds when none. The same
 * numbers as sorting and reading `quantileSorted`: the two order statistics each bound reads are
 * found by selection instead. Selection cannot tell −0 from 0 (a sort puts −0 first), which cannot
 * show: `at + f·(next − at)` gives +0 for either order of a −0 and a 0 (next − at is ±0 and
 * ±0 + ±0 is +0 unless both are −0), and the same number otherwise.
 */
export function percentileInterval(values: ArrayLike<number>, level = 0.95): { lo: number; hi: number } {
  const finite = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === v && v !== Infinity && v !== -Infinity) finite[n++] = v;
  }
  const kept = finite.subarray(0, n);
  const a = (1 - level) / 2;
  return { lo: quantileSelected(kept, a), hi: quantileSelected(kept, 1 - a) };
}
