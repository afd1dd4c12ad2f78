import { z } from 'zod';
import { TASK_IDS } from '../scorer/tasks';

/**
 * `references/clinicalbench/<version>.json`: the required seed set of one ClinicalBench version
 * (the ground truth itself is regenerated from `(seed, task)`, never read). A board's unit set is
 * its tasks × these seeds; a row missing a seed × task pair is partial coverage.
 */
export const clinicalbenchReferenceSchema = z.strictObject({
  benchmark: z.literal('clinicalbench'),
  version: z.string().min(1),
  synthetic: z.boolean().optional(),
  source: z.string().min(1),
  /** The upstream commit whose generator the seeds are played with. */
  commit: z.string().optional(),
  tasks: z.array(z.enum(TASK_IDS)).min(1),
  seeds: z.array(z.number().int()).min(1),
});

export type ClinicalbenchReference = z.infer<typeof clinicalbenchReferenceSchema>;

export function buildClinicalbenchReference(seeds: readonly number[], opts: { version: string; source: string; synthetic?: boolean; commit?: string }): ClinicalbenchReference {
  return {
    benchmark: 'clinicalbench',
    version: opts.version,
    ...(opts.synthetic ? { synthetic: true } : {}),
    source: opts.source,
    ...(opts.commit ? { commit: opts.commit } : {}),
    tasks: [...TASK_IDS],
    seeds: [...new Set(seeds)].sort((a, b) => a - b),
  };
}
