import { parseJsonValue } from '../../../core/tolerant-json';

/**
 * Parse a small JSON value straight from bytes: plain strings, numbers and flat number lists
 * (the shapes of the record fields we read) without an intermediate JSON.parse; anything else
 * goes through the full parser, so the result is always what JSON.parse (plus NaN) would give.
 */
const QUOTE = 0x22, BACKSLASH = 0x5c, LBRACKET = 0x5b, RBRACKET = 0x5d, COMMA = 0x2c, MINUS = 0x2d, DOT = 0x2e;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
/**
 * Decode bytes as UTF-8 without `toString`'s encoding dispatch (a measurable share of a record's
 * cost, for its half-dozen short strings); `utf8Slice` is what `toString('utf8')` calls.
 */
export const utf8 = (buf: Buffer, s: number, e: number): string => (buf as unknown as { utf8Slice(s: number, e: number): string }).utf8Slice(s, e);
const isWs = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/** End of a JSON number starting at `p` (strict grammar), or -1. */
function numberEnd(buf: Buffer, p: number, end: number): number {
  let i = p;
  if (buf[i] === MINUS) i++;
  if (i >= end || !isDigit(buf[i]!)) return -1;
  if (buf[i] === 0x30) i++;
  else while (i < end && isDigit(buf[i]!)) i++;
  if (i < end && buf[i] === DOT) {
    i++;
    if (i >= end || !isDigit(buf[i]!)) return -1;
    while (i < end && isDigit(buf[i]!)) i++;
  }
  if (i < end && (buf[i] === 0x65 || buf[i] === 0x45)) {
    i++;
    if (i < end && (buf[i] === 0x2b || buf[i] === MINUS)) i++;
    if (i >= end || !isDigit(buf[i]!)) return -1;
    while (i < end && isDigit(buf[i]!)) i++;
  }
  return i;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/**
 * A JSON number's value. Plain decimals with at most 15 digits are computed as m / 10^k, which is
 * correctly rounded because both operands are exact doubles (Clinger's fast path); anything else
 * (exponents, long mantissas) goes through Number().
 */
function numberValue(buf: Buffer, s: number, e: number): number {
  let i = s;
  const neg = buf[i] === MINUS;
  if (neg) i++;
  let m = 0;
  let digits = 0;
  let frac = 0;
  let seenDot = false;
  for (; i < e; i++) {
    const b = buf[i]!;
    if (b === DOT) { seenDot = true; continue; }
    if (!isDigit(b) || digits >= 15) return Number(buf.toString('latin1', s, e));
    m = m * 10 + (b - 0x30);
    if (m !== 0 || seenDot) digits++;
    if (seenDot) frac++;
  }
  const v = frac === 0 ? m : m / POW10[frac]!;
  return neg ? -v : v;
}

function numberList(buf: Buffer, s: number, e: number): number[] | undefined {
  const out: number[] = [];
  let i = s + 1;
  while (i < e && isWs(buf[i]!)) i++;
  if (buf[i] === RBRACKET) return i === e - 1 ? out : undefined;
  for (;;) {
    while (i < e && isWs(buf[i]!)) i++;
    const j = numberEnd(buf, i, e);
    if (j < 0) return undefined;
    out.push(numberValue(buf, i, j));
    i = j;
    while (i < e && isWs(buf[i]!)) i++;
    if (buf[i] === COMMA) { i++; continue; }
    if (buf[i] === RBRACKET && i === e - 1) return out;
    return undefined;
  }
}

/** End of a plain string (no escapes, no control characters) starting at `p`, or -1. */
function plainStringEnd(buf: Buffer, p: number, e: number): number {
  if (buf[p] !== QUOTE) return -1;
  for (let i = p + 1; i < e; i++) {
    const b = buf[i]!;
    if (b === QUOTE) return i + 1;
    if (b === BACKSLASH || b < 0x20) return -1;
  }
  return -1;
}

function stringList(buf: Buffer, s: number, e: number): string[] | undefined {
  const out: string[] = [];
  let i = s + 1;
  while (i < e && isWs(buf[i]!)) i++;
  if (buf[i] === RBRACKET) return i === e - 1 ? out : undefined;
  for (;;) {
    while (i < e && isWs(buf[i]!)) i++;
    const j = plainStringEnd(buf, i, e);
    if (j < 0) return undefined;
    out.push(utf8(buf, i + 1, j - 1));
    i = j;
    while (i < e && isWs(buf[i]!)) i++;
    if (buf[i] === COMMA) { i++; continue; }
    if (buf[i] === RBRACKET && i === e - 1) return out;
    return undefined;
  }
}

export function parseSmallJson(buf: Buffer, s: number, e: number): unknown {
  const c = buf[s];
  if (c === QUOTE) {
    if (plainStringEnd(buf, s, e) === e) return utf8(buf, s + 1, e - 1);
  } else if (c === LBRACKET) {
    let i = s + 1;
    while (i < e && isWs(buf[i]!)) i++;
    const list = buf[i] === QUOTE ? stringList(buf, s, e) : numberList(buf, s, e);
    if (list) return list;
  } else if (c !== undefined && (c === MINUS || isDigit(c))) {
    if (numberEnd(buf, s, e) === e) return numberValue(buf, s, e);
  }
  return parseJsonValue(buf.toString('utf8', s, e));
}

/** The fast shapes only (string, number, flat list); null when the value needs the full parser. */
export function parseSmallJsonOrNull(buf: Buffer, s: number, e: number): unknown {
  const c = buf[s];
  if (c === LBRACKET) {
    let i = s + 1;
    while (i < e && isWs(buf[i]!)) i++;
    return (buf[i] === QUOTE ? stringList(buf, s, e) : numberList(buf, s, e)) ?? null;
  }
  if (c !== undefined && (c === MINUS || isDigit(c)) && numberEnd(buf, s, e) === e) return numberValue(buf, s, e);
  return null;
}
