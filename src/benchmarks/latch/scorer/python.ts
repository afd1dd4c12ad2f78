/** Ports of the few Python built-in semantics the graders rely on (float(), str.strip(), str(), repr()). */

const PY_WHITESPACE = new Set(
  [
    0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
    0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
  ].map((c) => String.fromCharCode(c)),
);

export function isPyWhitespace(ch: string): boolean {
  return PY_WHITESPACE.has(ch);
}

/** Python `str.strip()` with no argument (JS `trim()` differs on BOM, \x1c-\x1f and \x85). */
export function pyStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && PY_WHITESPACE.has(s[start]!)) start++;
  while (end > start && PY_WHITESPACE.has(s[end - 1]!)) end--;
  return s.slice(start, end);
}

const DECIMAL_DIGIT = /\p{Nd}/u;

/** Value of a Unicode decimal digit: Nd characters come in runs of ten starting at zero. */
function digitValue(ch: string): string {
  let cp = ch.codePointAt(0)!;
  let k = 0;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(cp - 1))) {
    cp--;
    k++;
  }
  return String(k % 10);
}

const FLOAT_LITERAL = /^[+-]?(?:(?:\d(?:_?\d)*)(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** Python `float(str)`: returns undefined where Python raises ValueError. */
export function pyFloat(s: string): number | undefined {
  const stripped = pyStrip(s);
  let ascii = '';
  for (const ch of stripped) ascii += /[0-9]/.test(ch) || !DECIMAL_DIGIT.test(ch) ? ch : digitValue(ch);
  const special = SPECIAL.exec(ascii);
  if (special) {
    if (special[2]!.toLowerCase() === 'nan') return NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  if (!FLOAT_LITERAL.test(ascii)) return undefined;
  return Number(ascii.replace(/_/g, ''));
}

/** Python `repr(float)`: shortest round-trip digits, scientific outside 1e-4 <= |x| < 1e16. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, expText] = x.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= 16) {
    const sign = exp < 0 ? '-' : '+';
    const digits = String(Math.abs(exp)).padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  const neg = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  let text: string;
  if (exp >= 0) {
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    const frac = digits.slice(exp + 1);
    text = `${intPart}.${frac || '0'}`;
  } else {
    text = `0.${'0'.repeat(-exp - 1)}${digits}`;
  }
  return neg ? `-${text}` : text;
}

/**
 * Python `str(value)` for JSON values. JSON cannot tell 1.0 from 1, so integral numbers print
 * as ints (the vectors leave `str(1.0)` unpinned).
 */
export function pyStr(v: unknown): string {
  if (typeof v === 'string') return v;
  return pyRepr(v);
}

export function pyRepr(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 1e16 ? String(v) : pyFloatRepr(v);
  if (typeof v === 'string') return pyStringRepr(v);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  if (typeof v === 'object') {
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${pyStringRepr(k)}: ${pyRepr(x)}`)
      .join(', ')}}`;
  }
  return String(v);
}

function pyStringRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  return quote + (quote === "'" ? body.replace(/'/g, "\\'") : body) + quote;
}

/** Python `str.upper()` (JS agrees incl. ß → SS). */
export function pyUpper(s: string): string {
  return s.toUpperCase();
}

/** Python `str.lower()`. */
export function pyLower(s: string): string {
  return s.toLowerCase();
}
