import { z } from 'zod';

/**
 * `references/medvision/<version>.json`: the fixed sample set and answer key of one MedVision
 * benchmark version, owned by the maintainers (built by the importer from the pinned public
 * sources, or by our demo generator). Per subtask config: every `doc_id` with its `target` and
 * the doc fields the scorers read, and the expected sample count per sample class (a class's
 * sample set is the first `expected[class]` samples in `doc_id` order, as `--limit` takes them).
 */
const int = z.number().int().nonnegative();
const finite = z.number().refine(Number.isFinite, 'expected a finite number');
const pair = z.tuple([finite, finite]);

export const medvisionReferenceDocSchema = z.strictObject({
  image_size_2d: pair.describe('[H, W] as the record writes it'),
  pixel_size: pair.describe('in-plane [h, w] mm as the scorer uses it (voxel_size without the slicing axis, else pixel_size)'),
  slice_dim: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  taskID: int,
  label: z.number().optional(),
  dataset_name: z.string().optional(),
  metric_type: z.string().optional(),
  metric_key: z.string().optional(),
});

export const medvisionReferenceSampleSchema = z.strictObject({
  doc_id: int,
  target: z.string().describe('the ground truth as lmms-eval stores it (compared as numbers)'),
  doc: medvisionReferenceDocSchema,
});

export const medvisionReferenceConfigSchema = z
  .strictObject({
    family: z.enum(['TL', 'AD', 'Detection']),
    task_tag: z.string().optional(),
    /** The test-set size in upstream's task list, where known. */
    listed: int.optional(),
    expected: z.strictObject({
      full: int.optional().describe('runs of up to 1000 samples per subtask: min(1000, listed)'),
      pilot: int.optional().describe('runs capped at 100 samples per subtask (--limit 100): min(100, listed)'),
    }),
    /** Sorted by doc_id. */
    samples: z.array(medvisionReferenceSampleSchema),
  })
  .superRefine((c, ctx) => {
    for (const k of ['full', 'pilot'] as const) {
      const n = c.expected[k];
      if (n !== undefined && n > c.samples.length) ctx.addIssue({ code: 'custom', path: ['expected', k], message: `expects ${n} samples but lists ${c.samples.length}` });
    }
    for (let i = 1; i < c.samples.length; i++) {
      if (c.samples[i]!.doc_id <= c.samples[i - 1]!.doc_id) {
        ctx.addIssue({ code: 'custom', path: ['samples', i, 'doc_id'], message: 'samples must be sorted by doc_id without repeats' });
        break;
      }
    }
  });

export const medvisionReferenceSchema = z.strictObject({
  benchmark: z.literal('medvision'),
  version: z.string().min(1),
  /** True for the bundled demo's reference (our own generator, not a real benchmark). */
  synthetic: z.boolean().optional(),
  /** Where the answer key comes from: pinned public source, or our generator. */
  source: z.string().min(1),
  configs: z.record(z.string(), medvisionReferenceConfigSchema),
});

export type MedvisionReference = z.infer<typeof medvisionReferenceSchema>;
export type MedvisionReferenceConfig = z.infer<typeof medvisionReferenceConfigSchema>;
export type MedvisionReferenceSample = z.infer<typeof medvisionReferenceSampleSchema>;
