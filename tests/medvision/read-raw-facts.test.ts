import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readRawFacts } from '../../src/benchmarks/medvision/formats/read-raw-facts';
import { parseTolerantJson } from '../../src/core/tolerant-json';

const dir = mkdtempSync(join(tmpdir(), 'raw-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fileOf = (lines: string[]) => {
  const f = join(dir, `f${n++}.jsonl`);
  writeFileSync(f, lines.join('\n') + '\n');
  return f;
};

describe('the explorer’s raw facts of a parsed file', () => {
  it('reads each record’s raw response, slice index and modality; the first record of a doc_id wins; a malformed line is skipped', () => {
    const facts = readRawFacts(
      fileOf([
        '{"doc_id": 0, "resps": [["<answer>1.5, 2</answer> because"]], "doc": {"slice_idx": 12, "modality": "MRI", "image_modality": "CT"}}',
        '{"doc_id": 1, "resps": [["r1"]], "nMAE": NaN, "doc": {"image_modality": "CT", "slice_idx": Infinity}}',
        '{"doc_id": 2, "resps": [["cut',
        '{"doc_id": 0, "resps": [["second"]], "doc": {"slice_idx": 3}}',
        '{"doc_id": 3, "resps": [[["nested"]]], "doc": {"__proto__": {"slice_idx": 5}}}',
      ]),
    );
    expect([...facts.keys()]).toEqual([0, 1, 3]);
    expect(facts.get(0)).toEqual({ raw: '<answer>1.5, 2</answer> because', sliceIdx: 12, modality: 'MRI' });
    // Python's json.dumps writes NaN and Infinity: such a line still gives its facts.
    expect(facts.get(1)).toEqual({ raw: 'r1', sliceIdx: Infinity, modality: 'CT' });
    // resps[0][0] that is not text is no raw response; an own "__proto__" key is data, not a prototype.
    expect(facts.get(3)).toEqual({});
  });

  it('gives what the tolerant parser gives, line by line, on strict JSON records', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 30 });
    const record = fc.record(
      {
        resps: fc.oneof(text.map((t) => [[t]]), text.map((t) => [[[t]]]), text, fc.constant([])),
        doc: fc.record(
          { slice_idx: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), text), modality: fc.oneof(text, fc.integer()), image_modality: text, other: fc.jsonValue({ maxDepth: 2 }) },
          { requiredKeys: [] },
        ),
        extra: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), (records) => {
        const lines = records.map((r, i) => JSON.stringify({ doc_id: i, ...r }));
        const expected = new Map(
          lines.map((l, i) => {
            const r = parseTolerantJson(l) as { resps?: unknown; doc?: Record<string, unknown> };
            const resp = Array.isArray(r.resps) && Array.isArray(r.resps[0]) && typeof r.resps[0][0] === 'string' ? r.resps[0][0] : undefined;
            const doc = r.doc ?? {};
            const modality = typeof doc.modality === 'string' ? doc.modality : typeof doc.image_modality === 'string' ? doc.image_modality : undefined;
            return [i, { ...(resp !== undefined ? { raw: resp } : {}), ...(typeof doc.slice_idx === 'number' ? { sliceIdx: doc.slice_idx } : {}), ...(modality !== undefined ? { modality } : {}) }];
          }),
        );
        expect(readRawFacts(fileOf(lines))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
