import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pythonCanonicalJson } from '../../src/benchmarks/clinicalbench/scorer/dataset/canonical-json';
import { dayNumber, formatDay } from '../../src/benchmarks/clinicalbench/scorer/dataset/days';
import { pyFloatRepr } from '../../src/benchmarks/clinicalbench/scorer/dataset/py-float-repr';
import { pyRound, pyRoundToInt } from '../../src/benchmarks/clinicalbench/scorer/py-round';
import { sha1Hex, sha256Hex } from '../../src/benchmarks/clinicalbench/scorer/dataset/sha';

describe('Python round on the exact binary value', () => {
  it('round(x) ties go to even (target-mortality counts from the vectors)', () => {
    expect(pyRoundToInt(21 * 0.5)).toBe(10);
    expect(pyRoundToInt(25 * 0.33999999999999997)).toBe(8);
    expect(pyRoundToInt(19 * 0.5)).toBe(10);
    expect(pyRoundToInt(-2.5)).toBe(-2);
    expect(pyRoundToInt(-3.5)).toBe(-4);
    expect(pyRoundToInt(0.49999999999999994)).toBe(0);
  });

  it('round(x, 1) uses half-even only on exact ties, nearest otherwise', () => {
    expect(pyRound(0.25, 1)).toBe(0.2);
    expect(pyRound(0.75, 1)).toBe(0.8);
    expect(pyRound(-0.25, 1)).toBe(-0.2);
    expect(pyRound(2.675, 2)).toBe(2.67); // the double is below the tie
    expect(pyRound(0.15, 1)).toBe(0.1); // 0.1499999…
    expect(pyRound(0.35, 1)).toBe(0.3); // 0.34999…
    expect(pyRound(-40.85, 1)).toBe(-40.9); // −40.850000000000001…
    expect(Object.is(pyRound(-0.04, 1), -0)).toBe(true);
  });

  it('round(x, 3) matches the breakdown examples', () => {
    expect(pyRound(0.0625, 3)).toBe(0.062);
    expect(pyRound(0.0375, 3)).toBe(0.037);
  });
});

describe('Python float repr and canonical json.dumps', () => {
  it('writes floats like repr()', () => {
    expect([221, 14, -27, 0.1, 1e16, 1e15, 1e-5, 0.0001, -0].map(pyFloatRepr)).toEqual([
      '221.0', '14.0', '-27.0', '0.1', '1e+16', '1000000000000000.0', '1e-05', '0.0001', '-0.0',
    ]);
  });

  it('sorts keys, drops whitespace, escapes non-ASCII and marks float fields', () => {
    const json = pythonCanonicalJson([{ b: 1, bmi: 20, a: 'é"\n', c: null, d: [true, 2] }], new Set(['bmi']));
    expect(json).toBe('[{"a":"\\u00e9\\"\\n","b":1,"bmi":20.0,"c":null,"d":[true,2]}]');
  });
});

describe('hashes and dates', () => {
  it('sha1/sha256 agree with node:crypto', () => {
    for (const text of ['', 'abc', 'hard|40|90|21|31|Howard University Hospital/AIIMS Delhi|False', 'é—'.repeat(70), 'x'.repeat(1000)]) {
      expect(sha1Hex(text)).toBe(createHash('sha1').update(text).digest('hex'));
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('day numbers are proleptic Gregorian calendar days', () => {
    expect(dayNumber(1970, 1, 1)).toBe(0);
    expect(dayNumber(2025, 3, 1) - 150 - dayNumber(2022, 6, 1)).toBe(854);
    expect(formatDay(dayNumber(2024, 2, 29) + 1)).toBe('2024-03-01');
    expect(formatDay(dayNumber(2022, 6, 1) - 240)).toBe('2021-10-04');
  });
});
