/**
 * A JSON parser that also accepts Python's bare `NaN`, `Infinity` and `-Infinity` (json.dump
 * writes them) and, on malformed input, says where: the JSON path being read and the column.
 * Used for error reporting and for small values; the hot path uses JSON.parse first.
 * Optionally (`floatLiterals`) it reports which integral numbers were written as float literals
 * (`4.0`), which JSON.parse cannot tell from `4`; the Python-JSON reader uses that for Python int checks.
 */
import { jsonPath } from './findings';

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly pointer: string,
    /** 1-based position in the text (UTF-16 units); for a one-line record, the column. */
    readonly column: number,
    /** 1-based line of the problem in the text, when known. */
    readonly line?: number,
  ) {
    super(message);
  }
}

export const BOM_MESSAGE = 'byte-order mark at the start of the file: save as UTF-8 without BOM';

/** 1-based line of position `i` in `text`. */
const lineAt = (text: string, i: number) => {
  let line = 1;
  for (let p = text.indexOf('\n'); p >= 0 && p < i; p = text.indexOf('\n', p + 1)) line++;
  return line;
};

/** Receives the positions of number tokens written as float literals whose value is integral. */
export interface FloatLiteralSink {
  mark(container: object, key: string | number): void;
}

export interface TolerantJsonOptions {
  /**
   * Report every number written with a fraction or exponent (`4.0`, `4e0`, `40e-1`) whose value
   * is an integer, as (containing object or array, key or index), so Python's int/float
   * distinction survives parsing. A float literal at the document root has no container and is
   * not reported. See `./python-number.ts` (`FLOAT_LITERALS`).
   */
  floatLiterals?: FloatLiteralSink;
  /** Accept Python's bare `NaN`, `Infinity`, `-Infinity` (default true; false = strict JSON). */
  allowNonFinite?: boolean;
}

/**
 * Besides JSON.parse's grammar, three things are errors with their location, never silent:
 * a key repeated in one object (JSON.parse keeps the last), a byte-order mark, and (through
 * `decodeUtf8`) invalid UTF-8. A `"__proto__"` key is kept as an own property, as JSON.parse does.
 */

const isDigit = (ch: number) => ch >= 0x30 && ch <= 0x39;

