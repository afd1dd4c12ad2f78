import { describe, expect, it } from 'vitest';
import { binomialHalfCdf, discordant, mcnemarExact } from '../../src/core/stats/mcnemar';

describe('exact McNemar (hand-computed binomial tails)', () => {
  it('b = 1, c = 5: n = 6, P(X ≤ 1) = (1 + 6)/64, p = 14/64', () => {
    expect(mcnemarExact(1, 5)).toEqual({ b: 1, c: 5, n: 6, p: expect.closeTo(14 / 64, 14) as number });
    expect(mcnemarExact(5, 1).p).toBeCloseTo(14 / 64, 14); // symmetric
  });
  it('b = 0, c = 6: p = 2/64 = 0.03125 (the smallest n that can reach p < 0.05)', () => {
    expect(mcnemarExact(0, 6).p).toBeCloseTo(0.03125, 14);
    expect(mcnemarExact(0, 5).p).toBeCloseTo(2 / 32, 14); // 0.0625: five discordant units can never reject
  });
  it('b = 2, c = 10: P(X ≤ 2) = (1 + 12 + 66)/4096, p = 158/4096', () => {
    expect(mcnemarExact(2, 10).p).toBeCloseTo(158 / 4096, 14);
  });
  it('balanced or no discordant units: p = 1', () => {
    expect(mcnemarExact(3, 3).p).toBe(1); // 2 · 42/64 > 1, capped
    expect(mcnemarExact(0, 0)).toEqual({ b: 0, c: 0, n: 0, p: 1 });
  });
  it('large n neither overflows nor underflows to garbage', () => {
    expect(mcnemarExact(500, 500).p).toBe(1);
    expect(binomialHalfCdf(1000, 2000)).toBeGreaterThan(0.5);
    expect(binomialHalfCdf(1000, 2000)).toBeLessThan(0.51);
    expect(mcnemarExact(400, 600).p).toBeLessThan(1e-9);
  });
  it('rejects non-count input', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(RangeError);
  });
  it('discordant counts: pairs with an undecided side are left out', () => {
    expect(discordant([1, 1, 0, 0, 1, null], [0, 1, 1, 0, 0, 1])).toEqual({ b: 2, c: 1, pairs: 5 });
  });
});
