/**
 * Fast path over one JSONL record: validates the whole line as JSON in one pass over its bytes and
 * returns the byte ranges of the keys we need, without building strings or objects for the rest
 * (the long `input` / `resps` free text is checked, not decoded: `stringStop` finds its end 16
 * bytes at a time). Returns false when the line is not a top-level object the full parser
 * (`parseTolerantJson`) accepts: malformed JSON anywhere on the line, a key repeated in any object,
 * a key written with escapes (its decoded spelling could repeat another), nesting deeper than
 * `MAX_DEPTH`. The caller then re-parses the line with the full parser, which locates the error
 * (or, for escaped keys and deep nesting, decides). So a line the scan accepts is one the full
 * parser accepts with the same values; a property test holds the two together.
 */
import { stringStopFor } from '../../../core/string-stop';

const QUOTE = 0x22, BACKSLASH = 0x5c, COLON = 0x3a, COMMA = 0x2c, MINUS = 0x2d, DOT = 0x2e;
const LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d;
const MAX_DEPTH = 64;

const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

function skipWs(buf: Buffer, i: number, end: number): number {
  // Most calls meet a token at once: one compare rules out every byte above the space.
  while (i < end && buf[i]! <= 0x20 && isWs(buf[i]!)) i++;
  return i;
}

/** `stringStop` for the buffer being scanned, and that buffer. */
let stringStop: (p: number, end: number) => number = () => -1;
let boundTo: Buffer | undefined;

/**
 * Escapes seen that spell a printable ASCII character other than `"` and `\` (`\/`, `\u0000`–`\u007f`):
 * counted so a value can tell whether its bytes, read as text, could hide an ASCII tag.
 */
let asciiEscapes = 0;

/** Bytes of a string walked in JavaScript before the SIMD kernel is worth its call. */
const SHORT = 24;

/**
 * Index just past the closing quote of the JSON string opening at `p`, or -1 when it is not a
 * valid JSON string (unterminated, a raw control character, a bad escape).
 */
function skipString(buf: Buffer, p: number, end: number): number {
  let i = p + 1;
  const stop = Math.min(end, i + SHORT);
  while (i < stop) {
    const b = buf[i]!;
    if (b === QUOTE) return i + 1;
    if (b === BACKSLASH || b < 0x20) break;
    i++;
  }
  if (i === stop) i = stringStop(i, end);
  for (;;) {
    if (i >= end) return -1;
    const b = buf[i]!;
    if (b === QUOTE) return i + 1;
    if (b !== BACKSLASH || i + 1 >= end) return -1; // a raw control character, or a cut escape
    const e = buf[i + 1];
    if (e === 0x75) {
      if (i + 6 > end || !isHex(buf[i + 2]!) || !isHex(buf[i + 3]!) || !isHex(buf[i + 4]!) || !isHex(buf[i + 5]!)) return -1;
      if (buf[i + 2] === 0x30 && buf[i + 3] === 0x30 && buf[i + 4]! <= 0x37) asciiEscapes++; // \u0000–\u007f
      i += 6;
    } else if (e === 0x2f) {
      asciiEscapes++;
      i += 2;
    } else if (e === QUOTE || e === BACKSLASH || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) i += 2;
    else return -1;
    i = stringStop(i, end);
  }
}

function skipDigits(buf: Buffer, i: number, end: number): number {
  while (i < end && isDigit(buf[i]!)) i++;
  return i;
}

const matchesAt = (buf: Buffer, i: number, end: number, word: Buffer) => i + word.length <= end && buf.compare(word, 0, word.length, i, i + word.length) === 0;
const TRUE = Buffer.from('true'), FALSE = Buffer.from('false'), NULL = Buffer.from('null');
const NAN = Buffer.from('NaN'), INFINITY = Buffer.from('Infinity');

/** Index just past the number (or Python's NaN / ±Infinity) at `p`, or -1: the full parser's number grammar. */
function skipNumber(buf: Buffer, p: number, end: number): number {
  let i = p;
  if (buf[i] === MINUS) {
    i++;
    if (buf[i] === 0x49) return matchesAt(buf, i, end, INFINITY) ? i + 8 : -1;
  }
  if (i >= end) return -1;
  const first = buf[i]!;
  if (first === 0x30) i++;
  else if (first >= 0x31 && first <= 0x39) i = skipDigits(buf, i + 1, end);
  else return -1;
  if (i + 1 < end && buf[i] === DOT && isDigit(buf[i + 1]!)) i = skipDigits(buf, i + 2, end);
  const e = buf[i];
  if (i < end && (e === 0x65 || e === 0x45)) {
    let k = i + 1;
    if (k < end && (buf[k] === 0x2b || buf[k] === MINUS)) k++;
    if (k < end && isDigit(buf[k]!)) i = skipDigits(buf, k + 1, end);
  }
  return i;
}

