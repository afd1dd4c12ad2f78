import { describe, expect, it } from 'vitest';
import { checkWith, compareValues, numbersEqual } from '../../src/core/conformance/compare';
import { GraderConfigError } from '../../src/benchmarks/latch/scorer/types';
import { grade } from '../../src/benchmarks/latch/scorer/registry';

describe('conformance comparison is exact by default', () => {
  it('rejects a one-ulp difference without a declared tolerance', () => {
    const x = 0.1 + 0.2;
    expect(numbersEqual(0.30000000000000004, x)).toBe(true);
    expect(numbersEqual(0.3, x)).toBe(false);
    expect(compareValues({ v: 0.3 }, { v: x })).toEqual(['$.v: expected 0.3, got 0.30000000000000004']);
  });
  it('NaN equals NaN, infinities only themselves, and a signed zero keeps its sign', () => {
    expect(numbersEqual(NaN, NaN)).toBe(true);
    expect(numbersEqual(Infinity, Infinity)).toBe(true);
    expect(numbersEqual(Infinity, -Infinity)).toBe(false);
    // Python writes -0.0 for a negative zero, so a vector that says 0 means +0.
    expect(numbersEqual(0, -0)).toBe(false);
    expect(compareValues(JSON.parse('{"v": -0.0}'), { v: -0 })).toEqual([]);
  });
  it('applies a tolerance only when one is declared', () => {
    const tolerance = { rel: 1e-9, abs: 1e-12, reason: 'test' };
    expect(compareValues(1, 1 + 1e-12, '$', { tolerance })).toEqual([]);
    expect(compareValues(1, 1 + 1e-12, '$')).toHaveLength(1);
    expect(numbersEqual(NaN, 1, tolerance)).toBe(false);
  });
});

describe('an expected-error case passes only on the scorer’s own validation error', () => {
  const isConfigError = (err: unknown) => err instanceof GraderConfigError;
  it('accepts the matching error class', () => {
    expect(checkWith({ error: true }, () => grade('nope', {}, {}), { isExpectedError: isConfigError }).ok).toBe(true);
  });
  it('rejects a TypeError or any other exception', () => {
    const out = checkWith({ error: true }, () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    }, { isExpectedError: isConfigError });
    expect(out.ok).toBe(false);
    expect(out.diffs[0]).toMatch(/own validation error, got TypeError/);
  });
  it('without a matcher no exception satisfies an error case', () => {
    expect(checkWith({ error: true }, () => grade('nope', {}, {})).ok).toBe(false);
  });
  it('a result where an error was expected fails', () => {
    expect(checkWith({ error: true }, () => 1, { isExpectedError: isConfigError }).ok).toBe(false);
  });
});
