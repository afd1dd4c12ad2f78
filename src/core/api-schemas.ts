/**
 * The static data API (`/api/v1/`): the manifest, one document per model, per submission and per
 * (entry, unit) sample file, published as JSON Schemas under `/schemas/`. Board documents are the
 * board downloads (`./board-download-schema.ts`). `src/board/api.ts` writes them.
 *
 * Every URL is a site path (starting with `/`, the site's base included); prefix `site` for an
 * absolute one. URLs are stable across builds; only `sha256` fields change with the content.
 */
import { z } from 'zod';
import { ROW_STATUSES, downloadSourceSchema } from './board-download-schema';

const url = z.string().regex(/^\//).describe('Site path; prefix the manifest’s `site` for an absolute URL.');
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const reviewStatus = z.enum(['under_review', 'accepted', 'rejected', 'withdrawn']);

export const SAMPLE_COLUMN_TYPES = ['string', 'double', 'int', 'boolean'] as const;

export const sampleColumnSchema = z.strictObject({
  name: z.string(),
  type: z.enum(SAMPLE_COLUMN_TYPES).describe('Parquet: string = BYTE_ARRAY (UTF8), double = DOUBLE, int = INT32 (INT64 when a value needs it), boolean = BOOLEAN; every column nullable.'),
  description: z.string(),
});

const sampleRef = z.strictObject({
  unit: z.string().describe('URL-safe unit id, unique within the entry.'),
  label: z.string().describe('The unit as the benchmark names it.'),
  kind: z.string().describe('What a unit is: "subtask config", "eval", "seed × task".'),
  rows: z.number().int().nonnegative(),
  json: url,
  parquet: url,
  parquet_sha256: sha256.describe('Of the Parquet file’s bytes.'),
});

export const apiManifestSchema = z.strictObject({
  format: z.literal('evalboard-api-manifest/1'),
  site: z.string().describe('The site’s origin and base, ending in `/`.'),
  build: z.strictObject({
    content_hash: sha256.describe('sha256 over the code version and every admitted submission’s (benchmark, id, review status, content digest), in order.'),
    code_version: sha256.describe('Hash of the scoring code and the lockfile (the score cache’s key).'),
    date: day.nullable().describe('The latest changelog date (never the build clock, so two builds are identical).'),
    admitted: z.number().int().nonnegative().describe('Admitted (ranked or under-review) submissions.'),
  }),
  schemas: z.record(z.string(), url).describe('Every API document’s JSON Schema.'),
  feed: url.describe('Atom feed of every change.'),
  benchmarks: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      page: url,
      feed: url,
      clinical: z.boolean(),
      data_note: z.strictObject({ kind: z.string(), licence: z.string().nullable(), text: z.string() }).nullable(),
      boards: z.array(z.strictObject({ slug: z.string(), title: z.string(), kind: z.string(), url, page: url, csv: url })),
    }),
  ),
  models: z.array(z.strictObject({ id: z.string(), name: z.string(), url, page: url })),
  submissions: z.array(z.strictObject({ benchmark: z.string(), id: z.string(), status: reviewStatus, ranked: z.boolean(), entry: z.string(), url, page: url })),
  entries: z.array(
    z.strictObject({
      key: z.string().describe('`<model id>~<harness>`: model × harness.'),
      benchmark: z.string(),
      model_id: z.string(),
      harness: z.string(),
      submission: z.string().describe('The submission whose samples are published for this entry.'),
      samples: z.array(sampleRef),
    }),
  ),
});

export const apiModelSchema = z.strictObject({
  format: z.literal('evalboard-api-model/1'),
  id: z.string(),
  name: z.string(),
  org: z.string(),
  weights: z.enum(['open', 'closed', 'n/a']),
  params: z.string(),
  licence: z.string(),
  release_date: z.string(),
  aliases: z.array(z.string()),
  links: z.array(z.strictObject({ label: z.string(), href: z.string() })),
  synthetic: z.boolean(),
  page: url,
  entries: z.array(z.strictObject({ key: z.string(), harness: z.string(), benchmarks: z.array(z.string()), ranked: z.boolean() })),
  submissions: z.array(
    z.strictObject({ benchmark: z.string(), id: z.string(), status: reviewStatus, entry: z.string(), on_boards: z.boolean(), reason: z.string().nullable(), url: url.nullable().describe('Null when not admitted (errors, rejected, withdrawn).') }),
  ),
  placements: z.array(
    z.strictObject({
      benchmark: z.string(),
      board: z.string(),
      board_url: url,
      section: z.string(),
      entry: z.string(),
      rank: z.number().int(),
      rank_range: z.tuple([z.number().int(), z.number().int()]),
      of: z.number().int(),
      value: z.number().nullable(),
    }),
  ),
});

export const apiSubmissionSchema = z.strictObject({
  format: z.literal('evalboard-api-submission/1'),
  benchmark: z.string(),
  id: z.string(),
  model_id: z.string(),
  model: z.string(),
  entry: z.string(),
  harness: z.strictObject({ name: z.string(), version: z.string(), commit: z.string().nullable() }),
  submitted_at: day,
  synthetic: z.boolean(),
  source: downloadSourceSchema.nullable().describe('Imported from a public repository: where, at which commit, its licence and attribution; null otherwise.'),
  status: reviewStatus,
  ranked: z.boolean(),
  under_review: z.boolean(),
  page: url,
  review: z.strictObject({ reviewed_at: day.nullable(), verdict: z.string().nullable() }),
  changelog: z.array(z.strictObject({ date: day, kind: z.enum(['added', 'corrected', 'withdrawn', 'rejected']) })),
  content_digest: z.string().nullable().describe('Hash of the normalised per-sample data (equal digests are copies).'),
  rows: z.array(
    z.strictObject({ board: z.string(), board_url: url, section: z.string(), status: z.enum(ROW_STATUSES), rank: z.number().int().nullable(), value: z.number().nullable() }),
  ),
  samples: z.array(sampleRef),
});

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const apiSamplesSchema = z.strictObject({
  format: z.literal('evalboard-api-samples/1'),
  benchmark: z.string(),
  entry: z.string(),
  submission: z.string(),
  unit: z.string(),
  unit_label: z.string(),
  unit_kind: z.string(),
  parquet: url,
  columns: z.array(sampleColumnSchema),
  rows: z.array(z.record(z.string(), cell)).describe('One record per sample, keys as `columns`; null for NaN or absent.'),
});

export type ApiManifest = z.infer<typeof apiManifestSchema>;
export type ApiModel = z.infer<typeof apiModelSchema>;
export type ApiSubmission = z.infer<typeof apiSubmissionSchema>;
export type ApiSamples = z.infer<typeof apiSamplesSchema>;
