/** Python `bisect.bisect_right(sorted, x, lo, hi)`. */
export function bisectRight(sorted: readonly number[], x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (x < sorted[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
