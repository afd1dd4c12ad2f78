/**
 * A memo for drawings that are a function of plain data (the board charts): `memoDrawn(kind,
 * inputs, draw)` is `draw(inputs)`, or a stored copy of it when a memo is set (the build sets one
 * that keeps drawings between builds: `src/ingest/chart-store.ts`). `draw` must read nothing but
 * `inputs` and code, and its result must be JSON (strings, finite numbers, arrays, plain objects):
 * a stored copy is the parsed JSON of a drawing. A memo may also store that a drawing is `undefined`.
 */
export interface DrawMemo {
  run<O extends object>(kind: string, inputs: unknown, draw: () => O | undefined): O | undefined;
}

let memo: DrawMemo | undefined;

export function setDrawMemo(m: DrawMemo | undefined): void {
  memo = m;
}

export function memoDrawn<I, O extends object>(kind: string, inputs: I, draw: (inputs: I) => O | undefined): O | undefined {
  return memo ? memo.run(kind, inputs, () => draw(inputs)) : draw(inputs);
}

/**
 * The text of `value` that a memo keys it by: JSON with every value kept apart — non-finite numbers,
 * `-0`, `undefined` array items and Dates get tagged forms that no string or number takes — and
 * anything that is not plain data (a function, Map, Set, class instance, symbol, bigint) refused
 * with an error, since JSON would drop it or write it as `{}` and two different inputs would share
 * a key. A property whose value is `undefined` counts as absent. Object keys are written in their
 * own order (inputs are built by code, always in one order); a key starting with `$` gets one more.
 */
export function plainDataText(value: unknown): string {
  const seen = new Set<object>();
  const walk = (v: unknown, at: string): unknown => {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
    if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? v : { $number: Object.is(v, -0) ? '-0' : String(v) };
    if (v instanceof Date) return { $date: Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString() };
    if (typeof v !== 'object') throw new Error(`draw inputs at ${at}: a ${typeof v} is not plain data`);
    if (seen.has(v)) throw new Error(`draw inputs at ${at}: a cycle is not plain data`);
    seen.add(v);
    let out: unknown;
    if (Array.isArray(v)) out = v.map((x, i) => (x === undefined ? { $undefined: true } : walk(x, `${at}[${i}]`)));
    else {
      const proto: unknown = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) throw new Error(`draw inputs at ${at}: a ${(v as object).constructor?.name ?? 'class'} instance is not plain data`);
      const o: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) if (x !== undefined) o[k.startsWith('$') ? `$${k}` : k] = walk(x, `${at}.${k}`);
      out = o;
    }
    seen.delete(v);
    return out;
  };
  return JSON.stringify(walk(value, '$'));
}
