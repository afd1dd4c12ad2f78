/**
 * Python's `round(x)` / `round(x, ndigits)` on floats: the exact binary value is rounded to
 * the nearest decimal, ties to even. (Another copy may exist in ../py-round.ts; merge them.)
 */

/** `round(x)` → int: half to even on the exact double. */
export function pyRoundToInt(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`cannot convert float ${x} to integer`);
  const nearest = Math.round(x);
  // Math.round sends exact .5 ties toward +∞; Python picks the even neighbour.
  return nearest - x === 0.5 && nearest % 2 !== 0 ? nearest - 1 : nearest;
}

/** `round(x, ndigits)` → float for 0 ≤ ndigits ≤ 100. */
export function pyRound(x: number, ndigits: number): number {
  if (!Number.isInteger(ndigits) || ndigits < 0 || ndigits > 100) throw new RangeError(`unsupported ndigits ${ndigits}`);
  if (!Number.isFinite(x) || Math.abs(x) >= 1e21) return x;
  // The exact value is a tie iff x·2^(d+1) is an odd integer (x is dyadic, 10^d = 2^d·5^d, 5^d is odd).
  const scaled = x * 2 ** (ndigits + 1);
  if (Number.isInteger(scaled) && Math.abs(scaled % 2) === 1) {
    // x = (n + ½)/10^d with n = (scaled·5^d − 1)/2; keep whichever of n, n+1 is even.
    const n = (BigInt(scaled) * 5n ** BigInt(ndigits) - 1n) / 2n;
    const even = n % 2n === 0n ? n : n + 1n;
    const result = Number(`${even}e-${ndigits}`);
    return result === 0 && x < 0 ? -0 : result;
  }
  // toFixed rounds the exact binary value correctly; only its tie rule (away from zero) differs.
  return Number(x.toFixed(ndigits));
}
