/**
 * The board download (`/downloads/<benchmark>/<board>.json`), published as `/schemas/board.json`.
 * Every row carries its statistics; the board carries its unit, minimum evidence and minimum
 * detectable difference. `src/board/downloads.ts` writes it.
 */
import { z } from 'zod';

/** An imported row's public source (`submission.json` "source"); null for every other row. */
export const downloadSourceSchema = z
  .object({
    repo: z.string().describe('Public repository URL.'),
    commit: z.string().describe('Commit the results were read at.'),
    path: z.string().nullable().describe('Folder inside the repository; null for its root.'),
    licence: z.string(),
    attribution: z.string(),
  })
  .strict();

export const ROW_STATUSES = ['ranked', 'partial', 'preliminary', 'under_review', 'not_ranked'] as const;

const num = z.number();
/** An open end of a metric's range is `null` (JSON has no infinity). */
const bound = z.number().nullable();

export const downloadIntervalSchema = z
  .object({
    lo: num.describe('Lower bound as computed (not truncated to the metric range).'),
    hi: num.describe('Upper bound as computed (not truncated to the metric range).'),
    level: num.describe('Confidence level, e.g. 0.95.'),
    method: z.enum(['bootstrap', 't']).describe('bootstrap: percentile bootstrap over the board unit; t: Student-t interval over the board unit.'),
  })
  .strict();

export const downloadMddSchema = z
  .object({
    value: num.describe('Minimum detectable difference, in the primary metric’s units (80 % power, two-sided α = 0.05).'),
    basis: z.enum(['paired', 'standard_errors']).describe('paired: from the per-unit differences of the top two ranked rows; standard_errors: from their standard errors (unpaired).'),
    n: z.number().int().describe('Shared units (paired) or the smaller unit count (standard_errors).'),
    between: z.tuple([z.string(), z.string()]).describe('Entry keys of the two rows.'),
    formula: z.string(),
    section: z.string().describe('Section id it was computed in.'),
  })
  .strict();

export const downloadRowSchema = z
  .object({
    section: z.string(),
    entry: z
      .object({
        key: z.string().describe('<model id>~<harness slug>: unique per model × harness.'),
        model_id: z.string().describe('Registered model id (models/<id>.json).'),
        model: z.string().describe('Model display name.'),
        harness: z.string(),
      })
      .strict(),
    submission: z.string().describe('Submission id (results/<benchmark>/<id>/).'),
    value: num.nullable().describe('Primary metric, unrounded; null when not computable.'),
    interval: downloadIntervalSchema.nullable().describe('null: no interval (preliminary rows, a single unit).'),
    rank: z.number().int().min(1).nullable().describe('Point rank (competition ranking); null when not ranked.'),
    rank_range: z.tuple([z.number().int().min(1), z.number().int().min(1)]).nullable().describe('[best, worst] by the board’s rank_rule from the published intervals; null when not ranked.'),
    coverage: z.object({ units: z.number().int(), total: z.number().int(), unit: z.string() }).strict().nullable(),
    status: z.enum(ROW_STATUSES),
    reason: z.string().nullable().describe('One line, when status is not ranked.'),
    n: z.number().int().describe('Units behind the value (the board’s unit).'),
    secondary: z.record(z.string(), num.nullable()).describe('Secondary columns, keyed <metric id>:<label>.'),
    org: z.string(),
    weights: z.enum(['open', 'closed', 'n/a']),
    release_date: z.string().nullable(),
    submitted_at: z.string(),
    synthetic: z.boolean().describe('Synthetic demo data (the submission or its registered model is marked synthetic), not a real model run.'),
    source: downloadSourceSchema.nullable().describe('Imported from a public repository: where, at which commit, its licence and attribution; null otherwise.'),
  })
  .strict();

const displaySchema = z
  .object({
    kind: z.enum(['fixed', 'percent']),
    digits: z.number().int().nonnegative(),
    scale: z.number(),
  })
  .strict()
  .describe('How the site shows this metric: value × scale with `digits` decimals (a % sign when kind is percent). Values here are unrounded.');

export const boardDownloadSchema = z
  .object({
    format: z.literal('evalboard-board/1'),
    benchmark: z.string(),
    board: z.string().describe('Board slug below /benchmarks/<benchmark>/.'),
    title: z.string(),
    primary: z
      .object({
        metric: z.string(),
        label: z.string(),
        direction: z.enum(['higher', 'lower']),
        unit: z.string(),
        range: z.tuple([bound, bound]).nullable().describe('Natural range of the metric (null end: open); intervals are drawn truncated to it.'),
        display: displaySchema,
      })
      .strict(),
    secondary: z.array(z.object({ metric: z.string(), label: z.string(), display: displaySchema }).strict()),
    unit: z.string().describe('The independent unit intervals resample (evals, seeds, samples).'),
    min_units: z.number().int().describe('Fewest units a row needs to be ranked; rows with fewer are preliminary.'),
    method: z.string().describe('How the intervals are computed.'),
    level: num,
    rank_rule: z.string().describe('How rank_range is computed from the intervals.'),
    mdd: downloadMddSchema.nullable().describe('Minimum detectable difference of the first section that has one.'),
    sections: z.array(z.object({ id: z.string(), title: z.string(), ranked: z.number().int(), listed: z.number().int(), mdd: downloadMddSchema.nullable() }).strict()),
    rows: z.array(downloadRowSchema),
  })
  .strict();

export type BoardDownload = z.infer<typeof boardDownloadSchema>;
export type BoardDownloadRow = z.infer<typeof downloadRowSchema>;
