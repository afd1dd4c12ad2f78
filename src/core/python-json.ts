import { FLOAT_LITERALS } from './python-number';
import { parseTolerantJson } from './tolerant-json';

/** Any token that could be a float literal (a digit followed by `.`, `e` or `E`); false = every number is an int. */
const MAYBE_FLOAT = /\d[.eE]/;

export interface PythonJsonOptions {
  /** Accept bare `NaN` / `Infinity` / `-Infinity` as Python's json.loads does (default true). */
  allowNonFinite?: boolean;
}

/**
 * Parse JSON the way Python's `json.loads` sees it: integral numbers written as float literals
 * (`4.0`, `4e0`) are recorded in `FLOAT_LITERALS` (see `./python-number.ts`),
 * so graders can tell `4.0` from `4`. Throws `JsonSyntaxError` (located) or `SyntaxError`.
 * Duplicate keys and a byte-order mark are located errors (JSON.parse would hide the first).
 */
export function parsePythonJson(text: string, options: PythonJsonOptions = {}): unknown {
  const allowNonFinite = options.allowNonFinite ?? true;
  // Always the tolerant parser, never a JSON.parse fast path: JSON.parse silently keeps the last of
  // two equal keys, where this reports a located error (as it does for a byte-order mark).
  return parseTolerantJson(text, { ...(MAYBE_FLOAT.test(text) ? { floatLiterals: FLOAT_LITERALS } : {}), allowNonFinite });
}
