/**
 * Python's `round(x, ndigits)` for floats, bit for bit — the one implementation shared by the
 * breakdown/replay (3 places) and the dataset generator (`round(gauss(…), 1)` and the integer
 * `round(len·rate)` of target mortality).
 *
 * CPython rounds the *exact* binary value of the double half-to-even at the requested decimal
 * place, then converts that decimal back to the nearest double. `toFixed` rounds exact ties away
 * from zero and `Math.round(x * 10**n) / 10**n` rounds the already-inexact product, so both
 * disagree with Python on some inputs (0.0625 → 0.062, 0.0375 → 0.037, 2.675 → 2.67).
 */
export function pyRound(x: number, ndigits = 0): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (!Number.isInteger(ndigits)) throw new RangeError(`ndigits must be an integer, got ${ndigits}`);
  if (ndigits >= 0 && ndigits <= 100 && Math.abs(x) < 1e21) {
    // Fast path (the generator rounds thousands of gauss draws). `toFixed` rounds the exact
    // binary value correctly; only its tie rule (away from zero) differs from Python's. The exact
    // value is a tie iff x·2^(d+1) is an odd integer (10^d = 2^d·5^d with 5^d odd); the scaling
    // by a power of two is exact, so ties are detected exactly and left to the exact path below.
    const twice = x * 2 ** (ndigits + 1);
    if (!(Number.isInteger(twice) && Math.abs(twice % 2) === 1)) return Number(x.toFixed(ndigits));
  }

  const { mantissa, exponent } = decompose(Math.abs(x));
  // |x| = scaled / 10^places exactly, with `scaled` an integer.
  const places = exponent < 0 ? -exponent : 0;
  const scaled = exponent < 0 ? mantissa * 5n ** BigInt(-exponent) : mantissa << BigInt(exponent);

  const drop = places - ndigits;
  if (drop <= 0) return x; // already exact at this many digits
  const unit = 10n ** BigInt(drop);
  let kept = scaled / unit;
  const twiceRest = (scaled % unit) * 2n;
  if (twiceRest > unit || (twiceRest === unit && kept % 2n === 1n)) kept += 1n;

  const sign = x < 0 ? '-' : '';
  // JS parses decimal literals with correct rounding, as Python's float() does.
  return Number(`${sign}${kept}e${-ndigits}`);
}

/**
 * Python's `round(x)` with no ndigits: nearest integer, ties to even. Like Python (which raises
 * OverflowError / ValueError), infinities and NaN are rejected rather than passed through.
 */
export function pyRoundToInt(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`cannot convert float ${x} to integer`);
  return pyRound(x, 0);
}

/** Split a positive finite double into an integer mantissa and a power of two: x = m · 2^e. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  if (biased === 0) return { mantissa: fraction, exponent: -1074 }; // subnormal
  return { mantissa: fraction | (1n << 52n), exponent: biased - 1075 };
}
