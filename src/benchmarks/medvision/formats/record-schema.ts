import { z } from 'zod';

/**
 * The fields of one parsed MedVision record (`<ts>_samples_<config>.jsonl` line) that scoring
 * reads. Other fields (resps, input, hashes, upstream's own metrics) are not trusted or needed.
 */
const finite = z.number().refine(Number.isFinite, 'expected a finite number');
const pair = z.tuple([finite, finite], { error: 'expected a list of 2 numbers' });

const biometricProfileSchema = z.looseObject({
  metric_type: z.union([z.string(), z.array(z.string())]).optional(),
  metric_key: z.union([z.string(), z.array(z.string())]).optional(),
});

export const medvisionDocSchema = z.looseObject({
  dataset_name: z.string().optional(),
  taskID: z.union([z.string(), z.number()], { error: 'expected a task id (string or number)' }),
  taskType: z.string().optional(),
  slice_dim: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'expected 0, 1 or 2' }),
  label: z.union([z.number(), z.string()]).optional(),
  image_size_2d: pair,
  pixel_size: pair,
  voxel_size: z.array(finite).optional(),
  biometric_profile: biometricProfileSchema.optional(),
});

export const medvisionRecordSchema = z.looseObject({
  doc_id: z.number().int('expected an integer').nonnegative(),
  doc: medvisionDocSchema,
  target: z.string({ error: 'expected a string (lmms-eval stores targets as text)' }),
  filtered_resps: z.array(z.string(), { error: 'expected a list of strings' }).min(1, 'expected at least one response'),
  nMAE: z.unknown().optional(),
});

export type MedvisionRecord = z.infer<typeof medvisionRecordSchema>;

/** The keys the fast scanner extracts; everything else on the line is skipped unparsed. */
export const RECORD_KEYS: readonly string[] = ['doc_id', 'doc', 'target', 'filtered_resps', 'nMAE'];

/** The `doc` fields scoring and grouping read; the scanner skips the rest (file paths, boxes…). */
export const DOC_KEYS: readonly string[] = Object.keys(medvisionDocSchema.shape);
export const PROFILE_KEYS: readonly string[] = Object.keys(biometricProfileSchema.shape);
