import type { CaseOutcome } from './types';

/**
 * A numeric tolerance a suite declares explicitly, with the reason it cannot be exact
 * (e.g. values that go through libm). Without one every number compares exactly.
 */
export interface Tolerance {
  /** Relative tolerance. */
  rel: number;
  /** Absolute tolerance near zero. */
  abs: number;
  /** Why this comparison cannot be bit-exact; required so every exception is documented. */
  reason: string;
}

export interface CompareOptions {
  /** Omitted: exact comparison (`Object.is`: NaN equals NaN, -0 differs from 0, ±∞ equal only themselves). */
  tolerance?: Tolerance;
  /** Require object keys in the same order (MedVision group dicts). */
  keyOrder?: boolean;
  /** Only compare keys present in `expected` (extra keys in `actual` allowed). */
  subset?: boolean;
}

/** Decode the vector encoding of non-finite numbers: null → NaN, "Infinity"/"-Infinity" → ±∞. */
export function decodeNumber(v: unknown): number | undefined {
  if (v === null) return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  if (typeof v === 'number') return v;
  return undefined;
}

/**
 * Closeness for agreement checks that are not conformance (e.g. claimed vs recomputed):
 * the caller always names both tolerances.
 */
export function numbersClose(expected: number, actual: number, opts: { rel: number; abs: number }): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  if (!Number.isFinite(expected)) return expected === actual;
  if (!Number.isFinite(actual)) return false;
  return Math.abs(expected - actual) <= Math.max(opts.abs, opts.rel * Math.abs(expected));
}

/**
 * Number equality under the vector rules: exact (`Object.is`) unless a tolerance is declared.
 * The vectors encode -0 as `-0.0` (Python's repr), so a signed zero must match its sign.
 */
export function numbersEqual(expected: number, actual: number, tolerance?: Tolerance): boolean {
  if (Object.is(expected, actual)) return true;
  if (!tolerance || !Number.isFinite(expected) || !Number.isFinite(actual)) return false;
  return Math.abs(expected - actual) <= Math.max(tolerance.abs, tolerance.rel * Math.abs(expected));
}

function show(v: unknown): string {
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : String(v);
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Deep comparison with the vector conventions. `null` in `expected` matches NaN, null or
 * an absent value; "Infinity" strings match ±∞ numbers. Returns the list of differences.
 */
export function compareValues(expected: unknown, actual: unknown, path = '$', opts: CompareOptions = {}): string[] {
  if (expected === null) {
    const ok = actual === null || actual === undefined || (typeof actual === 'number' && Number.isNaN(actual));
    return ok ? [] : [`${path}: expected null/NaN, got ${show(actual)}`];
  }
  if (typeof expected === 'number' || expected === 'Infinity' || expected === '-Infinity') {
    const e = decodeNumber(expected)!;
    const a = decodeNumber(actual);
    if (a === undefined || !numbersEqual(e, a, opts.tolerance)) return [`${path}: expected ${show(expected)}, got ${show(actual)}`];
    return [];
  }
  if (typeof expected === 'string' || typeof expected === 'boolean') {
    return expected === actual ? [] : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
    if (actual.length !== expected.length) {
      return [`${path}: expected ${expected.length} items, got ${actual.length} (${show(actual)})`];
    }
    return expected.flatMap((e, i) => compareValues(e, actual[i], `${path}[${i}]`, opts));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [`${path}: expected an object, got ${show(actual)}`];
    const diffs: string[] = [];
    const eKeys = Object.keys(expected);
    if (!opts.subset) {
      const extra = Object.keys(actual).filter((k) => !(k in expected));
      if (extra.length) diffs.push(`${path}: unexpected keys ${extra.join(', ')}`);
    }
    for (const k of eKeys) {
      if (!(k in actual) && expected[k] !== null) {
        diffs.push(`${path}.${k}: missing`);
        continue;
      }
      diffs.push(...compareValues(expected[k], actual[k], `${path}.${k}`, opts));
    }
    if (opts.keyOrder && diffs.length === 0) {
      const aKeys = Object.keys(actual).filter((k) => k in expected);
      if (aKeys.join('\u0000') !== eKeys.join('\u0000')) {
        diffs.push(`${path}: key order differs: expected ${eKeys.join(', ')}; got ${aKeys.join(', ')}`);
      }
    }
    return diffs;
  }
  return [`${path}: unsupported expected value ${show(expected)}`];
}

/** Build an outcome from a list of diffs. */
export function outcome(diffs: string[]): CaseOutcome {
  return { ok: diffs.length === 0, diffs };
}

/** Does a case expect the scorer to reject its input (`"expected": {"error": true}`)? */
export function expectsError(expected: unknown): boolean {
  return isPlainObject(expected) && expected.error === true && Object.keys(expected).length === 1;
}

/**
 * Which thrown values count as "the input is rejected". A suite passes its scorer's own
 * validation error class; any other exception (a TypeError from a bug, say) is a failure.
 */
export type ErrorMatcher = (err: unknown) => boolean;

export interface CheckOptions extends CompareOptions {
  /** Required for suites with error cases; without it no exception satisfies `{"error": true}`. */
  isExpectedError?: ErrorMatcher;
}

function describeError(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

/**
 * Run a scorer on a case. `{"error": true}` expects a throw that `isExpectedError` accepts;
 * otherwise (or for any other exception) a throw is a failure.
 */
export function checkWith(expected: unknown, run: () => unknown, opts: CheckOptions = {}): CaseOutcome {
  const wantsError = expectsError(expected);
  let actual: unknown;
  try {
    actual = run();
  } catch (err) {
    if (wantsError && opts.isExpectedError?.(err)) return outcome([]);
    if (wantsError) return outcome([`expected the scorer's own validation error, got ${describeError(err)}`]);
    return outcome([`threw: ${describeError(err)}`]);
  }
  if (wantsError) return outcome([`expected an error, got ${show(actual)}`]);
  return outcome(compareValues(expected, actual, '$', opts));
}
