import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidRecordFast } from '../../src/benchmarks/medvision/formats/record-fast-check';
import { medvisionRecordSchema } from '../../src/benchmarks/medvision/formats/record-schema';

const base = () => ({
  doc_id: 3,
  doc: {
    dataset_name: 'KiTS23', taskID: '01', taskType: 'Tumor-Lesion-Size', slice_dim: 2, label: 2,
    image_size_2d: [512, 512], pixel_size: [0.78, 0.78], voxel_size: [0.78, 0.78, 3],
    biometric_profile: { metric_type: ['distance'], metric_key: 'L-1-2' },
  },
  target: '[40.5, 22.25]',
  filtered_resps: ['41.0,20.0'],
});

const PATHS: (string | number)[][] = [
  ['doc_id'], ['target'], ['filtered_resps'], ['filtered_resps', 0], ['doc'], ['doc', 'taskID'], ['doc', 'slice_dim'],
  ['doc', 'label'], ['doc', 'image_size_2d'], ['doc', 'image_size_2d', 1], ['doc', 'pixel_size', 0], ['doc', 'voxel_size'],
  ['doc', 'voxel_size', 2], ['doc', 'dataset_name'], ['doc', 'taskType'], ['doc', 'biometric_profile'],
  ['doc', 'biometric_profile', 'metric_type'], ['doc', 'biometric_profile', 'metric_key'],
];

const value = fc.oneof(
  fc.anything(),
  fc.constantFrom(NaN, Infinity, -1, 0, 1, 2, 2.5, '', '01', null, [], [1], [1, 2], [1, NaN], [1, 2, 3], { a: 1 }),
  fc.double(),
);

function set(obj: Record<string, unknown>, path: (string | number)[], v: unknown) {
  let o: Record<string | number, unknown> = obj;
  for (const k of path.slice(0, -1)) {
    if (typeof o[k] !== 'object' || o[k] === null) return;
    o = o[k] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (v === undefined) delete o[last];
  else o[last] = v;
}

describe('the hot-path type check never accepts what the zod schema rejects', () => {
  it('holds for the valid base record', () => {
    expect(isValidRecordFast(base())).toBe(true);
    expect(medvisionRecordSchema.safeParse(base()).success).toBe(true);
  });
  it('holds under random mutations of any field', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...PATHS), fc.option(value, { nil: undefined })), { minLength: 1, maxLength: 3 }), (edits) => {
        const r = base() as unknown as Record<string, unknown>;
        for (const [p, v] of edits) set(r, p, v);
        if (isValidRecordFast(r)) expect(medvisionRecordSchema.safeParse(r).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
