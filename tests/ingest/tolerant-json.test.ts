import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonValue, parseTolerantJson, type FloatLiteralSink } from '../../src/core/tolerant-json';

/** A sink that records what the parser reports, as (container, key) pairs. */
function recorder(): FloatLiteralSink & { marks: [object, string | number][] } {
  const marks: [object, string | number][] = [];
  return { marks, mark: (c, k) => void marks.push([c, k]) };
}

describe('parseTolerantJson: unchanged behaviour without options', () => {
  it('agrees with JSON.parse on any JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(parseTolerantJson(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with JSON.parse on number spellings and escapes', () => {
    for (const text of ['[0, -0, 1.5, -2e3, 4.0, 4e0, 1E+2, 1e-7, 1e400, 123456789012345678901234567890]', '"a\\"b\\\\c\\u00e9\\n"', '{"k": "\\ud83d\\ude00"}']) {
      expect(parseTolerantJson(text)).toEqual(JSON.parse(text));
    }
    expect(Object.is(parseTolerantJson('-0'), -0)).toBe(true);
  });

  it('accepts Python NaN / Infinity by default', () => {
    expect(parseTolerantJson('[NaN, Infinity, -Infinity]')).toEqual([NaN, Infinity, -Infinity]);
    expect(parseJsonValue('{"a": NaN}')).toEqual({ a: NaN });
  });

  it('locates errors', () => {
    expect(() => parseTolerantJson('{"a": [1, 2,]}')).toThrow(JsonSyntaxError);
    try {
      parseTolerantJson('{"a": {"b": tru}}');
    } catch (err) {
      expect((err as JsonSyntaxError).pointer).toBe('$.a.b');
      expect((err as JsonSyntaxError).column).toBe(13);
    }
    for (const bad of ['{"a": 1', '"abc', '"a\u0001"', '"\\x"', '01', '4.', '.5', '-', '1e', '[1] x', '']) {
      expect(() => parseTolerantJson(bad), bad).toThrow(JsonSyntaxError);
    }
  });

  it('keeps "__proto__" as an own key, like JSON.parse', () => {
    const v = parseTolerantJson('{"__proto__": {"x": 1}, "y": 2}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'y']);
    expect(v).toEqual(JSON.parse('{"__proto__": {"x": 1}, "y": 2}'));
  });

  it('allowNonFinite: false is strict JSON', () => {
    for (const bad of ['NaN', '[Infinity]', '{"a": -Infinity}']) {
      expect(() => parseTolerantJson(bad, { allowNonFinite: false }), bad).toThrow(JsonSyntaxError);
    }
    expect(parseTolerantJson('[1, -2]', { allowNonFinite: false })).toEqual([1, -2]);
  });
});

describe('parseTolerantJson: float-literal reporting', () => {
  it('reports integral float literals with their container and key', () => {
    const sink = recorder();
    const v = parseTolerantJson('{"a": 4.0, "b": 4, "c": [1, 2.0, 3e0, 1.5, 40e-1], "d": {"e": -0.0, "f": 1E2}, "g": 1e400, "h": "4.0"}', {
      floatLiterals: sink,
    }) as Record<string, any>;
    expect(sink.marks).toEqual([
      [v, 'a'],
      [v.c, 1],
      [v.c, 2],
      [v.c, 4],
      [v.d, 'e'],
      [v.d, 'f'],
    ]);
    expect(sink.marks[0]![0]).toBe(v);
    expect(sink.marks[1]![0]).toBe(v.c);
  });

  it('does not report non-integral floats, ints, non-finite literals or strings', () => {
    const sink = recorder();
    parseTolerantJson('[1.5, 7, -3, NaN, Infinity, -Infinity, "2.0", 1e400, 2.5e-1, [], {}]', { floatLiterals: sink });
    expect(sink.marks).toEqual([]);
  });

  it('a float literal inside a nested container is attributed to the innermost container', () => {
    const sink = recorder();
    const v = parseTolerantJson('{"x": [[5.0], 6], "y": 7}', { floatLiterals: sink }) as { x: [number[], number] };
    expect(sink.marks).toEqual([[v.x[0], 0]]);
  });

  it('a root-level float literal has no container and is not reported', () => {
    const sink = recorder();
    expect(parseTolerantJson(' 4.0 ', { floatLiterals: sink })).toBe(4);
    expect(sink.marks).toEqual([]);
  });

  it('reporting never changes the parsed value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // Re-spell every integer as a float literal to exercise the reporting path.
        const text = JSON.stringify(value).replace(/(?<=[[:,])(-?\d+)(?=[,\]}])/g, '$1.0');
        expect(parseTolerantJson(text, { floatLiterals: recorder() })).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });
});
