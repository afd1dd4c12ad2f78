import { describe, expect, it } from 'vitest';
import { pyRound, pyRoundToInt } from '../../src/benchmarks/clinicalbench/scorer/py-round';

/** [x, ndigits, CPython 3.11 round(x, ndigits)], generated once with CPython: ties, near-ties, random. */
const CPYTHON: [number, number, number][] = [[0.0625, 3, 0.062], [0.0375, 3, 0.037], [2.675, 2, 2.67], [1.0005, 3, 1.0], [0.8345, 3, 0.835], [0.0005, 3, 0.001], [0.0015, 3, 0.002], [0.0025, 3, 0.003], [0.1235, 3, 0.123], [0.5, 0, 0.0], [1.5, 0, 2.0], [2.5, 0, 2.0], [-2.5, 0, -2.0], [-0.0625, 3, -0.062], [0.125, 2, 0.12], [0.375, 2, 0.38], [1e-320, 3, 0.0], [123456.7890125, 6, 123456.789012], [1234.5, -1, 1230.0], [1250.0, -2, 1200.0], [-1350.0, -2, -1400.0], [0.2857142857142857, 3, 0.286], [0.7305, 3, 0.731], [0.9995, 3, 1.0], [0.98, 3, 0.98], [0.30000000000000004, 1, 0.3], [0.3333333333333333, 3, 0.333], [0.6666666666666666, 3, 0.667], [0.45, 1, 0.5], [1e+22, 3, 1e+22], [4.35, 1, 4.3], [-40.85, 1, -40.9], [9878.175, 2, 9878.17], [-17199.55, 1, -17199.5], [-8.987365, 5, -8.98737], [722337.5, 0, 722338.0], [-80.25945, 4, -80.2595], [2221.955, 2, 2221.95], [907787.5, 0, 907788.0], [-54.97455, 4, -54.9746], [-819755.5, 0, -819756.0], [-123.0295, 3, -123.029], [-495293.5, 0, -495294.0], [155629.5, 0, 155630.0], [-876.0365, 3, -876.037], [0.1858425, 6, 0.185842], [986946.5, 0, 986946.0], [32251.85, 1, 32251.8], [2.226335, 5, 2.22634], [210272.5, 0, 210272.0], [-16.81005, 4, -16.8101], [-536357.5, 0, -536358.0], [167410.5, 0, 167410.0], [-0.7207125, 6, -0.720712], [-1210.015, 2, -1210.02], [13390.05, 1, 13390.0], [197292.5, 0, 197292.0], [1749.445, 2, 1749.44], [0.4302635, 6, 0.430264], [-78387.65, 1, -78387.6], [19.79025, 4, 19.7903], [-6.060055, 5, -6.06006], [-7956.735, 2, -7956.73], [49.34045, 4, 49.3404], [183566.5, 0, 183566.0], [298157.5, 0, 298158.0], [4105.65, 1, 4105.6], [1.150985, 5, 1.15098], [629.9665, 3, 629.966], [-235.625, 2, -235.62], [93.65965, 4, 93.6596], [-241.7065, 3, -241.707], [-400.46600627263524, 2, -400.47], [397.9888674591425, 3, 397.989], [-836.2899784084603, 4, -836.29], [50.393007622902815, 5, 50.39301], [458.89057887843524, 4, 458.8906], [217.91803807280712, 1, 217.9], [-763.8684434900758, 6, -763.868443], [-670.0757927128536, 5, -670.07579], [-696.0309306789904, 7, -696.0309307], [-156.60329104651134, 1, -156.6], [529.1417324256263, 5, 529.14173], [-319.75527561760896, 5, -319.75528], [188.73975421003684, 7, 188.7397542], [-862.4741011862789, 1, -862.5], [889.3621902158748, 7, 889.3621902], [394.0841356538565, 1, 394.1], [-878.6611448055605, 4, -878.6611], [294.2577090553375, 7, 294.2577091], [-430.80893581170153, 6, -430.808936], [774.0805844761835, 5, 774.08058]];

