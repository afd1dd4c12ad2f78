import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTagged, stringifyTagged } from '../../src/ingest/tagged-json';

// The rule written out as a JSON.parse reviver: the tags back into numbers, an escaped string
// (three or more leading underscores) without its added underscore.
const reference = (text: string): unknown =>
  JSON.parse(text, (_k, v: unknown) => (v === '__NaN' ? NaN : v === '__Inf' ? Infinity : v === '__-Inf' ? -Infinity : typeof v === 'string' && v.startsWith('___') ? v.slice(1) : v));

/** A description that tells apart what equality checks blur: −0 from 0, own keys and their order, prototypes. */
function canonical(v: unknown): string {
  if (typeof v === 'number') return Object.is(v, -0) ? 'n:-0' : `n:${String(v)}`;
  if (typeof v === 'string') return `s:${JSON.stringify(v)}`;
  if (v === null || typeof v !== 'object') return `${typeof v}:${String(v)}`;
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const proto = Object.getPrototypeOf(v) === Object.prototype ? '' : 'proto!';
  return `${proto}{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

const leaf = fc.oneof(
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, '__NaN', '__Inf', '__-Inf', '__nan', '__', '\u0001__NaN', '__proto__'),
  fc.string({ unit: 'binary' }),
  fc.boolean(),
  fc.constant(null),
);
const { node } = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__NaN', '__Inf', 'a')), tie('node'), { maxKeys: 5 })),
}));

describe('tagged JSON of the score cache', () => {
  it('reads every written document as JSON.parse with the reviver did', () => {
    fc.assert(
      fc.property(node, (value) => {
        const text = stringifyTagged(value);
        expect(canonical(parseTagged(text))).toBe(canonical(reference(text)));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads texts our writer never makes the same way too: escaped tags, __proto__ keys, a tag at the root', () => {
    const texts = [
      '"__NaN"',
      '"\\u005f_Inf"',
      '["\\u005f_-Inf", {"a": "\\u005F_NaN"}]',
      '{"__proto__": "__NaN", "b": [1, "__Inf"]}',
      '{"__proto__": {"x": "__-Inf"}}',
      '{"a": {"b": {"c": ["__NaN", "__NaN ", " __NaN", "__Inf"]}}}',
      '[-0, 0, 1e308, "__"]',
    ];
    for (const text of texts) expect(canonical(parseTagged(text)), text).toBe(canonical(reference(text)));
    expect(Object.getPrototypeOf(parseTagged('{"__proto__": "__NaN"}'))).toBe(Object.prototype);
  });

  it('reads back every value it writes: numbers as numbers, strings as strings, whatever they spell', () => {
    fc.assert(
      fc.property(node, (value) => {
        // JSON keeps no −0; everything else comes back as it was.
        const plain = JSON.parse(JSON.stringify(value, (_k, v: unknown) => (Object.is(v, -0) ? 0 : typeof v === 'number' && !Number.isFinite(v) ? `#${String(v)}` : v)));
        const back = JSON.parse(JSON.stringify(parseTagged(stringifyTagged(value)), (_k, v: unknown) => (Object.is(v, -0) ? 0 : typeof v === 'number' && !Number.isFinite(v) ? `#${String(v)}` : v)));
        expect(canonical(back)).toBe(canonical(plain));
      }),
      { numRuns: 3000 },
    );
    // A submitted model name or response that spells a tag is read back as that text, not a number.
    for (const text of ['__NaN', '__Inf', '__-Inf', '___NaN', '__', '___', '_Inf']) {
      expect(parseTagged(stringifyTagged({ model: text, responses: [text] }))).toEqual({ model: text, responses: [text] });
      expect(parseTagged(stringifyTagged(text))).toBe(text);
    }
  });

  it('writes non-finite numbers as tags', () => {
    expect(stringifyTagged({ a: NaN, b: [Infinity, -Infinity], c: 1 })).toBe('{"a":"__NaN","b":["__Inf","__-Inf"],"c":1}');
  });

  it('throws on what JSON.parse throws on', () => {
    expect(() => parseTagged('{"a": ')).toThrow(SyntaxError);
  });
});
