/**
 * The explorer's display facts (raw response, slice index, modality) come from the scoring pass
 * (`ReadOptions.displayFacts`), not from a second read of the file: they must be what the full
 * parser reads off each admitted record, on the scanner's path and on the full parser's alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readParsedFile, type MedvisionSample } from '../../src/benchmarks/medvision/formats/read-parsed-file';
import { parseTolerantJson } from '../../src/core/tolerant-json';

const dir = mkdtempSync(join(tmpdir(), 'display-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, '20260101_000000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl');

const read = (lines: string[], scan = true) => {
  writeFileSync(file, lines.join('\n') + '\n');
  return readParsedFile(file, 'x.jsonl', 'TL', { displayFacts: true, scan });
};

/** What the explorer shows of a line, read off the full parser's value of the whole line. */
function expectedFacts(line: string): MedvisionSample['display'] {
  const r = parseTolerantJson(line) as { resps?: unknown; doc: Record<string, unknown> };
  const raw = Array.isArray(r.resps) && Array.isArray(r.resps[0]) && typeof r.resps[0][0] === 'string' ? r.resps[0][0] : undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const modality = str(r.doc.modality) ?? str(r.doc.image_modality);
  return { ...(raw !== undefined ? { raw } : {}), ...(typeof r.doc.slice_idx === 'number' ? { sliceIdx: r.doc.slice_idx } : {}), ...(modality !== undefined ? { modality } : {}) };
}

const DOC = '"taskID": "01", "slice_dim": 2, "image_size_2d": [10, 10], "pixel_size": [1, 1]';
const rec = (id: number, resps: string, doc: string, extra = '') => `{"doc_id": ${id}, "doc": {${DOC}${doc}}, "target": "[4, 2]", "filtered_resps": ["4, 2"], "resps": ${resps}${extra}}`;

describe('the display facts of the scoring pass', () => {
  it('reads each record’s raw response, slice index and modality, and nothing for values of another type', () => {
    const lines = [
      rec(0, '[["<answer>1.5, 2</answer> because"]]', ', "slice_idx": 12, "modality": "MRI", "image_modality": "CT"'),
      // Python's json.dumps writes NaN and Infinity: such a record still gives its facts.
      rec(1, '[["<answer>1, 2</answer>"]]', ', "image_modality": "CT", "slice_idx": Infinity', ', "nMAE": NaN'),
      // resps[0][0] that is not text (upstream's extra nesting) is no raw response; a slice index as text is not shown.
      rec(2, '[[["<answer>1, 2</answer>"]]]', ', "slice_idx": "7", "modality": 3'),
      // An escaped key sends the line to the full parser: the same facts from there.
      rec(3, '[["r\\u00e9p <answer>1, 2</answer>"]]', ', "slice_\\u0069dx": 5, "modality": "US"'),
    ];
    for (const scan of [true, false]) {
      const { samples, findings } = read(lines, scan);
      expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(samples.map((s) => s.display)).toEqual([
        { raw: '<answer>1.5, 2</answer> because', sliceIdx: 12, modality: 'MRI' },
        { raw: '<answer>1, 2</answer>', sliceIdx: Infinity, modality: 'CT' },
        {},
        { raw: 'rép <answer>1, 2</answer>', sliceIdx: 5, modality: 'US' },
      ]);
    }
  });

  it('are absent without the option', () => {
    writeFileSync(file, rec(0, '[["<answer>1, 2</answer>"]]', ', "slice_idx": 1') + '\n');
    expect(readParsedFile(file, 'x.jsonl', 'TL').samples[0]!.display).toBeUndefined();
  });

  it('equal the full parser’s values of the line, on generated records, with and without the scanner', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '"', '\\', '\n', '/', 'é', '😀', '<', '>', '1'), maxLength: 30 });
    const answer = fc.constantFrom('<answer>1, 2</answer>', '<answer>3</answer>', '');
    const value = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), text, fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
    const record = fc.record({
      resps: fc.tuple(text, answer).map(([t, a]) => [[`${t}${a}`]]),
      doc: fc.record({ slice_idx: value, modality: value, image_modality: value, other: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] }),
      extra: fc.jsonValue({ maxDepth: 2 }),
    }, { requiredKeys: ['resps'] });
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 8 }), fc.boolean(), (records, scan) => {
        const lines = records.map((r, i) =>
          JSON.stringify({ doc_id: i, doc: { taskID: '01', slice_dim: 2, image_size_2d: [10, 10], pixel_size: [1, 1], ...r.doc }, target: '[4, 2]', filtered_resps: ['4, 2'], resps: r.resps, ...(r.extra !== undefined ? { extra: r.extra } : {}) }),
        );
        const { samples } = read(lines, scan);
        expect(samples.map((s) => s.line)).toEqual(lines.map((_, i) => i + 1));
        expect(samples.map((s) => s.display)).toEqual(lines.map(expectedFacts));
      }),
      { numRuns: 300 },
    );
  });
});