/** Index just past the value starting at `p` (no whitespace before it), or -1. */
function skipValue(buf: Buffer, p: number, end: number, depth: number): number {
  if (p >= end) return -1;
  const c = buf[p]!;
  if (c === QUOTE) return skipString(buf, p, end);
  if (c === LBRACE) return scanObject(buf, p, end, undefined, depth + 1);
  if (c === LBRACKET) return skipArray(buf, p, end, depth + 1);
  if (c === 0x74) return matchesAt(buf, p, end, TRUE) ? p + 4 : -1;
  if (c === 0x66) return matchesAt(buf, p, end, FALSE) ? p + 5 : -1;
  if (c === 0x6e) return matchesAt(buf, p, end, NULL) ? p + 4 : -1;
  if (c === 0x4e) return matchesAt(buf, p, end, NAN) ? p + 3 : -1;
  if (c === 0x49) return matchesAt(buf, p, end, INFINITY) ? p + 8 : -1;
  return skipNumber(buf, p, end);
}

function skipArray(buf: Buffer, p: number, end: number, depth: number): number {
  if (depth > MAX_DEPTH) return -1;
  let i = skipWs(buf, p + 1, end);
  if (buf[i] === RBRACKET && i < end) return i + 1;
  for (;;) {
    i = skipValue(buf, skipWs(buf, i, end), end, depth);
    if (i < 0) return -1;
    i = skipWs(buf, i, end);
    if (i >= end) return -1;
    if (buf[i] === COMMA) { i++; continue; }
    if (buf[i] === RBRACKET) return i + 1;
    return -1;
  }
}

/**
 * The keys to extract at one object level, compiled once per reader. `ranges` holds, for key
 * number k, its value's byte range at [2k, 2k + 1] (−1 when absent), refilled by every scan.
 */
export interface KeySpec {
  keys: readonly string[];
  ranges: Int32Array;
  /** Keys by byte length, matched against the bytes without making strings. */
  table: ({ index: number; bytes: Buffer }[] | undefined)[];
  /** Key number of the nested object scanned in the same pass (−1: none) and its spec. */
  nestedIndex: number;
  nested?: KeySpec;
  /** The keys of the last object scanned at this level in full, for the next record (see `KeyTemplate`). */
  template: KeyTemplate;
  /** Per key: 1 when its located value holds an escape spelling an ASCII character (`\/`, `\u00XX` below 0x80). */
  asciiEscaped: Uint8Array;
}

/**
 * The key sequence of the last object at one level that was scanned key by key and passed: its
 * keys are distinct and written without escapes. Records of one file nearly always repeat it, so
 * the next object's keys are compared with it byte for byte: keys equal to a prefix of a sequence
 * of distinct keys are distinct, with no escape to decode, and their key numbers are known. Only
 * an object whose keys diverge is rescanned key by key (repeats and escapes checked), and becomes
 * the template.
 */
interface KeyTemplate {
  count: number;
  /** Key bytes, back to back; key j is bytes [start[j], start[j] + len[j]). */
  bytes: Uint8Array;
  start: Int32Array;
  len: Int32Array;
  /** The key's number in the spec, −1 for a key not extracted. */
  index: Int32Array;
}

const emptyTemplate = (): KeyTemplate => ({ count: 0, bytes: new Uint8Array(256), start: new Int32Array(32), len: new Int32Array(32), index: new Int32Array(32) });

export function keySpec(keys: readonly string[], nested?: { key: string; spec: KeySpec }): KeySpec {
  const table: KeySpec['table'] = [];
  keys.forEach((key, index) => {
    const bytes = Buffer.from(key, 'latin1');
    (table[bytes.length] ??= []).push({ index, bytes });
  });
  return {
    keys,
    ranges: new Int32Array(keys.length * 2).fill(-1),
    table,
    nestedIndex: nested ? keys.indexOf(nested.key) : -1,
    ...(nested ? { nested: nested.spec } : {}),
    template: emptyTemplate(),
    asciiEscaped: new Uint8Array(keys.length),
  };
}

/** Whether the value of key number `k` (located by the last scan) holds an escape spelling an ASCII character. */
export const hasAsciiEscape = (spec: KeySpec, k: number): boolean => spec.asciiEscaped[k] === 1;

/** The value range of `key` from the last scan, or undefined. */
export function rangeOf(spec: KeySpec, key: string): [number, number] | undefined {
  const k = spec.keys.indexOf(key);
  return k < 0 || spec.ranges[2 * k]! < 0 ? undefined : [spec.ranges[2 * k]!, spec.ranges[2 * k + 1]!];
}

