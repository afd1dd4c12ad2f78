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

/**
 * Counts a drawing prints but never measures, compares or places (the N of "rank 3 of 192" in a
 * tooltip, of "the top 20 of 192" in a summary): `draw` gets each as text, and only puts that text
 * into the drawing's strings as it is. With a memo the drawing is kept with a marker in each count's
 * place and the counts written in when it is read, so a new entry below a chart's top rows, which
 * changes its board's count and nothing the chart draws, finds the chart kept.
 */
export type Counts<K extends string> = Record<K, number>;

/** Marks a count's place in a kept drawing: private-use characters, checked absent from the inputs. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKED = /\uE000(\d+)\uE001/g;

export function memoDrawn<I, O extends object, K extends string = never>(
  kind: string,
  inputs: I,
  draw: (inputs: I, counts: Record<K, string>) => O | undefined,
  counts: Counts<K> = {} as Counts<K>,
): O | undefined {
  const names = Object.keys(counts) as K[];
  for (const k of names) if (!Number.isSafeInteger(counts[k])) throw new Error(`drawing ${kind}: count ${k} is ${counts[k]}, not a whole number`);
  const written = Object.fromEntries(names.map((k) => [k, String(counts[k])])) as Record<K, string>;
  if (!memo) return draw(inputs, written);
  if (names.length === 0) return memo.run(kind, inputs, () => draw(inputs, written));
  const text = plainDataText(inputs);
  // Inputs holding a marker character (a submitted name, say) are kept with their counts, unmarked.
  if (text.includes(OPEN) || text.includes(CLOSE)) return memo.run(kind, { inputs, counts }, () => draw(inputs, written));
  const marks = Object.fromEntries(names.map((k, i) => [k, `${OPEN}${i}${CLOSE}`])) as Record<K, string>;
  const kept = memo.run(kind, { inputs, marked: names }, () => draw(inputs, marks));
  return kept === undefined ? undefined : (fillCounts(kept, names.map((k) => written[k])) as O);
}

/** `value` with every count marker in its strings replaced by the count's text. */
function fillCounts(value: unknown, texts: readonly string[]): unknown {
  if (typeof value === 'string') return value.includes(OPEN) ? value.replace(MARKED, (_, i: string) => texts[Number(i)]!) : value;
  if (Array.isArray(value)) return value.map((v) => fillCounts(v, texts));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillCounts(v, texts)]));
  return value;
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
