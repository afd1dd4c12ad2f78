/**
 * Exact McNemar test for paired binary outcomes: of the n = b + c discordant pairs (b: only A
 * passed, c: only B passed), under H0 each is equally likely to go either way, so
 * min(b, c) ~ Binomial(n, ½). Two-sided p = min(1, 2 · P(X ≤ min(b, c))). Pure.
 */
export interface McNemar {
  /** Units A passed and B failed. */
  b: number;
  /** Units B passed and A failed. */
  c: number;
  /** Discordant units, b + c. */
  n: number;
  /** Exact two-sided p-value; 1 when there are no discordant units. */
  p: number;
}

/** P(X ≤ k) for X ~ Binomial(n, ½), summed in log space so large n neither overflows nor underflows. */
export function binomialHalfCdf(k: number, n: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  const ln2n = n * Math.LN2;
  let lnC = 0; // ln C(n, 0)
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) lnC += Math.log(n - i + 1) - Math.log(i);
    sum += Math.exp(lnC - ln2n);
  }
  return Math.min(1, sum);
}

export function mcnemarExact(b: number, c: number): McNemar {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) throw new RangeError('discordant counts must be non-negative integers');
  const n = b + c;
  if (n === 0) return { b, c, n, p: 1 };
  return { b, c, n, p: Math.min(1, 2 * binomialHalfCdf(Math.min(b, c), n)) };
}

/** Discordant counts of two paired binary outcome lists (null: undecided, left out). */
export function discordant(a: readonly (0 | 1 | null)[], bOut: readonly (0 | 1 | null)[]): { b: number; c: number; pairs: number } {
  if (a.length !== bOut.length) throw new RangeError('paired lists must have the same length');
  let b = 0;
  let c = 0;
  let pairs = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = bOut[i];
    if (x === null || y === null || x === undefined || y === undefined) continue;
    pairs++;
    if (x === 1 && y === 0) b++;
    else if (x === 0 && y === 1) c++;
  }
  return { b, c, pairs };
}
