/**
 * Fast path over one JSONL record: walks the top-level object byte by byte, returns the byte
 * ranges of the keys we need and skips the rest (the long `resps` / `input` free text) with
 * native `indexOf`, without building strings for it. Returns null when the line is not a
 * well-formed top-level object; the caller then re-parses it to locate the error.
 */
const QUOTE = 0x22, BACKSLASH = 0x5c, COLON = 0x3a, COMMA = 0x2c;
const LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d;

const isWs = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Index just past the closing quote of the string starting at `p`, or -1. */
function skipString(buf: Buffer, p: number, end: number): number {
  let q = p;
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

export type Ranges = Map<string, [number, number]>;

/** Wanted keys by byte length, so keys are matched against the bytes without making strings. */
type KeyTable = Map<number, { key: string; bytes: Buffer }[]>;
const keyTables = new WeakMap<ReadonlySet<string>, KeyTable>();

function keyTable(wanted: ReadonlySet<string>): KeyTable {
  let table = keyTables.get(wanted);
  if (!table) {
    table = new Map();
    for (const key of wanted) {
      const bytes = Buffer.from(key, 'latin1');
      const list = table.get(bytes.length) ?? [];
      list.push({ key, bytes });
      table.set(bytes.length, list);
    }
    keyTables.set(wanted, table);
  }
  return table;
}

/** The wanted key spelled by bytes [s, s + len), or '' (escaped keys never match: none of ours need escapes). */
function matchKey(buf: Buffer, s: number, len: number, table: KeyTable): string {
  const candidates = table.get(len);
  if (!candidates) return '';
  outer: for (const c of candidates) {
    for (let i = 0; i < len; i++) if (buf[s + i] !== c.bytes[i]) continue outer;
    return c.key;
  }
  return '';
}

/** A nested object to extract in the same pass: its key at the top level and its own wanted keys. */
export interface Nested {
  key: string;
  wanted: ReadonlySet<string>;
  out: Ranges;
  /** One more level, e.g. `doc.biometric_profile`. */
  nested?: Nested;
}

export function scanTopLevel(buf: Buffer, start: number, end: number, wanted: ReadonlySet<string>, nested?: Nested): Ranges | null {
  const out: Ranges = new Map();
  const i = scanObject(buf, start, end, wanted, out, nested);
  if (i < 0) return null;
  let j = i;
  while (j < end && isWs(buf[j])) j++;
  return j === end ? out : null;
}

/** Scan the object starting at `start` (after whitespace); returns the index past its `}` or -1. */
function scanObject(buf: Buffer, start: number, end: number, wanted: ReadonlySet<string>, out: Ranges, nested?: Nested): number {
  const table = keyTable(wanted);
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
    const key = matchKey(buf, i + 1, keyEnd - i - 2, table);
    i = keyEnd;
    while (i < end && isWs(buf[i])) i++;
    if (buf[i] !== COLON) return -1;
    i++;
    while (i < end && isWs(buf[i])) i++;
    // The nested object is scanned for its own keys on the way, not skipped and rescanned.
    const vEnd = nested && key === nested.key && buf[i] === LBRACE
      ? scanObject(buf, i, end, nested.wanted, nested.out, nested.nested)
      : skipValue(buf, i, end);
    if (vEnd < 0) return -1;
    if (key !== '') out.set(key, [i, vEnd]);
    i = vEnd;
    while (i < end && isWs(buf[i])) i++;
    if (buf[i] === COMMA) { i++; continue; }
    if (buf[i] === RBRACE) return i + 1;
    return -1;
  }
}
