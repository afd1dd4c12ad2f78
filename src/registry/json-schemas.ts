import { z } from 'zod';
import { reviewSchema, submissionSchemaFor } from '../core/submission-schema';
import { modelRecordSchema } from '../core/model-schema';
import { boardDownloadSchema } from '../core/board-download-schema';
import { apiManifestSchema, apiModelSchema, apiSamplesSchema, apiSubmissionSchema } from '../core/api-schemas';
import type { PublishedSchema } from '../core/benchmark';
import { taskRecordSchema } from '../ingest/tasks/schema';
import { sourcesFileSchemaFor } from '../ingest/sources-schema';
import type { Benchmark } from '../core/benchmark';
import { BENCHMARKS, submissionBenchmarksOf } from './benchmarks';

/** The formats the benchmarks of `list` accept: the submission record, each benchmark's own files, the task record. */
export function publishedSchemasOf(list: readonly Benchmark[]): readonly PublishedSchema[] {
  const ids = submissionBenchmarksOf(list).map((b) => b.id) as [string, ...string[]];
  const importers = list.filter((b) => b.importer).map((b) => b.id);
  return [
    { name: 'submission', title: 'Score submission (submission.json)', file: 'results/<benchmark>/<id>/submission.json', schema: submissionSchemaFor(ids) },
    { name: 'review', title: 'Maintainer review (reviews/<benchmark>/<id>.json)', file: 'reviews/<benchmark>/<id>.json', schema: reviewSchema },
    { name: 'model', title: 'Model registry entry (models/<id>.json)', file: 'models/<id>.json', schema: modelRecordSchema },
    ...list.flatMap((b) => b.schemas),
    { name: 'task-record', title: 'Task-submission record (task.json)', file: 'results/tasks/<id>/task.json', schema: taskRecordSchema },
    { name: 'board', title: 'Board download (downloads/<benchmark>/<board>.json)', file: 'downloads/<benchmark>/<board>.json', schema: boardDownloadSchema },
    { name: 'api-manifest', title: 'Data API manifest (api/v1/manifest.json)', file: 'api/v1/manifest.json', schema: apiManifestSchema },
    { name: 'api-model', title: 'Data API model document (api/v1/models/<model>.json)', file: 'api/v1/models/<model>.json', schema: apiModelSchema },
    { name: 'api-submission', title: 'Data API submission document (api/v1/submissions/<benchmark>/<id>.json)', file: 'api/v1/submissions/<benchmark>/<id>.json', schema: apiSubmissionSchema },
    { name: 'api-samples', title: 'Data API per-sample file (api/v1/samples/<benchmark>/<entry>/<unit>.json; the .parquet beside it has the same columns)', file: 'api/v1/samples/<benchmark>/<entry>/<unit>.json', schema: apiSamplesSchema },
    { name: 'sources', title: 'Public result sources (sources.json)', file: 'sources.json', schema: sourcesFileSchemaFor(importers.length ? (importers as [string, ...string[]]) : undefined) },
  ];
}

/** Every format we accept, published as `/schemas/<name>.json` (generated from the zod schemas). */
export const PUBLISHED_SCHEMAS: readonly PublishedSchema[] = publishedSchemasOf(BENCHMARKS);

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
