/**
 * Python's int/float distinction for numbers read from JSON.
 *
 * `JSON.parse` turns both `4` and `4.0` into the JS number 4, but Python's `json.loads` gives
 * `int` and `float`, and upstream validators reject `expected_count: 4.0`. The ingest parser
 * (`parseTolerantJson(text, { floatLiterals: FLOAT_LITERALS })`) records every number written as
 * a float literal (`4.0`, `4e0`, `40e-1`...) whose value is integral in this side table, keyed by
 * the containing object/array and the key/index. Non-integral floats need no mark: their value
 * already says "float". Values built in code, or parsed with plain `JSON.parse`, carry no marks
 * and so read as Python ints when integral (the old behaviour).
 *
 * Pure and dependency-free: graders import it; ingest fills it.
 */

/** Where a JSON parser reports float literals it reads (structural, so parsers need not import this module). */
export interface FloatLiteralSink {
  mark(container: object, key: string | number): void;
}

const table = new WeakMap<object, Set<string | number>>();

/** Arrays are keyed by index, objects by string key, so `isFloatLiteral(arr, '0')` and `(arr, 0)` agree. */
function normKey(container: object, key: string | number): string | number {
  if (Array.isArray(container)) return typeof key === 'number' ? key : Number(key);
  return String(key);
}

/** The process-wide side table filled by the ingest parsers (WeakMap: marks vanish with their containers). */
export const FLOAT_LITERALS: FloatLiteralSink = {
  mark(container, key) {
    let keys = table.get(container);
    if (!keys) {
      keys = new Set();
      table.set(container, keys);
    }
    keys.add(normKey(container, key));
  },
};

/** Record that `container[key]` was written as a float literal (for code that builds values by hand). */
export function markFloatLiteral(container: object, key: string | number): void {
  FLOAT_LITERALS.mark(container, key);
}

/** Whether `container[key]` was recorded as an integral float literal (`4.0`) by a marking parser. */
export function isFloatLiteral(container: unknown, key: string | number): boolean {
  if (typeof container !== 'object' || container === null) return false;
  const keys = table.get(container);
  return keys !== undefined && keys.has(normKey(container, key));
}

/** Python `isinstance(container[key], float)`: a non-integral/non-finite number, or an integral float literal. */
export function isPyFloatAt(container: unknown, key: string | number): boolean {
  if (typeof container !== 'object' || container === null) return false;
  const v = (container as Record<string | number, unknown>)[key];
  if (typeof v !== 'number') return false;
  return !Number.isInteger(v) || isFloatLiteral(container, key);
}

/**
 * Python `isinstance(v, int) and not isinstance(v, bool)` for `container[key]`: an integral
 * JSON number not written as a float literal.
 */
export function isPyIntAt(container: unknown, key: string | number): boolean {
  if (typeof container !== 'object' || container === null) return false;
  const v = (container as Record<string | number, unknown>)[key];
  return typeof v === 'number' && Number.isInteger(v) && !isFloatLiteral(container, key);
}

/** A deep copy of a JSON value (plain objects, arrays, primitives) that keeps the float-literal marks. */
export function cloneJsonWithLiterals<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const marks = table.get(value);
  let copy: object;
  if (Array.isArray(value)) {
    copy = value.map((v) => cloneJsonWithLiterals(v as unknown));
  } else {
    const obj: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      Object.defineProperty(obj, k, { value: cloneJsonWithLiterals(v), enumerable: true, writable: true, configurable: true });
    }
    copy = obj;
  }
  if (marks) table.set(copy, new Set(marks));
  return copy as T;
}
