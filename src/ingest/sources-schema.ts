/**
 * `sources.json` (repository root, maintainer-owned): the public result repositories the deployed
 * site imports at build time (`npm run import:sources`). Each entry pins one repository at one
 * commit, names the folder inside it and the benchmark importer that reads it, and says under
 * which licence and with which attribution the results are shown.
 */
import { z } from 'zod';
import { repoPath, repoUrl, sourceCreditSchema } from '../core/source-credit';
import { safeId } from '../core/submission-schema';

const credit = sourceCreditSchema.shape;

/** One source; `importers` (the benchmarks that have an importer) makes `importer` an enum. */
export const sourceEntrySchemaFor = (importers?: readonly [string, ...string[]]) =>
  z.strictObject({
    id: safeId.describe('Names the source in messages and its clone in the cache (<cache>/<id>@<commit>); unique in the file'),
    importer: (importers ? z.enum(importers) : safeId).describe('The benchmark whose importer reads it (npm run import -- <importer> …)'),
    repo: repoUrl,
    commit: z.string().regex(/^[0-9a-f]{40}$/, 'expected the full 40-digit commit id the source is pinned at').describe('The pinned commit: the clone is checked out at exactly this commit'),
    path: repoPath.default('.').describe('The folder inside the repository the importer reads; "." for its root'),
    licence: credit.licence,
    attribution: credit.attribution,
    version: safeId.optional().describe('The benchmark version its reference is written as (default: the importer derives it from the repository and commit)'),
    local: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .describe('Test double: a folder on disk standing for the repository at that commit (no clone, no network); relative to the folder of sources.json. Never used in the deployed file.'),
  });

export const sourcesFileSchemaFor = (importers?: readonly [string, ...string[]]) =>
  z
    .strictObject({
      $schema: z.string().optional(),
      sources: z.array(sourceEntrySchemaFor(importers)).describe('Imported in this order'),
    })
    .superRefine((f, ctx) => {
      const seen = new Map<string, number>();
      f.sources.forEach((s, i) => {
        const first = seen.get(s.id);
        if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['sources', i, 'id'], message: `id "${s.id}" is already used by sources[${first}]: every source needs its own id` });
        else seen.set(s.id, i);
      });
    })
    .describe('evalboard public result sources: sources.json (maintainer-owned), imported by npm run import:sources');

export const sourcesFileSchema = sourcesFileSchemaFor();
export type SourcesFile = z.infer<typeof sourcesFileSchema>;
export type SourceEntry = SourcesFile['sources'][number];
