import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSmallJson } from '../../src/ingest/medvision/small-json';
import { scanTopLevel } from '../../src/ingest/medvision/scan-record';

const viaBytes = (text: string) => {
  const buf = Buffer.from(text, 'utf8');
  return parseSmallJson(buf, 0, buf.length);
};

describe('the byte-level small-value parser agrees with JSON.parse', () => {
  it('on arbitrary JSON values', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const text = JSON.stringify(v);
      expect(viaBytes(text)).toEqual(JSON.parse(text));
    }), { numRuns: 2000 });
  });
  it('on number lists, numbers and strings written the way Python writes them', () => {
    for (const text of ['[512, 512]', '[0.78125, 0.78125, 3.0]', '[]', '[ 1 ,2 ]', '-0', '1e400', '0.1', '"a\\"b"', '"é ü"', '"tab\\t"', '[1, "x"]']) {
      expect(viaBytes(text)).toEqual(JSON.parse(text));
    }
    expect(Number.isNaN(viaBytes('NaN'))).toBe(true);
  });
  it('rejects what JSON.parse rejects', () => {
    for (const text of ['01', '1.', '.5', '[1,]', '[1 2]', '"\u0001"', '+1']) {
      expect(() => viaBytes(text)).toThrow();
    }
  });
});

describe('the record scanner', () => {
  it('finds wanted keys at the top level and inside the nested object in one pass', () => {
    const text = JSON.stringify({ a: 1, doc: { x: [1, 2], path: 'p"q', y: 'z' }, resps: [['long "text" }{ ]']], target: '[1, 2]' });
    const buf = Buffer.from(text);
    const docOut = new Map<string, [number, number]>();
    const top = scanTopLevel(buf, 0, buf.length, new Set(['doc', 'target']), { key: 'doc', wanted: new Set(['x', 'y']), out: docOut })!;
    expect([...top.keys()]).toEqual(['doc', 'target']);
    expect(JSON.parse(buf.toString('utf8', ...top.get('target')!))).toBe('[1, 2]');
    expect(JSON.parse(buf.toString('utf8', ...docOut.get('x')!))).toEqual([1, 2]);
    expect(JSON.parse(buf.toString('utf8', ...docOut.get('y')!))).toBe('z');
  });
  it('returns null on a truncated or malformed record', () => {
    for (const text of ['{"a": 1', '{"a": "x}', '{"a" 1}', '{"a": 1}}', '[1]', '{"a": 1,}']) {
      const buf = Buffer.from(text);
      expect(scanTopLevel(buf, 0, buf.length, new Set(['a']))).toBeNull();
    }
  });
});