describe('pyRound', () => {
  it('rounds exact binary ties half to even', () => {
    expect(pyRound(0.0625, 3)).toBe(0.062);
    expect(pyRound(0.125, 2)).toBe(0.12);
    expect(pyRound(0.375, 2)).toBe(0.38);
    expect(pyRound(2.5)).toBe(2);
    expect(pyRound(3.5)).toBe(4);
    expect(pyRound(-2.5)).toBe(-2);
  });

  it('rounds the exact binary value, not the decimal literal (near-ties)', () => {
    expect(pyRound(0.0375, 3)).toBe(0.037); // stored as 0.037499999…
    expect(pyRound(2.675, 2)).toBe(2.67); // stored as 2.67499999…
    expect(pyRound(0.8345, 3)).toBe(0.835); // stored as 0.83450000…01
  });

  it('differs from the naive JS schemes where Python does', () => {
    expect(Number((0.0625).toFixed(3))).toBe(0.063); // toFixed is wrong on exact ties
    expect(Math.round(1.0005 * 1000) / 1000).toBe(1.001); // the product rounds up first
    expect(pyRound(1.0005, 3)).toBe(1);
  });

  it('keeps the sign of zero like CPython', () => {
    expect(Object.is(pyRound(-0.0004, 3), -0)).toBe(true);
    expect(Object.is(pyRound(-0.5), -0)).toBe(true);
    expect(Object.is(pyRound(0), 0)).toBe(true);
  });

  it('passes non-finite values through and handles subnormals and huge values', () => {
    expect(pyRound(NaN, 3)).toBeNaN();
    expect(pyRound(Infinity, 3)).toBe(Infinity);
    expect(pyRound(5e-324, 3)).toBe(0);
    expect(pyRound(1e300, 3)).toBe(1e300);
  });

  it('supports negative ndigits', () => {
    expect(pyRound(1250, -2)).toBe(1200);
    expect(pyRound(1350, -2)).toBe(1400);
    expect(pyRound(-1350, -2)).toBe(-1400);
  });

  it('rounds to an integer with ties to even', () => {
    expect(pyRoundToInt(10.5)).toBe(10);
    expect(pyRoundToInt(25 * 0.33999999999999997)).toBe(8);
  });

  it.each(CPYTHON)('round(%s, %s) == %s as in CPython', (x, n, expected) => {
    expect(Object.is(pyRound(x, n), expected) || pyRound(x, n) === expected).toBe(true);
  });
});

/** Independent oracle: the exact decimal expansion of the double, rounded half-even as a string. */
function exactRound(x: number, ndigits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const mant = biased === 0 ? bits & 0xfffffffffffffn : (bits & 0xfffffffffffffn) | (1n << 52n);
  const e = biased === 0 ? -1074 : biased - 1075;
  // |x| · 10^ndigits · 2^(-e) as a fraction num / den, rounded half to even.
  let num = mant * 10n ** BigInt(Math.max(0, ndigits));
  let den = 10n ** BigInt(Math.max(0, -ndigits));
  if (e >= 0) num <<= BigInt(e);
  else den <<= BigInt(-e);
  let q = num / den;
  const r2 = (num % den) * 2n;
  if (r2 > den || (r2 === den && q % 2n === 1n)) q += 1n;
  return Number(`${x < 0 ? '-' : ''}${q}e${-ndigits}`);
}

describe('one implementation for the scorer and the generator', () => {
  it('agrees with an exact oracle on random values, dyadic ties and near-ties (fast path and exact path)', () => {
    let seed = 12345;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let i = 0; i < 20000; i++) {
      const d = i % 8;
      const x =
        i % 4 === 0 ? (rand() - 0.5) * 2000
          : i % 4 === 1 ? Math.round((rand() - 0.5) * 2e6) / 2 ** (i % 13) // many exact ties
            : i % 4 === 2 ? Math.round((rand() - 0.5) * 1e5) / 10 ** d + 5 * 10 ** (-d - 1) // decimal near-ties
              : (rand() - 0.5) * 10 ** ((i % 30) - 12);
      const got = pyRound(x, d);
      const want = exactRound(x, d);
      if (!Object.is(got, want)) expect([x, d, got]).toEqual([x, d, want]);
    }
  });

  it('round(x) rejects non-finite values as Python does', () => {
    expect(() => pyRoundToInt(Infinity)).toThrow(RangeError);
    expect(() => pyRoundToInt(NaN)).toThrow(RangeError);
  });
});
