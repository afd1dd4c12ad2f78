// The key text of a drawing's inputs (src/core/draw-memo.ts): inputs that differ get different text,
// including the values plain JSON writes alike; what is not plain data is refused, naming where.
import { describe, expect, it } from 'vitest';
import { memoDrawn, plainDataText, setDrawMemo } from '../../src/core/draw-memo';

describe('plainDataText', () => {
  it('writes apart inputs that JSON.stringify writes alike, and inputs that look like its tags', () => {
    const pairs: [unknown, unknown][] = [
      [NaN, null],
      [Infinity, null],
      [NaN, Infinity],
      [Infinity, -Infinity],
      [0, -0],
      [[undefined], [null]],
      [[undefined], []],
      [new Date('2026-01-01T00:00:00Z'), '2026-01-01T00:00:00.000Z'],
      [{ v: NaN }, { v: { $number: 'NaN' } }],
      [{ $number: 'NaN' }, NaN],
      [{ $date: 'x' }, { $$date: 'x' }],
      [new Date(NaN), { $date: 'Invalid Date' }],
      ['1', 1],
    ];
    for (const [a, b] of pairs) {
      expect(plainDataText(a), `${String(a)} / ${String(b)}`).not.toBe(plainDataText(b));
    }
  });

  it('writes the same inputs the same way, an undefined property as an absent one', () => {
    expect(plainDataText({ a: [1, 'x', { b: null }], d: new Date(0) })).toBe(plainDataText({ a: [1, 'x', { b: null }], d: new Date(0) }));
    expect(plainDataText({ a: 1, b: undefined })).toBe(plainDataText({ a: 1 }));
    expect(plainDataText(Object.assign(Object.create(null) as object, { a: 1 }))).toBe(plainDataText({ a: 1 }));
  });

  it('refuses what is not plain data, naming where it is', () => {
    class Point {
      x = 1;
    }
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const refused: [unknown, RegExp][] = [
      [{ rows: [{ f: () => 1 }] }, /\$\.rows\[0\]\.f: a function/],
      [{ m: new Map([[1, 2]]) }, /\$\.m: a Map instance/],
      [{ s: new Set([1]) }, /\$\.s: a Set instance/],
      [[new Point()], /\$\[0\]: a Point instance/],
      [{ n: 1n }, /\$\.n: a bigint/],
      [{ s: Symbol('x') }, /\$\.s: a symbol/],
      [cycle, /\$\.self: a cycle/],
    ];
    for (const [value, message] of refused) expect(() => plainDataText(value)).toThrow(message);
    // The same object twice (not a cycle) is plain data.
    const shared = { v: 1 };
    expect(plainDataText({ a: shared, b: shared })).toBe(plainDataText({ a: { v: 1 }, b: { v: 1 } }));
  });
});

describe('memoDrawn', () => {
  it('draws from the inputs without a memo, and hands the memo the kind, the inputs and the drawing', () => {
    setDrawMemo(undefined);
    expect(memoDrawn('k', { n: 2 }, ({ n }) => ({ twice: n * 2 }))).toEqual({ twice: 4 });
    const seen: unknown[] = [];
    setDrawMemo({
      run(kind, inputs, draw) {
        seen.push([kind, inputs]);
        return draw();
      },
    });
    try {
      expect(memoDrawn('k', { n: 3 }, ({ n }) => ({ twice: n * 2 }))).toEqual({ twice: 6 });
      expect(seen).toEqual([['k', { n: 3 }]]);
    } finally {
      setDrawMemo(undefined);
    }
  });
});
