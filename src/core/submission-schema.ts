import { z } from 'zod';
import { CLAIM_TOLERANCE_TEXT } from './claim-tolerance';
import { sourceCreditSchema } from './source-credit';
import { httpUrl } from './http-url-schema';

/** `submission.json` at the root of every `results/<benchmark>/<id>/` folder (DESIGN §2). */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'expected an ISO date (YYYY-MM-DD)')
  .describe('ISO 8601 date, optionally with a time');

/** Folder names and ids: one path segment, no traversal, usable in a URL. */
export const safeId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,79}$/, 'expected lower-case letters, digits, ".", "_" or "-" (no slashes, no "..")')
  .refine((s) => !s.includes('..'), 'must not contain ".."')
  .describe('One path segment: lower-case letters, digits, ".", "_", "-"; must equal the folder name');

/** Short display text: no markup characters, no control characters. */
const plainText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex -- rejects control characters on purpose
    .refine((s) => !/[<>\u0000-\u001f\u007f]/.test(s), 'must not contain "<", ">" or control characters');

/** A registered benchmark's id (the registry in `src/benchmarks/index.ts` is the list). */
export type BenchmarkId = string;

export const reviewStatus = z.enum(['under_review', 'accepted', 'rejected', 'withdrawn']);
export const changelogKind = z.enum(['added', 'corrected', 'withdrawn']);

export const changelogEntrySchema = z.strictObject({
  date: isoDate,
  kind: changelogKind,
  reason: z.string().min(1).max(2000).describe('Markdown; rendered sanitised'),
});

const MAINTAINER_OWNED = (field: string) =>
  `"${field}" belongs to the maintainers and lives in reviews/<benchmark>/<id>.json, not in the submission folder; remove it (a new submission is under review until a maintainer accepts it)`;

/**
 * `reviews/<benchmark>/<id>.json`: the maintainers' verdict on one submission, outside the
 * submitter's folder (CODEOWNERS covers `reviews/`). No file means "under review".
 */
export const reviewSchema = z
  .strictObject({
    $schema: z.string().optional(),
    status: reviewStatus,
    revision: z.number().int().positive(),
    verdict: z.string().max(200).optional(),
    text: z.string().max(20000).optional().describe('Markdown; rendered sanitised'),
    reviewed_at: isoDate.optional(),
    changelog: z.array(changelogEntrySchema).default([]).describe('Accepted, corrected and withdrawn entries, oldest first'),
  })
  .describe('evalboard maintainer review: reviews/<benchmark>/<id>.json');

/**
 * The schema of `submission.json`. With the registered benchmark ids it checks `benchmark` against
 * them (the published JSON Schema lists them); without, any safe id passes here and validate checks
 * that the folder's benchmark is registered.
 */
export const submissionSchemaFor = (benchmarkIds?: readonly [string, ...string[]]) => z
  .strictObject({
    $schema: z.string().optional().describe('Optional link to this schema, e.g. https://…/schemas/submission.json'),
    id: safeId,
    benchmark: (benchmarkIds ? z.enum(benchmarkIds) : safeId).describe('Must equal the parent folder: results/<benchmark>/<id>/'),
    model: z
      .string({ error: (iss) => (iss.input !== null && typeof iss.input === 'object' ? 'expected the id of a registered model (e.g. "demo-vlm-7b"), not an object: name, org, weights, params and links live in models/<id>.json' : undefined) })
      .regex(/^[a-z0-9][a-z0-9._-]{0,79}$/, 'expected a registered model id: lower-case letters, digits, ".", "_" or "-" (the file models/<id>.json)')
      .describe(
      'The registered model: the id of its maintainer-owned file models/<id>.json (name, org, weights, params, licence, release date, links, aliases live there). A pull request introducing a model adds that file.',
    ),
    submitted_at: isoDate,
    submitter: z.strictObject({
      name: plainText(120),
      /** Never published: the site and its downloads drop it. */
      contact: z.string().max(200).optional().describe('How maintainers reach you. Never published.'),
    }),
    harness: z
      .strictObject({ name: plainText(120), version: plainText(60), commit: plainText(80).optional() })
      .describe('How the model was run; an entry on the boards is model × harness (name and version)'),
    pr: httpUrl
      .optional()
      .describe('The pull request that added this folder, e.g. https://github.com/<owner>/<repo>/pull/<n> (http(s) only); linked from the boards and the review page'),
    claimed: z
      .record(z.string().max(300), z.union([z.number(), z.null()]))
      .optional()
      .describe(
        'Numbers you claim, keyed as the validate report lists them (e.g. "MedVision-TL/<model>/weighted_avg_mae", ' +
          '"<model>|<harness>/accuracy", "<agent>/Average"); null claims "not a number". Each is recomputed and must agree ' +
          `within ${CLAIM_TOLERANCE_TEXT}.`,
      ),
    disclosures: z.strictObject({
      contamination: z.enum(['yes', 'no', 'unknown']),
      notes: z.string().max(4000).optional(),
    }),
    /** Demo data generated by our own script, not a real model run. */
    synthetic: z.boolean().optional(),
    source: sourceCreditSchema.optional().describe('Imported results only (written by npm run import): the public repository and commit they were read from, their licence and attribution'),
    // A verdict is never the submitter's to declare: it lives in the maintainer-owned review file.
    review: z.never({ error: MAINTAINER_OWNED('review') }).optional().describe('Not allowed here: reviews/<benchmark>/<id>.json'),
    changelog: z.never({ error: MAINTAINER_OWNED('changelog') }).optional().describe('Not allowed here: reviews/<benchmark>/<id>.json'),
  })
  .describe('evalboard score submission: results/<benchmark>/<id>/submission.json');

export const submissionSchema = submissionSchemaFor();

export type Submission = z.infer<typeof submissionSchema>;
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;
export type Review = z.infer<typeof reviewSchema>;
export type ReviewStatus = z.infer<typeof reviewStatus>;
