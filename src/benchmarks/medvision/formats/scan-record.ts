/**
 * Fast path over one JSONL record: walks the top-level object byte by byte, returns the byte
 * ranges of the keys we need and skips the rest (the long `resps` / `input` free text) with
 * native `indexOf`, without building strings for it. Returns null when the line is not a
 * well-formed top-level object, or repeats a key in an object it walks; the caller then re-parses
 * it with the full parser, which locates the error. (Objects inside skipped values are not walked:
 * nothing in them is ever read.)
 */
const QUOTE = 0x22, BACKSLASH = 0x5c, COLON = 0x3a, COMMA = 0x2c;
const LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d;

const isWs = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Index just past the closing quote of the string starting at `p`, or -1. */
function skipString(buf: Buffer, p: number, end: number): number {
  // Short strings (keys, small values) are cheaper to walk in JS than to hand to native indexOf.
  const stop = Math.min(end, p + 48);
  for (let i = p + 1; i < stop; i++) {
    const b = buf[i];
    if (b === BACKSLASH) { i++; continue; }
    if (b === QUOTE) return i + 1;
  }
  let q = Math.min(end, p + 47);
  for (;;) {
    q = buf.indexOf(QUOTE, q + 1);
    if (q < 0 || q >= end) return -1;
    let bs = 0;
    for (let j = q - 1; buf[j] === BACKSLASH; j--) bs++;
    if ((bs & 1) === 0) return q + 1;
  }
}

/** Index just past the value starting at `p`, or -1. */
function skipValue(buf: Buffer, p: number, end: number): number {
  const c = buf[p];
  if (c === QUOTE) return skipString(buf, p, end);
  if (c === LBRACE || c === LBRACKET) {
    let depth = 0;
    let i = p;
    while (i < end) {
      const b = buf[i]!;
      if (b === QUOTE) {
        i = skipString(buf, i, end);
        if (i < 0) return -1;
        continue;
      }
      if (b === LBRACE || b === LBRACKET) depth++;
      else if (b === RBRACE || b === RBRACKET) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }
  let i = p;
  while (i < end) {
    const b = buf[i]!;
    if (b === COMMA || b === RBRACE || b === RBRACKET || isWs(b)) break;
    i++;
  }
  return i > p ? i : -1;
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
}

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
  };
}

/** The value range of `key` from the last scan, or undefined. */
export function rangeOf(spec: KeySpec, key: string): [number, number] | undefined {
  const k = spec.keys.indexOf(key);
  return k < 0 || spec.ranges[2 * k]! < 0 ? undefined : [spec.ranges[2 * k]!, spec.ranges[2 * k + 1]!];
}

/** Number of the wanted key spelled by bytes [s, s + len), or −1 (escaped keys never match: none of ours need escapes). */
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
 * Keys we do not read, at the levels the scan walks: (start, length) pairs on a stack shared by the
 * nesting levels, compared with the earlier keys of the same object so a repeat is found without
 * building strings (records carry about ten such keys per level).
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

/** Scan one record (a top-level object filling the whole range); false when it is not well formed. */
export function scanRecord(buf: Buffer, start: number, end: number, spec: KeySpec): boolean {
  reset(spec);
  othersTop = 0;
  const i = scanObject(buf, start, end, spec);
  if (i < 0) return false;
  let j = i;
  while (j < end && isWs(buf[j])) j++;
  return j === end;
}

/** Scan the object starting at `start` (after whitespace); returns the index past its `}` or -1. */
function scanObject(buf: Buffer, start: number, end: number, spec: KeySpec): number {
  const ranges = spec.ranges;
  const base = othersTop;
  let i = start;
  while (i < end && isWs(buf[i])) i++;
  if (buf[i] !== LBRACE) return -1;
  i++;
  while (i < end && isWs(buf[i])) i++;
  if (buf[i] === RBRACE) return i + 1; // {}: the schema check reports the missing fields
  for (;;) {
    while (i < end && isWs(buf[i])) i++;
    if (buf[i] !== QUOTE) return -1;
    const keyEnd = skipString(buf, i, end);
    if (keyEnd < 0) return -1;
    const k = matchKey(buf, i + 1, keyEnd - i - 2, spec);
    if (k < 0) {
      // An escaped key could spell a wanted one ("doc\u005fid"): the full parser decides.
      for (let q = i + 1; q < keyEnd - 1; q++) if (buf[q] === BACKSLASH) return -1;
      if (seenBefore(buf, i + 1, keyEnd - i - 2, base)) return -1;
    }
    i = keyEnd;
    while (i < end && isWs(buf[i])) i++;
    if (buf[i] !== COLON) return -1;
    i++;
    while (i < end && isWs(buf[i])) i++;
    // A wanted key seen twice: not well formed here, so the full parser reports the duplicate
    // with its path (JSON.parse would silently keep the last value).
    if (k >= 0 && ranges[2 * k]! >= 0) return -1;
    // The nested object is scanned for its own keys on the way, not skipped and rescanned.
    let vEnd: number;
    if (k >= 0 && k === spec.nestedIndex && buf[i] === LBRACE) {
      const mark = othersTop;
      vEnd = scanObject(buf, i, end, spec.nested!);
      othersTop = mark;
    } else vEnd = skipValue(buf, i, end);
    if (vEnd < 0) return -1;
    if (k >= 0) {
      ranges[2 * k] = i;
      ranges[2 * k + 1] = vEnd;
    }
    i = vEnd;
    while (i < end && isWs(buf[i])) i++;
    if (buf[i] === COMMA) { i++; continue; }
    if (buf[i] === RBRACE) return i + 1;
    return -1;
  }
}
