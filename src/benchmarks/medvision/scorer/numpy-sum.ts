/**
 * NumPy's float64 `np.sum` (pairwise summation, blocks of 8) and `np.mean`, reproduced bit
 * for bit: a left-to-right sum differs from NumPy in the last bits once n ≥ 8.
 */
export function pairwiseSum(a: ArrayLike<number>, start = 0, n = a.length - start): number {
  if (n < 8) {
    let res = -0;
    for (let i = 0; i < n; i++) res += a[start + i]!;
    return res;
  }
  if (n <= 128) {
    const r = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let j = 0; j < 8; j++) r[j] = a[start + j]!;
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) r[j] = r[j]! + a[start + i + j]!;
    }
    let res = ((r[0]! + r[1]!) + (r[2]! + r[3]!)) + ((r[4]! + r[5]!) + (r[6]! + r[7]!));
    for (; i < n; i++) res += a[start + i]!;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, n2) + pairwiseSum(a, start + n2, n - n2);
}

export function npMean(a: ArrayLike<number>): number {
  return pairwiseSum(a) / a.length;
}
