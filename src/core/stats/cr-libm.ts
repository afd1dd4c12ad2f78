/**
 * Correctly rounded (round-to-nearest) exp, log, pow, sin, cos and acos for finite doubles, computed
 * in double-double arithmetic (~100 bits) and rounded once at the end.
 *
 * Why: Boost.Math calls the C library for these, and glibc's implementations (exp/log/pow from
 * ARM's optimized-routines, sin/cos/acos from IBM's accurate library) return the correctly rounded
 * result on all but an astronomically small set of inputs, whereas V8's `Math.exp/log/pow/sin/cos/
 * acos` (fdlibm ports) differ from glibc on 3–10 % of random arguments. A correctly rounded routine
 * therefore reproduces glibc's bits wherever glibc is itself correctly rounded. (`Math.log1p`,
 * `Math.expm1` are fdlibm in both V8 and glibc and agree already; they are not replaced.)
 *
 * Not optimised for speed (tens of double-double operations per call); intended for the handful
 * of calls a quantile needs. Subnormal results of exp/pow are rounded twice (not needed here).
 */

type DD = [number, number];

const SPLIT = 134217729; // 2^27 + 1

function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}
function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return [s, b - (s - a)];
}
function twoProd(a: number, b: number): DD {
  const p = a * b;
  let t = SPLIT * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLIT * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}
function add(a: DD, b: DD): DD {
  const s = twoSum(a[0], b[0]);
  const t = twoSum(a[1], b[1]);
  let r = quickTwoSum(s[0], s[1] + t[0]);
  r = quickTwoSum(r[0], r[1] + t[1]);
  return r;
}
function mul(a: DD, b: DD): DD {
  const p = twoProd(a[0], b[0]);
  return quickTwoSum(p[0], p[1] + (a[0] * b[1] + a[1] * b[0]));
}
function mulD(a: DD, b: number): DD {
  const p = twoProd(a[0], b);
  return quickTwoSum(p[0], p[1] + a[1] * b);
}
function div(a: DD, b: DD): DD {
  const q1 = a[0] / b[0];
  let r = add(a, neg(mulD(b, q1)));
  const q2 = r[0] / b[0];
  r = add(r, neg(mulD(b, q2)));
  const q3 = r[0] / b[0];
  return add(quickTwoSum(q1, q2), [q3, 0]);
}
const neg = (a: DD): DD => [-a[0], -a[1]];
const round = (a: DD): number => a[0] + a[1];

// ln 2, π/2 to ~107 bits.
const LN2: DD = [0.6931471805599453, 2.3190468138462996e-17];
const PI_2: DD = [1.5707963267948966, 6.123233995736766e-17];

// 1/(2k+1) as double-doubles for the atanh series of log.
const INV_ODD: DD[] = Array.from({ length: 40 }, (_, k) => div([1, 0], [2 * k + 1, 0]));
// 1/k! as double-doubles.
const INV_FACT: DD[] = [[1, 0]];
for (let k = 1; k < 40; k++) INV_FACT.push(div(INV_FACT[k - 1]!, [k, 0]));

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);

/** log(x) for finite x > 0 as a double-double. */
function logDD(x: number): DD {
  let e = 0;
  let m = x;
  if (m < 2.2250738585072014e-308) {
    m *= 2 ** 54;
    e -= 54;
  }
  F64[0] = m;
  const hi = U32[1]!;
  e += ((hi >>> 20) & 0x7ff) - 1023;
  U32[1] = (hi & 0x800fffff) | (1023 << 20);
  m = F64[0]!; // in [1, 2)
  if (m > Math.SQRT2) {
    m /= 2; // exact
    e += 1;
  }
  // log m = 2 atanh(s), s = (m − 1)/(m + 1); m − 1 is exact.
  const s = div([m - 1, 0], twoSum(m, 1));
  const s2 = mul(s, s);
  let sum: DD = INV_ODD[39]!;
  for (let k = 38; k >= 0; k--) sum = add(mul(sum, s2), INV_ODD[k]!);
  const lm = mulD(mul(s, sum), 2);
  return add(mulD(LN2, e), lm);
}

