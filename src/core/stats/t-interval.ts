/**
 * Student-t quantiles and the t-interval of a mean (pure; no dependencies).
 *
 * The upstream aggregation (scbench `scripts/compute_results.py` `compute_ci`) computes
 * `mean = np.mean(v)`, `se = np.std(v, ddof=1) / np.sqrt(n)`, `t = scipy.stats.t.ppf((1+c)/2, n-1)`
 * and `mean ± t * se`. SciPy's `t.ppf` is `special.stdtrit`, which (SciPy ≥ 1.15) is Boost.Math's
 * `quantile(students_t_distribution<double>)` evaluated in double. This file ports that algorithm
 * (boost/math/special_functions/detail/t_distribution_inv.hpp `fast_students_t_quantile_imp`, the
 * double-precision path): Shaw's closed forms for df 1, 2 and 4, otherwise Hill's estimate
 * followed by one Halley step on the regularised incomplete beta (beta.hpp `ibeta_imp` →
 * `ibeta_series` with the `lanczos13m53` approximation). Polynomials and rationals are evaluated
 * in the order of Boost's "method 3" (the GCC default: two interleaved Horner chains in x²).
 *
 * Not ported (documented deviation, see `tQuantile`): the BGRAT branch (`ibeta_a_step` +
 * `beta_small_b_large_a_series`) that Boost takes for large a = df/2 with x close to 1, the
 * df = 6 Newton iteration, and the tails of `erfc_inv` beyond its first region. Those inputs use
 * the same Halley step with the series evaluation of the incomplete beta, which is accurate to
 * about an ulp but not guaranteed to be bit-identical.
 */

/** Boost "method 3" polynomial: chains in x² over even and odd coefficients, odd chain × x. */
function polyHorner3(c: readonly number[], x: number): number {
  const n = c.length;
  if (n === 1) return c[0]!;
  if (n === 2) return c[1]! * x + c[0]!;
  const x2 = x * x;
  // Chain A starts at the highest coefficient, chain B at the one below; each steps down by 2.
  let tA = c[n - 1]! * x2 + c[n - 3]!;
  let tB = c[n - 2]! * x2 + (n >= 4 ? c[n - 4]! : 0);
  let iA = n - 3;
  let iB = n - 4;
  if (n === 3) return tA + c[1]! * x; // degree 2: not reached by the tables below
  while (iA >= 2 || iB >= 2) {
    if (iA >= 2) {
      tA = tA * x2 + c[iA - 2]!;
      iA -= 2;
    }
    if (iB >= 2) {
      tB = tB * x2 + c[iB - 2]!;
      iB -= 2;
    }
  }
  // The chain that ended at c[1] is the odd one.
  return iA === 1 ? tA * x + tB : tA + tB * x;
}

/** Boost "method 3" rational with 13 coefficients (rational_horner3_13.hpp). */
function rational13(a: readonly number[], b: readonly number[], x: number): number {
  const t = [0, 0, 0, 0];
  if (-1 <= x && x <= 1) {
    const x2 = x * x;
    t[0] = a[12]! * x2 + a[10]!;
    t[1] = a[11]! * x2 + a[9]!;
    t[2] = b[12]! * x2 + b[10]!;
    t[3] = b[11]! * x2 + b[9]!;
    for (let k = 8; k >= 2; k -= 2) {
      t[0] = t[0]! * x2 + a[k]!;
      t[1] = t[1]! * x2 + a[k - 1]!;
      t[2] = t[2]! * x2 + b[k]!;
      t[3] = t[3]! * x2 + b[k - 1]!;
    }
    t[0] = t[0]! * x2 + a[0]!;
    t[2] = t[2]! * x2 + b[0]!;
    t[1] = t[1]! * x;
    t[3] = t[3]! * x;
    return (t[0]! + t[1]!) / (t[2]! + t[3]!);
  }
  const z = 1 / x;
  const z2 = 1 / (x * x);
  t[0] = a[0]! * z2 + a[2]!;
  t[1] = a[1]! * z2 + a[3]!;
  t[2] = b[0]! * z2 + b[2]!;
  t[3] = b[1]! * z2 + b[3]!;
  for (let k = 4; k <= 10; k += 2) {
    t[0] = t[0]! * z2 + a[k]!;
    t[1] = t[1]! * z2 + a[k + 1]!;
    t[2] = t[2]! * z2 + b[k]!;
    t[3] = t[3]! * z2 + b[k + 1]!;
  }
  t[0] = t[0]! * z2 + a[12]!;
  t[2] = t[2]! * z2 + b[12]!;
  t[1] = t[1]! * z;
  t[3] = t[3]! * z;
  return (t[0]! + t[1]!) / (t[2]! + t[3]!);
}

