import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreMedvisionTree } from '../../src/benchmarks/medvision/formats/score-tree';
import { formatFinding } from '../../src/core/findings';

/** A TL record of our own making, in the parsed-file shape. */
function record(docId: number, overrides: Record<string, unknown> = {}) {
  return {
    doc_id: docId,
    doc: {
      dataset_name: 'KiTS23', taskID: '01', taskType: 'Tumor-Lesion-Size', slice_dim: 2, slice_idx: 40, label: 2,
      image_size_2d: [512, 512], pixel_size: [0.78125, 0.78125], voxel_size: [0.78125, 0.78125, 3.0],
      biometric_profile: { metric_type: ['distance'], metric_key_major_axis: ['L-1-2'] },
    },
    target: '[40.5, 22.25]',
    resps: [['<answer>41.0, 20.0</answer>']],
    filtered_resps: ['41.0,20.0'],
    input: 'x'.repeat(300),
    ...overrides,
  };
}

function tree(lines: string[]) {
  const root = mkdtempSync(join(tmpdir(), 'evalboard-mv-'));
  const parsed = join(root, 'MedVision-TL', 'model-a', 'parsed');
  mkdirSync(parsed, { recursive: true });
  writeFileSync(join(parsed, '20260101_000000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl'), lines.join('\n') + '\n');
  return root;
}

describe('bad MedVision records become located findings, never crashes or silent drops', () => {
  const good = JSON.stringify(record(0));
  const truncated = JSON.stringify(record(1)).slice(0, 180);
  const badTarget = JSON.stringify(record(2, { target: 'abc' }));
  const noResps = JSON.stringify((({ filtered_resps: _f, ...r }) => r)(record(3)));
  const nanPixel = JSON.stringify(record(4)).replace('"pixel_size":[0.78125,0.78125]', '"pixel_size":[NaN,0.78125]');
  const wrongType = JSON.stringify(record(5, { target: 40.5 }));
  const duplicate = JSON.stringify(record(0));
  const root = tree([good, truncated, badTarget, noResps, nanPixel, '', wrongType, duplicate]);
  const out = scoreMedvisionTree(root);
  const messages = out.findings.map(formatFinding);
  const file = 'MedVision-TL/model-a/parsed/20260101_000000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl';

  it('reports the truncated line with its line number and where it broke', () => {
    expect(messages.some((m) => m.startsWith(`${file}:2 $`) && /truncated|unterminated|end of input/.test(m))).toBe(true);
  });
  it('reports a non-numeric target at $.target', () => {
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^${file}:3 \\$\\.target: expected a list of 2 numbers`)));
  });
  it('reports a missing filtered_resps at $.filtered_resps', () => {
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^${file}:4 \\$\\.filtered_resps: `)));
  });
  it('reports a bare NaN pixel size at $.doc.pixel_size[0]', () => {
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^${file}:5 \\$\\.doc\\.pixel_size\\[0\\]: `)));
  });
  it('reports a target of the wrong JSON type (blank line 6 skipped)', () => {
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^${file}:7 \\$\\.target: expected a string`)));
  });
  it('reports a duplicate doc_id', () => {
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^${file}:8 \\$\\.doc_id: duplicate doc_id 0`)));
  });
  it('scores exactly the valid records and says so', () => {
    expect(out.configs[0]!.n_records).toBe(2);
    expect(out.findings.filter((f) => f.severity === 'error')).toHaveLength(6);
  });
  it('an empty file is an error, not an empty board', () => {
    const r = scoreMedvisionTree(tree([]));
    expect(r.findings.map(formatFinding)).toContainEqual(expect.stringMatching(/holds no records/));
  });
});
