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

const keyLengths = new WeakMap<ReadonlySet<string>, Set<number>>();

export function scanTopLevel(buf: Buffer, start: number, end: number, wanted: ReadonlySet<string>): Ranges | null {
  let lengths = keyLengths.get(wanted);
  if (!lengths) keyLengths.set(wanted, (lengths = new Set([...wanted].map((k) => Buffer.byteLength(k)))));
  const out: Ranges = new Map();
  let i = start;
  while (i < end && isWs(buf[i])) i++;
  if (buf[i] !== LBRACE) return null;
  i++;
  while (i < end && isWs(buf[i])) i++;
  if (buf[i] === RBRACE) return out; // {}: the schema check reports the missing fields
  for (;;) {
    while (i < end && isWs(buf[i])) i++;
    if (buf[i] !== QUOTE) return null;
    const keyEnd = skipString(buf, i, end);
    if (keyEnd < 0) return null;
    // Only keys of a wanted length become strings: most keys are skipped without allocating.
    const key = lengths.has(keyEnd - i - 2) ? buf.toString('latin1', i + 1, keyEnd - 1) : '';
    i = keyEnd;
    while (i < end && isWs(buf[i])) i++;
    if (buf[i] !== COLON) return null;
    i++;
    while (i < end && isWs(buf[i])) i++;
    const vEnd = skipValue(buf, i, end);
    if (vEnd < 0) return null;
    if (wanted.has(key)) out.set(key, [i, vEnd]);
    i = vEnd;
    while (i < end && isWs(buf[i])) i++;
    if (buf[i] === COMMA) { i++; continue; }
    if (buf[i] === RBRACE) { i++; break; }
    return null;
  }
  while (i < end && isWs(buf[i])) i++;
  return i === end ? out : null;
}