/** Number of the wanted key spelled by bytes [s, s + len), or −1. */
function matchKey(buf: Buffer, s: number, len: number, spec: KeySpec): number {
  const candidates = len < spec.table.length ? spec.table[len] : undefined;
  if (candidates === undefined) return -1;
  outer: for (let k = 0; k < candidates.length; k++) {
    const c = candidates[k]!;
    for (let i = 0; i < len; i++) if (buf[s + i] !== c.bytes[i]) continue outer;
    return c.index;
  }
  return -1;
}

/**
 * Keys not in a spec, at every level: (start, length) pairs on a stack shared by the nesting
 * levels, compared with the earlier keys of the same object so a repeat is found without building
 * strings (records carry about ten keys per object).
 */
let others = new Int32Array(256);
let othersTop = 0;

function seenBefore(buf: Buffer, s: number, len: number, base: number): boolean {
  outer: for (let j = base; j < othersTop; j += 2) {
    if (others[j + 1] !== len) continue;
    const t = others[j]!;
    for (let q = 0; q < len; q++) if (buf[s + q] !== buf[t + q]) continue outer;
    return true;
  }
  if (othersTop + 2 > others.length) {
    const bigger = new Int32Array(others.length * 2);
    bigger.set(others);
    others = bigger;
  }
  others[othersTop++] = s;
  others[othersTop++] = len;
  return false;
}

function reset(spec: KeySpec): void {
  spec.ranges.fill(-1);
  if (spec.nested) reset(spec.nested);
}

/** Scan one record (a top-level object filling the whole range); false when the full parser must decide. */
export function scanRecord(buf: Buffer, start: number, end: number, spec: KeySpec): boolean {
  reset(spec);
  othersTop = 0;
  // Bound again only for another Buffer: one Buffer's memory never changes (a grown WebAssembly
  // memory gives the reader a new view), and asking a Memory for its buffer is a slow API call.
  if (buf !== boundTo) {
    stringStop = stringStopFor(buf);
    boundTo = buf;
  }
  const i = skipWs(buf, start, end);
  if (buf[i] !== LBRACE || i >= end) return false;
  const j = scanObject(buf, i, end, spec, 1);
  return j >= 0 && skipWs(buf, j, end) === end;
}

/** Result of `followTemplate` when the keys diverge from the template: scan key by key. */
const DIVERGED = -2;

/** Scan the object whose `{` is at `p`, recording the ranges of `spec`'s keys; the index past its `}` or -1. */
function scanObject(buf: Buffer, p: number, end: number, spec: KeySpec | undefined, depth: number): number {
  if (depth > MAX_DEPTH) return -1;
  if (spec && spec.template.count > 0) {
    const j = followTemplate(buf, p, end, spec, depth);
    if (j !== DIVERGED) return j;
    resetLevel(spec);
  }
  return scanKeys(buf, p, end, spec, depth);
}

/** Clear the ranges of `spec` (and of the levels below it) a diverged attempt may have filled. */
function resetLevel(spec: KeySpec): void {
  spec.ranges.fill(-1);
  if (spec.nested) reset(spec.nested);
}

/** Whether bytes [s, s + len) of `buf` equal bytes [t, t + len) of `tpl`. */
function sameBytes(buf: Buffer, s: number, tpl: Uint8Array, t: number, len: number): boolean {
  for (let q = 0; q < len; q++) if (buf[s + q] !== tpl[t + q]) return false;
  return true;
}

/**
 * Scan the object at `p` whose keys are, in order, a prefix of the template's: the index past its
 * `}`, -1 when it is malformed, or DIVERGED at the first key that is not the template's next one.
 */
function followTemplate(buf: Buffer, p: number, end: number, spec: KeySpec, depth: number): number {
  const tpl = spec.template;
  let i = skipWs(buf, p + 1, end);
  if (buf[i] === RBRACE && i < end) return i + 1;
  for (let j = 0; ; j++) {
    i = skipWs(buf, i, end);
    if (buf[i] !== QUOTE || i >= end) return -1;
    if (j >= tpl.count) return DIVERGED;
    const len = tpl.len[j]!;
    const keyEnd = i + len + 2;
    if (keyEnd > end || buf[keyEnd - 1] !== QUOTE || !sameBytes(buf, i + 1, tpl.bytes, tpl.start[j]!, len)) return DIVERGED;
    const k = tpl.index[j]!;
    i = skipWs(buf, keyEnd, end);
    if (buf[i] !== COLON || i >= end) return -1;
    i = skipWs(buf, i + 1, end);
    const mark = othersTop;
    const escapes = asciiEscapes;
    const vEnd = k >= 0 && k === spec.nestedIndex && buf[i] === LBRACE && i < end ? scanObject(buf, i, end, spec.nested!, depth + 1) : skipValue(buf, i, end, depth);
    othersTop = mark;
    if (vEnd < 0) return -1;
    if (k >= 0) {
      spec.ranges[2 * k] = i;
      spec.ranges[2 * k + 1] = vEnd;
      spec.asciiEscaped[k] = asciiEscapes === escapes ? 0 : 1;
    }
    i = skipWs(buf, vEnd, end);
    if (i >= end) return -1;
    if (buf[i] === COMMA) { i++; continue; }
    if (buf[i] === RBRACE) return i + 1;
    return -1;
  }
}

