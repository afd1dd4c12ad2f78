import { z } from 'zod';
import { submissionSchema } from './schema';
import { medvisionRecordSchema } from '../medvision/record-schema';
import { evalSchema, runResultSchema } from '../latch/schemas';
import { episodeFileSchema } from '../clinicalbench/schema';
import { taskRecordSchema } from '../tasks/schema';

/** Every format we accept, published as `/schemas/<name>.json` (generated from the zod schemas). */
export const PUBLISHED_SCHEMAS: readonly { name: string; title: string; file: string; schema: z.ZodType }[] = [
  { name: 'submission', title: 'Score submission (submission.json)', file: 'results/<benchmark>/<id>/submission.json', schema: submissionSchema },
  { name: 'medvision-record', title: 'MedVision parsed sample record (one JSONL line)', file: 'Results/<task_tag>/<model>/parsed/<ts>_samples_<config>.jsonl', schema: medvisionRecordSchema },
  { name: 'latch-eval', title: 'latch-eval-tools eval JSON', file: 'evals/<task>/<eval_id>.json', schema: evalSchema },
  { name: 'latch-result', title: 'latch-eval-tools run result.json', file: 'trajectories/<eval>/<provider>/<model>/<harness>/r<N>/result.json', schema: runResultSchema },
  { name: 'clinicalbench-episodes', title: 'ClinicalBench episode file', file: 'episodes/<name>.json', schema: episodeFileSchema },
  { name: 'task-record', title: 'Task-submission record (task.json)', file: 'results/tasks/<id>/task.json', schema: taskRecordSchema },
];

/**
 * JSON Schema (draft 2020-12) of one published format. Input shape (defaults optional);
 * refinements zod cannot express (finite numbers, no "..") are enforced by `validate`, not here.
 */
export function jsonSchemaOf(name: string, site = ''): Record<string, unknown> {
  const entry = PUBLISHED_SCHEMAS.find((s) => s.name === name);
  if (!entry) throw new Error(`unknown schema ${name}`);
  const schema = z.toJSONSchema(entry.schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const { $schema, ...rest } = schema;
  return {
    $schema,
    ...(site ? { $id: `${site.replace(/\/$/, '')}/schemas/${name}.json` } : {}),
    title: entry.title,
    ...rest,
    $comment: `Generated from evalboard's zod schema; file: ${entry.file}. Run \`npm run --silent validate -- <folder>\` for the full check.`,
  };
}
