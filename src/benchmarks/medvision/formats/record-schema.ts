import { z } from 'zod';

/**
 * The fields of one parsed MedVision record (`<ts>_samples_<config>.jsonl` line) that scoring
 * reads. Other fields (resps, input, hashes, upstream's own metrics) are not trusted or needed.
 */
const finite = z.number().refine(Number.isFinite, 'expected a finite number');
// Image and pixel sizes are physical: a zero or negative one is impossible (and would make nMAE wrong).
const positive = finite.refine((v) => !Number.isFinite(v) || v > 0, 'expected a positive number (a physical size)');
const positivePair = z.tuple([positive, positive], { error: 'expected a list of 2 numbers' });
const strings = z.array(z.string(), { error: 'expected a list of strings' }).min(1, 'expected at least one response');

export const biometricProfileSchema = z.looseObject({
  metric_type: z.union([z.string(), z.array(z.string())]).optional(),
  metric_key: z.union([z.string(), z.array(z.string())]).optional(),
});

export const medvisionDocSchema = z.looseObject({
  dataset_name: z.string().optional(),
  taskID: z.union([z.string(), z.number()], { error: 'expected a task id (string or number)' }),
  taskType: z.string().optional(),
  slice_dim: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'expected 0, 1 or 2' }),
  label: z.union([z.number(), z.string()]).optional(),
  image_size_2d: positivePair,
  pixel_size: positivePair,
  voxel_size: z.array(positive).optional(),
  biometric_profile: biometricProfileSchema.optional(),
});

export const medvisionRecordSchema = z.looseObject({
  doc_id: z.number().int('expected an integer').nonnegative(),
  doc: medvisionDocSchema,
  target: z.string({ error: 'expected a string (lmms-eval stores targets as text)' }),
  /** The submitter's own parse: only compared with our re-extraction (scored with `--trust-submitted-parse`). */
  filtered_resps: strings.optional(),
  /** An LLM judge's parse (`llm-parsed_<judge>/` records): judge-parsed, not recomputed. */
  LLM_filtered_resps: strings.optional(),
  nMAE: z.unknown().optional(),
});

export type MedvisionRecord = z.infer<typeof medvisionRecordSchema>;
