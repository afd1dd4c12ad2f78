import { pyFloatRepr } from './py-float-repr';

/**
 * Python's `json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)`.
 * JS numbers carry no int/float distinction, so numbers stored under `floatKeys` are written as
 * Python floats (`221.0`) and all others as ints.
 */
export function pythonCanonicalJson(value: unknown, floatKeys: ReadonlySet<string>): string {
  return encode(value, false, floatKeys, new Map());
}

/** Records share a key set, so each distinct key list is sorted once per call. */
type SortedKeyCache = Map<string, string[]>;

function sortedKeys(obj: object, cache: SortedKeyCache): string[] {
  const keys = Object.keys(obj);
  const signature = keys.join('\u0000');
  let sorted = cache.get(signature);
  if (!sorted) cache.set(signature, (sorted = keys.slice().sort(compareCodePoints)));
  return sorted;
}

function encode(value: unknown, isFloat: boolean, floatKeys: ReadonlySet<string>, cache: SortedKeyCache): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (isFloat) return pyFloatJson(value);
    if (!Number.isSafeInteger(value)) throw new TypeError(`int field holds a non-integer ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return encodeString(value);
  if (Array.isArray(value)) return `[${value.map((v) => encode(v, isFloat, floatKeys, cache)).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = sortedKeys(record, cache).map((k) => `${encodeString(k)}:${encode(record[k], floatKeys.has(k), floatKeys, cache)}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`cannot encode ${typeof value}`);
}

function pyFloatJson(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  return pyFloatRepr(x);
}

const HAS_SURROGATE = /[\ud800-\udfff]/;

/** Python sorts str keys by code point; UTF-16 order agrees unless a surrogate is involved. */
function compareCodePoints(a: string, b: string): number {
  if (!HAS_SURROGATE.test(a) && !HAS_SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const ca = [...a].map((c) => c.codePointAt(0)!);
  const cb = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) if (ca[i] !== cb[i]) return ca[i]! - cb[i]!;
  return ca.length - cb.length;
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f',
};

/** ensure_ascii: everything outside printable ASCII becomes `\uXXXX` (UTF-16 units, lowercase hex). */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function encodeString(s: string): string {
  if (PLAIN_ASCII.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = s.charCodeAt(i);
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined) out += short;
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}