/** exp(a) for a double-double a with |a| < 746; returns [hi, lo] before scaling plus the power k. */
function expDD(a: DD): { r: DD; k: number } {
  const k = Math.round(a[0] / LN2[0]);
  let r = add(a, neg(mulD(LN2, k)));
  // exp(r) = (exp(r / 2^10))^(2^10) carried as expm1 to keep the precision.
  r = [r[0] / 1024, r[1] / 1024];
  let em1: DD = INV_FACT[14]!;
  for (let j = 13; j >= 1; j--) em1 = add(mul(em1, r), INV_FACT[j]!);
  em1 = mul(em1, r);
  for (let i = 0; i < 10; i++) em1 = add(mulD(em1, 2), mul(em1, em1)); // e^{2t} − 1 = 2u + u²
  return { r: add([1, 0], em1), k };
}

function scale(x: DD, k: number): number {
  // Round once in the normal range, then scale by 2^k (exact unless the result is subnormal).
  const v = round(x);
  if (k > 1000) return v * 2 ** 1000 * 2 ** (k - 1000);
  if (k < -1000) return v * 2 ** -1000 * 2 ** (k + 1000);
  return v * 2 ** k;
}

export function crExp(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x > 709.782712893384) return Infinity;
  if (x < -745.1332191019412) return 0;
  if (x === 0) return 1;
  const { r, k } = expDD([x, 0]);
  return scale(r, k);
}

export function crLog(x: number): number {
  if (Number.isNaN(x) || x < 0) return NaN;
  if (x === 0) return -Infinity;
  if (x === Infinity) return x;
  if (x === 1) return 0;
  return round(logDD(x));
}

export function crPow(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (Number.isNaN(x) || Number.isNaN(y) || !Number.isFinite(x) || !Number.isFinite(y) || x <= 0) return Math.pow(x, y);
  if (y === 1) return x;
  if (y === 2) return x * x;
  if (y === 0.5) return Math.sqrt(x);
  const l = mulD(logDD(x), y);
  if (l[0] > 709.8) return Infinity;
  if (l[0] < -745.2) return 0;
  const { r, k } = expDD(l);
  return scale(r, k);
}

/** sin and cos of a double-double |t| <= π/4 by Taylor series. */
function sinCosSmall(t: DD): { s: DD; c: DD } {
  const t2 = mul(t, t);
  let s: DD = [0, 0];
  let c: DD = [0, 0];
  for (let j = 18; j >= 0; j--) {
    const sign = j % 2 === 0 ? 1 : -1;
    const fs = INV_FACT[2 * j + 1]!;
    const fc = INV_FACT[2 * j]!;
    s = add(mul(s, t2), [sign * fs[0], sign * fs[1]]);
    c = add(mul(c, t2), [sign * fc[0], sign * fc[1]]);
  }
  return { s: mul(s, t), c };
}

/** sin and cos of x in [0, π] (the range the t quantile uses) as double-doubles. */
function sinCosDD(x: number): { s: DD; c: DD } {
  // x = n·π/2 + t with |t| <= π/4 (x small: one subtraction in double-double suffices).
  const n = Math.round(x / PI_2[0]);
  const t = add([x, 0], neg(mulD(PI_2, n)));
  const { s, c } = sinCosSmall(t);
  switch (((n % 4) + 4) % 4) {
    case 0:
      return { s, c };
    case 1:
      return { s: c, c: neg(s) };
    case 2:
      return { s: neg(s), c: neg(c) };
    default:
      return { s: neg(c), c: s };
  }
}

/** Correctly rounded sin for 0 <= x <= 4 (falls back to Math.sin outside). */
export function crSin(x: number): number {
  if (!(x >= 0 && x <= 4)) return Math.sin(x);
  if (x < 1e-8) return x; // sin x = x − x³/6: |x³/6| < ulp(x)/2
  return round(sinCosDD(x).s);
}

/** Correctly rounded cos for 0 <= x <= 4 (falls back to Math.cos outside). */
export function crCos(x: number): number {
  if (!(x >= 0 && x <= 4)) return Math.cos(x);
  return round(sinCosDD(x).c);
}

/** Correctly rounded acos for 0 <= x < 1 (falls back to Math.acos outside): Newton on cos θ = x. */
export function crAcos(x: number): number {
  if (!(x >= 0 && x < 1)) return Math.acos(x);
  let th: DD = [Math.acos(x), 0];
  for (let i = 0; i < 3; i++) {
    const { s, c } = sinCosDD(th[0]);
    // Correct for the low part of θ: cos(θh + θl) ≈ c − s·θl, sin ≈ s + c·θl.
    const cc = add(c, neg(mulD(s, th[1])));
    const ss = add(s, mulD(c, th[1]));
    th = add(th, div(add(cc, [-x, 0]), ss));
  }
  return round(th);
}
