// The compare pair cache's row encoding: a cached page must print what a computed one does, so every
// number comes back as it was — NaN (no interval below the minimum), ±Infinity and −0 (a negated
// zero estimate prints a sign) included, which plain JSON turns into null and 0.
import { describe, expect, it } from 'vitest';
import { decodeRows, encodeRows } from '../../src/board/compare-cache';
import type { Difference } from '../../src/core/compare';

const row = (over: Partial<Difference>): Difference => ({
  benchmark: 'MedVision', task: 'T', def: { id: 'mv-mre', label: 'MRE', direction: 'lower', format: { kind: 'fixed', digits: 3 }, unit: 'ratio' },
  n: 12, unit: 'shared samples', minUnits: 30, a: 0.25, b: 0.5, diff: -0.25, lo: -0.4, hi: -0.1, replicates: 2000, pBoot: 0.01, p: 0.01, pAdj: 0.02, verdict: 'a', reason: 'r', ...over,
});

describe('compare pair cache: row encoding', () => {
  it('keeps NaN, ±Infinity, −0 and null as they were', () => {
    const rows = [
      row({ lo: NaN, hi: NaN, replicates: 0, pBoot: null, p: null, pAdj: null, verdict: 'insufficient' }),
      row({ diff: -0, lo: -0, hi: 0, a: Infinity, b: -Infinity }),
      row({ mcnemar: { b: 3, c: 1, n: 4, p: 0.625, pairs: 9 } }),
    ];
    const back = decodeRows(encodeRows(rows));
    expect(back).toHaveLength(3);
    expect(Number.isNaN(back[0]!.lo) && Number.isNaN(back[0]!.hi)).toBe(true);
    expect(back[0]!.p).toBeNull();
    expect(back[0]!.pAdj).toBeNull();
    expect(Object.is(back[1]!.diff, -0)).toBe(true);
    expect(Object.is(back[1]!.lo, -0)).toBe(true);
    expect(Object.is(back[1]!.hi, 0)).toBe(true);
    expect(back[1]!.a).toBe(Infinity);
    expect(back[1]!.b).toBe(-Infinity);
    expect(back[2]!.mcnemar).toEqual({ b: 3, c: 1, n: 4, p: 0.625, pairs: 9 });
    expect(back[2]!.def).toEqual(rows[2]!.def);
    expect(back[2]!.diff).toBe(-0.25);
  });
});
