import { z } from 'zod';

/**
 * `references/latch/<version>.json`: one latch suite version (scBench, SpatialBench,
 * SpatialBench-Long, or the bundled demo), owned by the maintainers. Each eval id with the
 * sha256 of its canonical eval JSON (grader config, ground truth, task metadata; see
 * `./canonical.ts`), its task category and kit (the task/platform boards come from here, never
 * from a submission), and the number of trials a run needs.
 */
const int = z.number().int().positive();

export const latchReferenceEvalSchema = z.strictObject({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 hex digest'),
  task: z.string().optional(),
  kit: z.string().optional(),
  /** The suite the eval belongs to (metadata.benchmark), where it says. */
  bench: z.string().optional(),
  /** Overrides the version's `trials`. */
  trials: int.optional(),
});

export const latchReferenceSchema = z.strictObject({
  benchmark: z.literal('latch'),
  version: z.string().min(1),
  synthetic: z.boolean().optional(),
  source: z.string().min(1),
  /** Required trials per eval. */
  trials: int,
  evals: z.record(z.string(), latchReferenceEvalSchema),
});

export type LatchReference = z.infer<typeof latchReferenceSchema>;
export type LatchReferenceEval = z.infer<typeof latchReferenceEvalSchema>;
