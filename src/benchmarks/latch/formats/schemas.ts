import { z } from 'zod';

const graderSpec = z.object({ type: z.string().min(1), config: z.record(z.string(), z.unknown()) });

/** An eval JSON: one `grader` or a `graders[]` list. */
export const evalSchema = z
  .object({
    id: z.string().min(1),
    task: z.string().optional(),
    metadata: z.object({ task: z.string().optional(), kit: z.string().optional() }).loose().optional(),
    grader: graderSpec.optional(),
    graders: z.array(graderSpec).min(1).optional(),
  })
  .loose()
  .refine((e) => (e.grader === undefined) !== (e.graders === undefined), { message: 'exactly one of grader / graders[] is required' });

export type EvalSpec = z.infer<typeof evalSchema>;

/** A run's `result.json` as written by latch-eval-tools. */
export const runResultSchema = z
  .object({
    model_name: z.string(),
    harness: z.string(),
    trial_index: z.number().int(),
    n_trials: z.number().int().optional(),
    latch_eval_tools_version: z.string().optional(),
    task: z.string().optional(),
    task_spec: z.string().optional(),
    result: z
      .object({
        test_id: z.string(),
        agent_answer: z.unknown(),
        passed: z.boolean().optional(),
        grader_result: z
          .object({ passed: z.boolean(), score: z.number().nullable().optional(), field_scores: z.record(z.string(), z.unknown()).optional() })
          .loose()
          .nullable()
          .optional(),
      })
      .loose(),
  })
  .loose();

export type RunResult = z.infer<typeof runResultSchema>;