// lanczos13m53 (lanczos.hpp): the long-double literals rounded to double.
const LANCZOS_G = 6.02468004077673;
const LANCZOS_NUM = [
  56906521.913471565, 103794043.11634454, 86363131.2881386, 43338889.32467614, 14605578.087685067, 3481712.154980646,
  601859.6171681099, 75999.29304014542, 6955.999602515376, 449.9445569063168, 19.519927882476175, 0.5098416655656676,
  0.006061842346248907,
];
const LANCZOS_DENOM = [0, 39916800, 120543840, 150917976, 105258076, 45995730, 13339535, 2637558, 357423, 32670, 1925, 66, 1];
const lanczosSumExpGScaled = (z: number): number => rational13(LANCZOS_NUM, LANCZOS_DENOM, z);

const F32 = Math.fround;
const EPS = 2.220446049250313e-16;
const MAX_SERIES_ITERATIONS = 1000000;
const LOG_MAX = 709; // tools::log_max_value<double>() (Boost uses the integer part)
const LOG_MIN = -708;

/**
 * `ibeta_series` (normalised, with Lanczos): I_x(a, b) as a power prefix times Σ, starting at s0.
 * Returns the sum and the derivative prefix (before the division by x·y done in `ibetaImp`).
 */
function ibetaSeries(a: number, b: number, x: number, s0: number, y: number): { value: number; derivative: number } {
  const c = a + b;
  const agh = a + LANCZOS_G - 0.5;
  const bgh = b + LANCZOS_G - 0.5;
  const cgh = c + LANCZOS_G - 0.5;
  let result: number;
  const l1s = lanczosSumExpGScaled(c);
  const l2s = lanczosSumExpGScaled(a);
  const l3s = lanczosSumExpGScaled(b);
  if (l2s > 1 && l3s > 1 && Number.MAX_VALUE / l2s < l3s) result = l1s / l2s / l3s;
  else result = l1s / (l2s * l3s);
  if (!Number.isFinite(result)) result = 0;
  const l1 = Math.log(cgh / bgh) * (b - 0.5);
  const l2 = Math.log((x * cgh) / agh) * a;
  let derivative: number;
  if (l1 > LOG_MIN && l1 < LOG_MAX && l2 > LOG_MIN && l2 < LOG_MAX) {
    if (a * b < bgh * 10) result *= Math.exp((b - 0.5) * Math.log1p(a / bgh));
    else result *= Math.pow(cgh / bgh, b - 0.5);
    result *= Math.pow((x * cgh) / agh, a);
    result *= Math.sqrt(agh / Math.E);
    derivative = result * Math.pow(y, b);
  } else {
    result = Math.log(result) + l1 + l2 + (Math.log(agh) - 1) / 2;
    derivative = Math.exp(result + b * Math.log(y));
    result = Math.exp(result);
  }
  if (result < Number.MIN_VALUE * 2 ** 52) return { value: s0, derivative };
  // ibeta_series_t summed by tools::sum_series with factor = epsilon.
  let term = result;
  let apn = a;
  let poch = 1 - b;
  let k = 1;
  let sum = s0;
  for (let counter = MAX_SERIES_ITERATIONS; ; ) {
    const next = term / apn;
    apn += 1;
    term *= (poch * x) / k;
    k++;
    poch += 1;
    sum += next;
    if (!(Math.abs(EPS * sum) < Math.abs(next)) || --counter === 0) break;
  }
  return { value: sum, derivative };
}

/**
 * `ibeta_imp(a, b, x, inv, normalised = true, &derivative)` for the arguments the t quantile
 * uses (one of a, b is ½, the other > 1). Returns I_x(a, b) (or its complement) and dI/dx.
 */
function ibetaImp(a0: number, b0: number, x0: number, inv: boolean): { value: number; derivative: number } {
  let a = a0;
  let b = b0;
  let x = x0;
  let y = 1 - x;
  let invert = inv;
  const swap = () => {
    [a, b] = [b, a];
    [x, y] = [y, x];
    invert = !invert;
  };
  if (Math.min(a, b) > 1 || Math.max(a, b) <= 1) throw new RangeError('ibetaImp: only min(a, b) <= 1 < max(a, b) is ported');
  if (x > 0.5) swap();
  let useSeries = b <= 1 || (x < 0.1 && Math.pow(b * x, a) <= 0.7);
  if (!useSeries) {
    swap();
    // y >= 0.3: Boost's series branch. Otherwise Boost uses BGRAT (not ported): the series
    // converges there too and is used instead (see the file comment).
    useSeries = true;
  }
  let fract: number;
  let derivative: number;
  if (!invert) {
    ({ value: fract, derivative } = ibetaSeries(a, b, x, 0, y));
  } else {
    invert = false;
    const r = ibetaSeries(a, b, x, -1, y);
    fract = -r.value;
    derivative = r.derivative;
  }
  const div = y * x;
  if (derivative !== 0) derivative = Number.MAX_VALUE * div < derivative ? Number.MAX_VALUE / 2 : derivative / div;
  return { value: invert ? 1 - fract : fract, derivative };
}

