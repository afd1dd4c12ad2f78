import { pyFloat } from './python-float';

/**
 * Ground-truth strings as lmms-eval stores them: `"26.57"`, `"[74.0, 36.0]"`, `"[x1, y1, x2, y2]"`.
 * Upstream reads them with `ast.literal_eval`; we accept the numeric subset of Python literals.
 */
const PY_NUMBER = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;

function literalNumber(s: string): number | null {
  const t = s.trim();
  return PY_NUMBER.test(t) ? Number(t.replace(/_/g, '')) : null;
}

/** A number, a list of numbers, or null when the string is not a numeric Python literal. */
export function parseTarget(target: string): number | number[] | null {
  const t = target.trim();
  const open = t[0];
  if (open === '[' || open === '(') {
    const close = open === '[' ? ']' : ')';
    if (t[t.length - 1] !== close) return null;
    const inner = t.slice(1, -1).trim();
    if (inner === '') return [];
    const parts = inner.split(',');
    if (parts[parts.length - 1]!.trim() === '') parts.pop(); // trailing comma: [1, 2,]
    const out: number[] = [];
    for (const p of parts) {
      const v = literalNumber(p);
      if (v === null) return null;
      out.push(v);
    }
    return out;
  }
  return literalNumber(t);
}

/**
 * The AD near-zero filter's view of the target: `json.loads(target)`, first element of a
 * list, then `float()`. `null` where upstream's try/except yields None (sample kept).
 */
export function nearZeroFilterValue(target: string): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(target.replace(/-?\bInfinity\b|\bNaN\b/g, (m) => `"__${m}"`));
  } catch {
    return null;
  }
  let v: unknown = parsed;
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return null;
    v = parsed[0];
  }
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    if (v.startsWith('__')) return v === '__NaN' ? NaN : v === '__Infinity' ? Infinity : -Infinity;
    return pyFloat(v);
  }
  return null;
}
