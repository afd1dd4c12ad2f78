import { z } from 'zod';

/**
 * A task-submission record under review, in the shape the task-review system exports it
 * (seed `003_bf0189500c8d381c.txt`). Ingested as is: unknown fields are kept but never shown.
 */
const text = z.string().max(200_000);
const shortText = z.string().max(2000);

export const FILE_CATEGORIES = ['input_materials', 'reference_output'] as const;

export const taskFileSchema = z.looseObject({
  file_id: shortText.optional(),
  filename: z
    .string()
    .min(1)
    .max(255)
    .refine((s) => !/[\\/]/.test(s) && s !== '.' && s !== '..', 'must be a bare file name (no "/", "\\" or "..")')
    // eslint-disable-next-line no-control-regex -- rejects control characters on purpose
    .refine((s) => !/[\u0000-\u001f]/.test(s), 'must not contain control characters'),
  category: z.enum(FILE_CATEGORIES),
  content_type: shortText.nullish(),
  size_bytes: z.number().int().nonnegative(),
});

export const difficultySelfTestSchema = z.looseObject({
  model: shortText.nullish(),
  estimated_score: shortText.nullish(),
});

export const taskBodySchema = z.looseObject({
  status: shortText.nullish(),
  version: z.number().int().nullish(),
  extra_fields: z.looseObject({ difficulty_self_test: difficultySelfTestSchema.nullish() }).nullish(),
  submitted_at: shortText.nullish(),
  industry_domain: shortText.nullish(),
  task_short_name: z.string().min(1).max(200),
  operating_system: shortText.nullish(),
  task_description: text,
  software_licensing: shortText.nullish(),
  evaluation_criteria: text.nullish(),
  verification_method: text.nullish(),
  software_and_version: shortText.nullish(),
  specific_requirements: text.nullish(),
  expected_completion_time: shortText.nullish(),
});

export const deepReviewSchema = z.looseObject({
  overall_verdict: shortText.nullish(),
  review_text: text.nullish(),
  reviewed_at: shortText.nullish(),
});

export const taskRecordSchema = z
  .looseObject({
    submission_id: z.string().min(1).max(200),
    submission_revision_id: shortText.nullish(),
    revision_version: z.number().int().nonnegative().nullish(),
    submission_status: shortText,
    submitted_at: shortText.nullish(),
    submitter_name: shortText.nullish(),
    /** Read so that it can be dropped: never published. */
    submitter_email: shortText.nullish().describe('Never published'),
    task: taskBodySchema,
    files: z.array(taskFileSchema).default([]),
    deep_review: deepReviewSchema.nullish(),
    claim: z.unknown().optional(),
  })
  .describe('evalboard task-submission record: results/tasks/<id>/task.json');

export type TaskRecord = z.infer<typeof taskRecordSchema>;
export type TaskFile = z.infer<typeof taskFileSchema>;