/** Append key bytes [s, s + len) with key number `k` to a template being rebuilt. */
function learnKey(tpl: KeyTemplate, buf: Buffer, s: number, len: number, k: number): void {
  const j = tpl.count;
  const at = j === 0 ? 0 : tpl.start[j - 1]! + tpl.len[j - 1]!;
  if (j === tpl.start.length) {
    const grow = (a: Int32Array) => { const b = new Int32Array(a.length * 2); b.set(a); return b; };
    tpl.start = grow(tpl.start);
    tpl.len = grow(tpl.len);
    tpl.index = grow(tpl.index);
  }
  if (at + len > tpl.bytes.length) {
    const b = new Uint8Array(Math.max(tpl.bytes.length * 2, at + len));
    b.set(tpl.bytes);
    tpl.bytes = b;
  }
  tpl.bytes.set(buf.subarray(s, s + len), at);
  tpl.start[j] = at;
  tpl.len[j] = len;
  tpl.index[j] = k;
  tpl.count = j + 1;
}

/** Scan key by key (repeats and escaped keys checked); a spec's template becomes this object's keys when it passes. */
function scanKeys(buf: Buffer, p: number, end: number, spec: KeySpec | undefined, depth: number): number {
  const base = othersTop;
  let i = skipWs(buf, p + 1, end);
  if (buf[i] === RBRACE && i < end) return i + 1;
  // Rebuilt as the keys go by; kept only if the whole object passes.
  const tpl = spec ? ((spec.template.count = 0), spec.template) : undefined;
  for (;;) {
    i = skipWs(buf, i, end);
    if (buf[i] !== QUOTE || i >= end) return fail(tpl);
    const keyStart = i + 1;
    const keyEnd = skipString(buf, i, end);
    if (keyEnd < 0) return fail(tpl);
    const len = keyEnd - i - 2;
    const k = spec ? matchKey(buf, i + 1, len, spec) : -1;
    if (k < 0) {
      // An escaped key could spell another one ("doc\u005fid"): the full parser decides.
      for (let q = i + 1; q < keyEnd - 1; q++) if (buf[q] === BACKSLASH) return fail(tpl);
      if (seenBefore(buf, i + 1, len, base)) return fail(tpl);
    }
    // A wanted key seen twice: the full parser reports the duplicate with its path.
    if (k >= 0 && spec!.ranges[2 * k]! >= 0) return fail(tpl);
    i = skipWs(buf, keyEnd, end);
    if (buf[i] !== COLON || i >= end) return fail(tpl);
    i = skipWs(buf, i + 1, end);
    let vEnd: number;
    const escapes = asciiEscapes;
    if (k >= 0 && k === spec!.nestedIndex && buf[i] === LBRACE && i < end) {
      // The nested object is scanned for its own keys on the way, not skipped and rescanned.
      const mark = othersTop;
      vEnd = scanObject(buf, i, end, spec!.nested!, depth + 1);
      othersTop = mark;
    } else {
      const mark = othersTop;
      vEnd = skipValue(buf, i, end, depth);
      othersTop = mark;
    }
    if (vEnd < 0) return fail(tpl);
    if (k >= 0) {
      spec!.ranges[2 * k] = i;
      spec!.ranges[2 * k + 1] = vEnd;
      spec!.asciiEscaped[k] = asciiEscapes === escapes ? 0 : 1;
    }
    if (tpl) learnKey(tpl, buf, keyStart, len, k);
    i = skipWs(buf, vEnd, end);
    if (i >= end) return fail(tpl);
    if (buf[i] === COMMA) { i++; continue; }
    if (buf[i] === RBRACE) return i + 1;
    return fail(tpl);
  }
}

/** A failed key-by-key scan leaves no template (its keys were not all checked). */
function fail(tpl: KeyTemplate | undefined): number {
  if (tpl) tpl.count = 0;
  return -1;
}