export function parseTolerantJson(text: string, options: TolerantJsonOptions = {}): unknown {
  const sink = options.floatLiterals;
  const allowNonFinite = options.allowNonFinite ?? true;
  // Set by parseNumber when the token just read must be reported; consumed by the enclosing container.
  let pendingFloat = false;
  let i = 0;
  const n = text.length;
  const path: (string | number)[] = [];
  const fail = (msg: string): never => {
    throw new JsonSyntaxError(
      i >= text.length ? `${msg}: unexpected end of input (truncated record?)` : `${msg} at column ${i + 1}`,
      jsonPath(path),
      i + 1,
      lineAt(text, i),
    );
  };
  if (text.charCodeAt(0) === 0xfeff) throw new JsonSyntaxError(BOM_MESSAGE, '$', 1, 1);
  const skipWs = () => {
    for (;;) {
      const ch = text.charCodeAt(i);
      if (ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x09) i++;
      else return;
    }
  };
  const literal = (word: string, value: unknown) => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return value;
    }
    return fail('invalid token');
  };
  function parseString(): string {
    // Fast path: no escapes and no control characters, so the text between the quotes is the value.
    for (let j = i + 1; j < n; j++) {
      const ch = text.charCodeAt(j);
      if (ch === 0x22) {
        const s = text.slice(i + 1, j);
        i = j + 1;
        return s;
      }
      if (ch === 0x5c || ch < 0x20) break;
    }
    const start = i++;
    for (;;) {
      const q = text.indexOf('"', i);
      if (q < 0) {
        i = text.length;
        return fail('unterminated string');
      }
      let bs = 0;
      for (let j = q - 1; j > start && text.charCodeAt(j) === 0x5c; j--) bs++;
      i = q + 1;
      if (bs % 2 === 0) break;
    }
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      i = start;
      return fail('invalid string (bad escape or control character)');
    }
  }
  function parseNumber(): number {
    // -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?, scanned by hand (a regex per number is slow).
    const start = i;
    let j = i;
    if (text.charCodeAt(j) === 0x2d) j++;
    const first = text.charCodeAt(j);
    if (first === 0x30) j++;
    else if (first >= 0x31 && first <= 0x39) {
      j++;
      while (isDigit(text.charCodeAt(j))) j++;
    } else return fail('invalid number');
    let float = false;
    if (text.charCodeAt(j) === 0x2e && isDigit(text.charCodeAt(j + 1))) {
      j += 2;
      while (isDigit(text.charCodeAt(j))) j++;
      float = true;
    }
    const e = text.charCodeAt(j);
    if (e === 0x65 || e === 0x45) {
      let k = j + 1;
      const sign = text.charCodeAt(k);
      if (sign === 0x2b || sign === 0x2d) k++;
      if (isDigit(text.charCodeAt(k))) {
        k++;
        while (isDigit(text.charCodeAt(k))) k++;
        j = k;
        float = true;
      }
    }
    i = j;
    const value = Number(text.slice(start, j));
    if (float && sink && Number.isInteger(value)) pendingFloat = true;
    return value;
  }
  function parseValue(): unknown {
    skipWs();
    const c = text[i];
    switch (c) {
      case '{': {
        i++;
        const obj: Record<string, unknown> = {};
        skipWs();
        if (text.charCodeAt(i) === 0x7d) { i++; return obj; }
        for (;;) {
          skipWs();
          if (text.charCodeAt(i) !== 0x22) return fail('expected a key string');
          const keyStart = i;
          const key = parseString();
          if (Object.hasOwn(obj, key)) {
            i = keyStart;
            path.push(key);
            return fail(`duplicate key ${JSON.stringify(key)} (JSON.parse would silently keep the last value)`);
          }
          skipWs();
          if (text.charCodeAt(i) !== 0x3a) return fail(`expected ':' after key ${JSON.stringify(key)}`);
          i++;
          path.push(key);
          const v = parseValue();
          // Like JSON.parse: "__proto__" is an own property, not the prototype.
          if (key === '__proto__') Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
          else obj[key] = v;
          path.pop();
          if (pendingFloat) {
            pendingFloat = false;
            sink!.mark(obj, key);
          }
          skipWs();
          if (text.charCodeAt(i) === 0x2c) { i++; continue; }
          if (text.charCodeAt(i) === 0x7d) { i++; return obj; }
          return fail("expected ',' or '}'");
        }
      }
      case '[': {
        i++;
        const arr: unknown[] = [];
        skipWs();
        if (text.charCodeAt(i) === 0x5d) { i++; return arr; }
        for (;;) {
          path.push(arr.length);
          arr.push(parseValue());
          path.pop();
          if (pendingFloat) {
            pendingFloat = false;
            sink!.mark(arr, arr.length - 1);
          }
          skipWs();
          if (text.charCodeAt(i) === 0x2c) { i++; continue; }
          if (text.charCodeAt(i) === 0x5d) { i++; return arr; }
          return fail("expected ',' or ']'");
        }
      }
      case '"': return parseString();
      case 't': return literal('true', true);
      case 'f': return literal('false', false);
      case 'n': return literal('null', null);
      case 'N': return allowNonFinite ? literal('NaN', NaN) : fail('invalid token');
      case 'I': return allowNonFinite ? literal('Infinity', Infinity) : fail('invalid token');
      case undefined: return fail('expected a value');
      default:
        if (allowNonFinite && c === '-' && text.startsWith('-Infinity', i)) { i += 9; return -Infinity; }
        return parseNumber();
    }
  }
  const value = parseValue();
  skipWs();
  if (i < text.length) fail('unexpected text after the value');
  return value;
}

/**
 * A JSON value as Python's json.loads reads it (NaN/Infinity accepted), with duplicate keys and a
 * byte-order mark reported. Always the tolerant parser: JSON.parse would hide a duplicate key.
 */
export function parseJsonValue(text: string): unknown {
  return parseTolerantJson(text);
}

/**
 * JSON paths of every own `"__proto__"` key in a parsed value. The parsers keep such a key as an
 * own property, but a schema or an `obj[key] = v` copy drops it (or makes it the prototype), so
 * readers report it rather than lose it silently.
 */
export function protoKeyPaths(value: unknown, path: (string | number)[] = [], out: string[] = [], depth = 0): string[] {
  if (depth > 64 || typeof value !== 'object' || value === null) return out;
  if (Array.isArray(value)) value.forEach((v, i) => protoKeyPaths(v, [...path, i], out, depth + 1));
  else {
    for (const k of Object.keys(value)) {
      if (k === '__proto__') out.push(jsonPath([...path, k]));
      protoKeyPaths((value as Record<string, unknown>)[k], [...path, k], out, depth + 1);
    }
  }
  return out;
}
