/**
 * A JSON parser that also accepts Python's bare `NaN`, `Infinity` and `-Infinity` (json.dump
 * writes them) and, on malformed input, says where: the JSON path being read and the column.
 * Used for error reporting and for small values; the hot path uses JSON.parse first.
 */
import { jsonPath } from './findings';

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly pointer: string,
    readonly column: number,
  ) {
    super(message);
  }
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

export function parseTolerantJson(text: string): unknown {
  let i = 0;
  const path: (string | number)[] = [];
  const fail = (msg: string): never => {
    throw new JsonSyntaxError(
      i >= text.length ? `${msg}: unexpected end of input (truncated record?)` : `${msg} at column ${i + 1}`,
      jsonPath(path),
      i + 1,
    );
  };
  const skipWs = () => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  };
  const literal = (word: string, value: unknown) => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return value;
    }
    return fail('invalid token');
  };
  function parseString(): string {
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
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail('invalid number');
    i += m[0].length;
    return Number(m[0]);
  }
  function parseValue(): unknown {
    skipWs();
    const c = text[i];
    switch (c) {
      case '{': {
        i++;
        const obj: Record<string, unknown> = {};
        skipWs();
        if (text[i] === '}') { i++; return obj; }
        for (;;) {
          skipWs();
          if (text[i] !== '"') return fail('expected a key string');
          const key = parseString();
          skipWs();
          if (text[i] !== ':') return fail(`expected ':' after key ${JSON.stringify(key)}`);
          i++;
          path.push(key);
          obj[key] = parseValue();
          path.pop();
          skipWs();
          if (text[i] === ',') { i++; continue; }
          if (text[i] === '}') { i++; return obj; }
          return fail("expected ',' or '}'");
        }
      }
      case '[': {
        i++;
        const arr: unknown[] = [];
        skipWs();
        if (text[i] === ']') { i++; return arr; }
        for (;;) {
          path.push(arr.length);
          arr.push(parseValue());
          path.pop();
          skipWs();
          if (text[i] === ',') { i++; continue; }
          if (text[i] === ']') { i++; return arr; }
          return fail("expected ',' or ']'");
        }
      }
      case '"': return parseString();
      case 't': return literal('true', true);
      case 'f': return literal('false', false);
      case 'n': return literal('null', null);
      case 'N': return literal('NaN', NaN);
      case 'I': return literal('Infinity', Infinity);
      case undefined: return fail('expected a value');
      default:
        if (c === '-' && text.startsWith('-Infinity', i)) { i += 9; return -Infinity; }
        return parseNumber();
    }
  }
  const value = parseValue();
  skipWs();
  if (i < text.length) fail('unexpected text after the value');
  return value;
}

/** JSON.parse when it can, the tolerant parser when Python wrote NaN/Infinity (or to locate an error). */
export function parseJsonValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return parseTolerantJson(text);
  }
}
