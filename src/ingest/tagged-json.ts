/**
 * JSON for the score cache: JSON cannot hold NaN or ±Infinity, so they are written as the tagged
 * strings `"__NaN"`, `"__Inf"` and `"__-Inf"` and revived on reading. A string that starts with two
 * underscores is written with one more and read back without it, so no string — a model name or a
 * response text from a submission, say — is ever read back as a number.
 *
 * Reading does not pass a reviver to `JSON.parse`: V8 calls it for every value of a document
 * (3.7× the plain parse on the 0.05 bench corpus's MedVision cache, 2.4 s against 0.64 s), while a
 * walk over the parsed value afterwards costs a fifth of the parse, and a document with no tag in
 * it (no `"__` and no `\u` escape in its text) needs no walk at all.
 */
const TAGGED: ReadonlyMap<string, number> = new Map([
  ['__NaN', NaN],
  ['__Inf', Infinity],
  ['__-Inf', -Infinity],
]);

const replacer = (_: string, v: unknown) =>
  typeof v === 'number' ? (Number.isFinite(v) ? v : Number.isNaN(v) ? '__NaN' : v > 0 ? '__Inf' : '__-Inf') : typeof v === 'string' && v.startsWith('__') ? `_${v}` : v;

/** A string as written → what it stands for: a tag's number, an escaped string without its added underscore. */
const unescape = (v: string): unknown => (TAGGED.has(v) ? TAGGED.get(v) : v.startsWith('___') ? v.slice(1) : v);

/** `JSON.stringify` with non-finite numbers tagged. */
export const stringifyTagged = (value: unknown): string => JSON.stringify(value, replacer);

function revive(v: unknown): unknown {
  if (typeof v === 'string') return unescape(v);
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'string') {
        if (x.startsWith('__')) v[i] = unescape(x);
      } else if (x !== null && typeof x === 'object') revive(x);
    }
    return v;
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (typeof x === 'string') {
      if (x.startsWith('__')) o[k] = unescape(x); // a parsed "__proto__" key is an own property: this sets it
    } else if (x !== null && typeof x === 'object') revive(x);
  }
  return o;
}

/** `JSON.parse` with the tagged strings revived as the numbers they stand for (throws as `JSON.parse` does). */
export function parseTagged(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return text.includes('"__') || text.includes('\\u') ? revive(value) : value;
}
