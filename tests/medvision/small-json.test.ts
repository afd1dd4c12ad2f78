import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSmallJson } from '../../src/benchmarks/medvision/formats/small-json';
import { keySpec, rangeOf, scanRecord } from '../../src/benchmarks/medvision/formats/scan-record';

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
    const doc = keySpec(['x', 'y', 'absent']);
    const top = keySpec(['doc', 'target', 'a'], { key: 'doc', spec: doc });
    expect(scanRecord(buf, 0, buf.length, top)).toBe(true);
    expect(JSON.parse(buf.toString('utf8', ...rangeOf(top, 'target')!))).toBe('[1, 2]');
    expect(JSON.parse(buf.toString('utf8', ...rangeOf(top, 'a')!))).toBe(1);
    expect(JSON.parse(buf.toString('utf8', ...rangeOf(doc, 'x')!))).toEqual([1, 2]);
    expect(JSON.parse(buf.toString('utf8', ...rangeOf(doc, 'y')!))).toBe('z');
    expect(rangeOf(doc, 'absent')).toBeUndefined();
  });
  it('a repeated key, wanted or not, at any level it walks is not well formed (the full parser then locates it)', () => {
    const doc = keySpec(['x', 'y']);
    const top = keySpec(['doc'], { key: 'doc', spec: doc });
    for (const text of ['{"doc": {"x": 1, "y": 2}, "doc": {"x": 3}}', '{"doc": {"x": 1, "x": 2}}', '{"a": 1, "doc": {"x": 1}, "a": 2}', '{"doc": {"q": 1, "x": 1, "q": 2}}', '{"doc\\u0020": 1, "doc": {}}']) {
      const buf = Buffer.from(text);
      expect(scanRecord(buf, 0, buf.length, top), text).toBe(false);
    }
    // The same key name in a parent and its nested object is no repeat.
    const ok = Buffer.from('{"a": 1, "doc": {"a": 2, "x": 3}, "b": 4}');
    expect(scanRecord(ok, 0, ok.length, top)).toBe(true);
    expect(ok.toString('utf8', ...rangeOf(doc, 'x')!)).toBe('3');
  });
  it('returns null on a truncated or malformed record', () => {
    for (const text of ['{"a": 1', '{"a": "x}', '{"a" 1}', '{"a": 1}}', '[1]', '{"a": 1,}']) {
      const buf = Buffer.from(text);
      expect(scanRecord(buf, 0, buf.length, keySpec(['a']))).toBe(false);
    }
  });
});

describe('targets take the fast path only when it gives what the Python-literal parser gives', () => {
  it('agrees with parseTarget on number lists and rejects non-ASCII look-alikes', async () => {
    const { parseTarget } = await import('../../src/benchmarks/medvision/scorer/target');
    const { readParsedFile } = await import('../../src/benchmarks/medvision/formats/read-parsed-file');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'evalboard-target-'));
    const targets = ['[74.0, 36.0]', '[74, 36]', '[1e2, -0.5]', '[\u0131, 2]', '[1., 2]', '[1_0, 2]', '[ 3.25 ,4 ]'];
    const lines = targets.map((target, i) => JSON.stringify({
      doc_id: i, doc: { taskID: '01', slice_dim: 2, label: 2, image_size_2d: [10, 10], pixel_size: [1, 1] }, target, resps: [['<answer>1,2</answer>']], filtered_resps: ['1,2'],
    }));
    const file = join(dir, 'x_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl');
    writeFileSync(file, lines.join('\n'));
    const parsed = readParsedFile(file, 'x.jsonl', 'TL');
    const byId = new Map(parsed.samples.map((s) => [s.docId, s.targetValues]));
    targets.forEach((t, i) => {
      const want = parseTarget(t);
      if (want === null || (Array.isArray(want) && want.length !== 2)) expect(byId.has(i)).toBe(false);
      else expect(byId.get(i)).toEqual(want);
    });
  });
});
