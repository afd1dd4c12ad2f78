import { z } from 'zod';
import { TASK_IDS } from '../scorer/tasks';

/** One upstream AuditAction. Extra fields are ignored, as pydantic does upstream. */
export const auditActionSchema = z
  .looseObject({
    action_type: z.string().optional().describe('investigate_pattern | compute_distribution | flag_error | propose_fix | submit_report; upstream defaults an absent value to flag_error'),
    patient_id: z.string().nullish(),
    error_type: z.string().nullish(),
    reason: z.string().nullish(),
    proposed_value: z.string().nullish(),
    variable: z.string().nullish(),
    report: z.string().nullish(),
    confidence: z.number().nullish().describe('0–1; values outside are clamped upstream and reported'),
  })
  .describe('An upstream AuditAction; null fields may be omitted');

const groundTruthErrorSchema = z.object({ patient_id: z.string(), error_type: z.string() });

/**
 * The submitter's copy of the ground truth. Never used for grading: the board regenerates the
 * ground truth from (seed, task_id) and reports any difference from this copy as an error.
 */
export const claimedGroundTruthSchema = z
  .looseObject({
    errors: z.array(groundTruthErrorSchema).optional(),
    total_errors: z.int().nonnegative().optional(),
    bias_present: z.boolean().optional(),
    bias_actionable: z.boolean().optional(),
    n_patients: z.int().positive().optional(),
    patient_ids_range: z.array(z.string()).optional(),
  })
  .describe('Optional and only compared: grading always uses the ground truth regenerated from (seed, task_id)');

const countersSchema = z.object({
  task_id: z.enum(TASK_IDS),
  total_errors: z.int().nonnegative(),
  correct_flags: z.int().nonnegative(),
  false_positive_flags: z.int().nonnegative(),
  duplicate_flags: z.int().nonnegative(),
  patterns_investigated: z.array(z.string()),
  distributions_computed: z.array(z.string()),
  invalid_phase_actions: z.int().nonnegative(),
  attempts: z.int().nonnegative(),
  report_quality: z.number().min(0).max(5),
  report_submitted: z.boolean(),
});

const breakdownSchema = z.object({
  recall: z.number(),
  precision: z.number(),
  workflow: z.number(),
  efficiency: z.number(),
  report: z.number(),
  benchmark_score: z.number(),
});

/** What the submitter says the episode produced; every entry is checked against our replay. */
export const claimedOutcomeSchema = z.looseObject({
  step_rewards: z.array(z.number()).optional(),
  step_score_so_far: z.array(z.number()).optional(),
  done: z.boolean().optional(),
  final_state: countersSchema.partial().optional(),
  score_breakdown: breakdownSchema.partial().optional(),
  benchmark_score: z.number().optional(),
  dense_reward_total: z.number().optional(),
});

export const episodeSchema = z.looseObject({
  id: z.string().optional(),
  task_id: z.enum(TASK_IDS),
  seed: z.int().describe('Dataset seed passed to reset(seed, task_id); the ground truth is regenerated from it'),
  agent: z.string().optional().describe('Agent or harness name, e.g. heuristic, react'),
  model: z.string().optional(),
  actions: z.array(auditActionSchema),
  ground_truth: claimedGroundTruthSchema.optional(),
  claimed: claimedOutcomeSchema.optional(),
});

/** A file of episodes (one submission may hold several files). */
export const episodeFileSchema = z.looseObject({
  format: z.literal('clinicalbench-episodes'),
  agent: z.string().optional(),
  model: z.string().optional(),
  episodes: z.array(episodeSchema).min(1),
});

export type AuditActionRecord = z.infer<typeof auditActionSchema>;
export type EpisodeRecord = z.infer<typeof episodeSchema>;
export type EpisodeFile = z.infer<typeof episodeFileSchema>;

/** JSON Schema of the episode file, for `/schemas/clinicalbench-episodes.json`. */
export function episodeFileJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(episodeFileSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