/** Does the Boost path for these inputs avoid the unported branches (so the result is Boost's bits)? */
function ibetaBranchIsPorted(a0: number, b0: number, x0: number): boolean {
  let a = a0;
  let b = b0;
  let x = x0;
  let y = 1 - x;
  if (x > 0.5) [a, b, x, y] = [b, a, y, x];
  if (b <= 1 || (x < 0.1 && Math.pow(b * x, a) <= 0.7)) return true;
  return x >= 0.3; // after the swap, Boost's `y >= 0.3` is the old x
}

// erf_inv.hpp, 64-bit tag, region q < 0.25 with sqrt(-log q) < 3 (long-double literals → double).
const ERFINV_Y = 0.807220458984375;
const ERFINV_P = [
  -0.1311027816799519, -0.16379404719331705, 0.11703015634199525, 0.38707973897260434, 0.3377855389120359, 0.14286953440815717,
  0.029015791000532906, 0.0021455899538880526, -6.794655751811263e-7, 2.8522533178221704e-8, -6.81149956853777e-10,
];
const ERFINV_Q = [1.0, 3.4662540724256723, 5.381683457070069, 4.778465929458438, 2.5930192162362027, 0.848854343457902, 0.15226433829533179, 0.011059242293464892];

/** Boost `erfc_inv(z)` for 0 < z < 0.25 with sqrt(-log z) < 3; undefined elsewhere. */
function erfcInvFirstTail(z: number): number | undefined {
  if (!(z > 0 && z < 0.25)) return undefined;
  const x = Math.sqrt(-Math.log(z));
  if (!(x < 3)) return undefined;
  const xs = x - 1.125;
  const r = polyHorner3(ERFINV_P, xs) / polyHorner3(ERFINV_Q, xs);
  return ERFINV_Y * x + r * x;
}

// expm1.hpp, 53-bit tag.
const EXPM1_Y = F32(0.10281276702880859e1);
/* eslint-disable no-loss-of-precision -- Boost's coefficients, digit for digit as published */
const EXPM1_N = [-0.28127670288085937e-1, 0.51278186299064534e0, -0.6310029069350198e-1, 0.11638457975729296e-1, -0.52143390687521003e-3, 0.21491399776965688e-4];
const EXPM1_D = [1, -0.45442309511354755e0, 0.90850389570911714e-1, -0.10088963629815502e-1, 0.63003407478692265e-3, -0.17976570003654402e-4];
/* eslint-enable no-loss-of-precision */
function boostExpm1(x: number): number {
  const a = Math.abs(x);
  if (a > 0.5) return a >= LOG_MAX ? (x > 0 ? Infinity : -1) : Math.exp(x) - 1;
  if (a < EPS) return x;
  return x * EXPM1_Y + (x * polyHorner3(EXPM1_N, x)) / polyHorner3(EXPM1_D, x);
}

const SQRT2 = Math.SQRT2;

/** Hill's estimate (`inverse_students_t_hill`), u <= 0.5; undefined where its normal quantile is not ported. */
function hill(ndf: number, u: number): number | undefined {
  const a = 1 / (ndf - 0.5);
  const b = 48 / (a * a);
  let c = ((20700 * a / b - 98) * a - 16) * a + F32(96.36);
  const d = ((94.5 / (b + c) - 3) / b + 1) * Math.sqrt((a * Math.PI) / 2) * ndf;
  let y = Math.pow(d * 2 * u, 2 / ndf);
  if (y > F32(0.05) + a) {
    const inv = erfcInvFirstTail(2 * u);
    if (inv === undefined) return undefined;
    const x = -inv * SQRT2;
    y = x * x;
    if (ndf < 5) c += F32(0.3) * (ndf - 4.5) * (x + F32(0.6));
    c += (((F32(0.05) * d * x - 5) * x - 7) * x - 2) * x + b;
    y = (((((F32(0.4) * y + F32(6.3)) * y + 36) * y + 94.5) / c - y - 3) / b + 1) * x;
    y = boostExpm1(a * y * y);
  } else {
    y = ((1 / ((((ndf + 6) / (ndf * y) - F32(0.089) * d - F32(0.822)) * (ndf + 2)) * 3) + 0.5 / (ndf + 4)) * y - 1) * (ndf + 1) / (ndf + 2) + 1 / y;
  }
  return -Math.sqrt(ndf * y);
}

/**
 * Quantile of Student's t: Boost.Math's double-precision `students_t` quantile, as SciPy's
 * `stdtrit` / `scipy.stats.t.ppf` computes it. `exact` (second result of `tQuantileDetail`) says
 * whether every branch taken is ported (then the result is Boost's bits up to libm differences in
 * cos/sin/acos/log/exp/pow, none seen on the tested inputs).
 */
