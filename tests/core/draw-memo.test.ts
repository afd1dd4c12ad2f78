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

  /** A memo that keeps drawings in a Map by the key text, as the chart store does by its hash. */
  function mapMemo() {
    const kept = new Map<string, object | undefined>();
    const log: string[] = [];
    setDrawMemo({
      run<O extends object>(kind: string, inputs: unknown, draw: () => O | undefined): O | undefined {
        const key = `${kind} ${plainDataText(inputs)}`;
        log.push(`${kept.has(key) ? 'hit' : 'miss'} ${key}`);
        if (!kept.has(key)) kept.set(key, JSON.parse(JSON.stringify({ d: draw() ?? null })).d ?? undefined);
        return kept.get(key) as O | undefined;
      },
    });
    return log;
  }
  const caption = ({ name }: { name: string }, c: Record<'of' | 'top', string>) => ({ svg: `<title>${name}: rank 3 of ${c.of}</title>`, parts: [`top ${c.top}`, { deep: `${c.of}/${c.top}` }] });

  it('prints counts as text: the same drawing with or without a memo, kept once for every count', () => {
    setDrawMemo(undefined);
    const direct = (of: number, top: number) => memoDrawn('c', { name: 'model a' }, caption, { of, top });
    expect(direct(12, 20)).toEqual({ svg: '<title>model a: rank 3 of 12</title>', parts: ['top 20', { deep: '12/20' }] });
    const log = mapMemo();
    try {
      for (const [of, top] of [[12, 20], [13, 20], [13, 7], [1000, 0]] as const) {
        expect(memoDrawn('c', { name: 'model a' }, caption, { of, top })).toEqual({ svg: `<title>model a: rank 3 of ${of}</title>`, parts: [`top ${top}`, { deep: `${of}/${top}` }] });
      }
      // Drawn once: the counts are not in the key, only which counts there are.
      expect(log.map((l) => l.split(' ')[0])).toEqual(['miss', 'hit', 'hit', 'hit']);
      expect(log[0]).not.toMatch(/12/);
    } finally {
      setDrawMemo(undefined);
    }
  });

  it('keeps the counts in the key when the inputs hold a marker character, and never fills a submitted string', () => {
    const log = mapMemo();
    try {
      for (const name of ['\uE0000\uE001', 'a \uE000 b', 'c \uE001']) {
        expect(memoDrawn('c', { name }, caption, { of: 12, top: 20 })).toEqual({ svg: `<title>${name}: rank 3 of 12</title>`, parts: ['top 20', { deep: '12/20' }] });
        expect(memoDrawn('c', { name }, caption, { of: 13, top: 20 })).toEqual({ svg: `<title>${name}: rank 3 of 13</title>`, parts: ['top 20', { deep: '13/20' }] });
      }
      expect(log.every((l) => l.startsWith('miss'))).toBe(true);
    } finally {
      setDrawMemo(undefined);
    }
  });

  it('refuses a count that is not a whole number, and keeps an undefined drawing', () => {
    setDrawMemo(undefined);
    for (const bad of [1.5, NaN, Infinity, -0.1]) expect(() => memoDrawn('c', { name: 'x' }, caption, { of: bad, top: 1 })).toThrow(/count of is .*not a whole number/);
    mapMemo();
    try {
      expect(memoDrawn('none', {}, () => undefined, { n: 1 })).toBeUndefined();
      expect(memoDrawn('none', {}, () => undefined, { n: 2 })).toBeUndefined();
    } finally {
      setDrawMemo(undefined);
    }
  });
});
