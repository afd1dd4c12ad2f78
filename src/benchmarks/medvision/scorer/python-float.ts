/**
 * Python's `float(str)` and `str.strip()`, which upstream applies to every prediction part
 * (`np.float32(part.strip())`): Unicode digits, `_` separators, `nan`/`inf`/`infinity`.
 */

// CPython's str.isspace() set (Py_UNICODE_ISSPACE); differs from JS `\s` (no U+FEFF, adds U+001C–U+001F, U+0085).
const PY_SPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680,
  0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

export function isPySpace(ch: string): boolean {
  return PY_SPACE.has(ch.codePointAt(0)!);
}

/** Python `str.strip()` with no argument. */
export function pyStrip(s: string): string {
  const n = s.length;
  if (n === 0 || (s.charCodeAt(0) > 0x20 && s.charCodeAt(0) < 0x7f && s.charCodeAt(n - 1) > 0x20 && s.charCodeAt(n - 1) < 0x7f)) return s;
  let start = 0;
  let end = s.length;
  while (start < end && PY_SPACE.has(s.charCodeAt(start))) start++;
  while (end > start && PY_SPACE.has(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

const ND = /^\p{Nd}$/u;

/** Value 0–9 of a Unicode decimal digit (digits come in runs of ten starting at zero). */
function digitValue(cp: number): number {
  if (cp >= 0x30 && cp <= 0x39) return cp - 0x30;
  let start = cp;
  while (ND.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

const SPECIAL = /^[+-]?(nan|inf|infinity)$/i;
// After mapping Unicode digits to ASCII: digits with single `_` between digits (PEP 515).
const DIGITS = '[0-9](?:_?[0-9])*';
const FLOAT_SYNTAX = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);

/** Python `float(s)` → number, or `null` where Python raises ValueError. */
// Plain ASCII decimals (the common case) parse directly; everything else takes the full path.
const SIMPLE = /^[+-]?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?$/;

export function pyFloat(s: string): number | null {
  if (SIMPLE.test(s)) return Number(s);
  const t = pyStrip(s);
  if (t.length === 0) return null;
  let ascii = '';
  for (const ch of t) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) ascii += ch;
    else if (ND.test(ch)) ascii += String(digitValue(cp));
    else return null;
  }
  const special = SPECIAL.exec(ascii);
  if (special) {
    if (special[1]!.toLowerCase() === 'nan') return NaN;
    return ascii.startsWith('-') ? -Infinity : Infinity;
  }
  if (!FLOAT_SYNTAX.test(ascii)) return null;
  return Number(ascii.replace(/_/g, ''));
}