export function tQuantile(p: number, df: number): number {
  return tQuantileDetail(p, df).value;
}

export function tQuantileDetail(p: number, df: number): { value: number; ported: boolean } {
  if (!(p >= 0 && p <= 1) || !(df > 0)) return { value: NaN, ported: true };
  if (p === 0) return { value: -Infinity, ported: true };
  if (p === 1) return { value: Infinity, ported: true };
  if (p === 0.5) return { value: 0, ported: true };
  let q = p;
  let invert = false;
  if (q > 0.5) {
    q = 1 - q;
    invert = true;
  }
  const u = q;
  const v = 1 - q;
  // inverse_students_t: integer df < 20 has closed forms for 1, 2 and 4 (Shaw, Eq 35, 36, 38-39).
  if (Math.floor(df) === df && df < 20 && (df === 1 || df === 2 || df === 4)) {
    let t: number;
    if (df === 1) t = u === 0.5 ? 0 : -Math.cos(Math.PI * u) / Math.sin(Math.PI * u);
    else if (df === 2) t = (2 * u - 1) / Math.sqrt(2 * u * v);
    else {
      const alpha = 4 * u * v;
      const rootAlpha = Math.sqrt(alpha);
      const r = (4 * Math.cos(Math.acos(rootAlpha) / 3)) / rootAlpha;
      const x = Math.sqrt(r - 4);
      t = u - 0.5 < 0 ? -x : x;
    }
    return { value: invert ? -t : t, ported: true };
  }
  // Boost: integer df = 6 iterates Shaw's polynomial (not ported); every other df >= 3 below
  // 2^28 takes Hill's method (its tail-series test `u_exp < df / 0.654` always holds for u <= 0.5).
  let ported = Math.floor(df) === df && df >= 3 && df !== 6 && df <= 0x10000000;
  const t = hill(df, u);
  if (t === undefined) {
    // The normal quantile Hill's asymptotic branch needs is outside the ported erfc_inv region
    // (p within ~6e-5 of 0 or 1): iterate the Halley step from Hill's plain-branch estimate.
    ported = false;
    let r = hillPlain(df, u);
    for (let i = 0; i < 100; i++) {
      const next = halleyStep(df, u, r);
      if (next === r || !Number.isFinite(next)) break;
      r = next;
    }
    return { value: !invert ? r : -r, ported };
  }
  if (t === 0) return { value: 0, ported };
  const t2 = t * t;
  const xb = df / (df + t2);
  const y = t2 / (df + t2);
  // Boost returns the raw (lower-tail) estimate here, without the sign flip: mirrored.
  if (xb === 0) return { value: t, ported };
  const a = df / 2;
  if (xb < y ? !ibetaBranchIsPorted(a, 0.5, xb) : !ibetaBranchIsPorted(0.5, a, y)) ported = false;
  const lower = halleyStep(df, u, t);
  return { value: invert ? -lower : lower, ported };
}

/** Hill's non-asymptotic formula (for the fallback estimate only). */
function hillPlain(ndf: number, u: number): number {
  const a = 1 / (ndf - 0.5);
  const b = 48 / (a * a);
  const c = ((20700 * a / b - 98) * a - 16) * a + F32(96.36);
  const d = ((94.5 / (b + c) - 3) / b + 1) * Math.sqrt((a * Math.PI) / 2) * ndf;
  const y0 = Math.pow(d * 2 * u, 2 / ndf);
  const y = ((1 / ((((ndf + 6) / (ndf * y0) - F32(0.089) * d - F32(0.822)) * (ndf + 2)) * 3) + 0.5 / (ndf + 4)) * y0 - 1) * (ndf + 1) / (ndf + 2) + 1 / y0;
  return -Math.sqrt(ndf * y);
}

/**
 * The Halley step of `fast_students_t_quantile_imp` from the lower-tail estimate t < 0 for
 * probability u <= 0.5. Returns -|t_new| (a lower-tail quantile).
 */
function halleyStep(df: number, u: number, t: number): number {
  const t2 = t * t;
  const xb = df / (df + t2);
  const y = t2 / (df + t2);
  const a = df / 2;
  if (xb === 0) return t;
  const { value: f0, derivative: f1 } = xb < y ? ibetaImp(a, 0.5, xb, false) : ibetaImp(0.5, a, y, true);
  const p0 = f0 / 2 - u;
  const p1 = f1 * Math.sqrt((y * xb * xb * xb) / df);
  const p2 = (t * (df + 1)) / (t * t + df);
  let r = Math.abs(t);
  r += p0 / (p1 + (p0 * p2) / 2);
  return -r;
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
