import type { CaseOutcome } from './types';

export interface CompareOptions {
  /** Relative tolerance (default 1e-9, the project rule). */
  rel?: number;
  /** Absolute tolerance near zero (default 1e-12). */
  abs?: number;
  /** Require object keys in the same order (MedVision group dicts). */
  keyOrder?: boolean;
  /** Only compare keys present in `expected` (extra keys in `actual` allowed). */
  subset?: boolean;
}

const DEFAULTS = { rel: 1e-9, abs: 1e-12 };

/** Decode the vector encoding of non-finite numbers: null → NaN, "Infinity"/"-Infinity" → ±∞. */
export function decodeNumber(v: unknown): number | undefined {
  if (v === null) return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  if (typeof v === 'number') return v;
  return undefined;
}

export function numbersClose(expected: number, actual: number, opts: CompareOptions = {}): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  if (!Number.isFinite(expected)) return expected === actual;
  if (!Number.isFinite(actual)) return false;
  const rel = opts.rel ?? DEFAULTS.rel;
  const abs = opts.abs ?? DEFAULTS.abs;
  return Math.abs(expected - actual) <= Math.max(abs, rel * Math.abs(expected));
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
    if (a === undefined || !numbersClose(e, a, opts)) return [`${path}: expected ${show(expected)}, got ${show(actual)}`];
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

/**
 * Run a scorer on a case. `{"error": true}` expects a throw; otherwise a throw is a failure.
 */
export function checkWith(
  expected: unknown,
  run: () => unknown,
  opts: CompareOptions = {},
): CaseOutcome {
  const wantsError = isPlainObject(expected) && expected.error === true && Object.keys(expected).length === 1;
  let actual: unknown;
  try {
    actual = run();
  } catch (err) {
    if (wantsError) return outcome([]);
    return outcome([`threw: ${err instanceof Error ? err.message : String(err)}`]);
  }
  if (wantsError) return outcome([`expected an error, got ${show(actual)}`]);
  return outcome(compareValues(expected, actual, '$', opts));
}
