/**
 * A reported table on disk: `reported/<benchmark>/<slug>.json`, one published table (or figure
 * set) an importer found upstream that evalboard cannot recompute (no per-sample data). Written by
 * `npm run import` (`--reported <dir>`), read by the build from `EVALBOARD_REPORTED`. Shown next
 * to a benchmark's boards, labelled "reported, not recomputed", and never ranked.
 */
import { z } from 'zod';

const cell = z.union([z.string(), z.number(), z.null()]);

export const reportedSourceSchema = z
  .object({
    repo: z.string().min(1).optional().describe('Public repository URL the table was read from'),
    commit: z.string().min(1).optional().describe('Commit of that repository'),
    path: z.string().min(1).optional().describe('Folder inside the repository the import read'),
  })
  .strict();

export const reportedTableFileSchema = z
  .object({
    reported: z.literal(true).describe('Always true: these figures are reported by upstream, not recomputed'),
    benchmark: z.string().regex(/^[a-z0-9][a-z0-9-]*$/).describe('Benchmark id (the folder it sits in)'),
    suite: z.string().min(1).describe('Suite, family or board group it belongs to, as the importer names it'),
    title: z.string().min(1),
    from: z.string().min(1).describe('Where it was read, relative to the imported tree'),
    source: reportedSourceSchema.optional(),
    licence: z.string().min(1).optional(),
    attribution: z.string().min(1).optional(),
    columns: z.array(z.string().min(1)).min(1),
    rows: z.array(z.record(z.string(), cell)),
  })
  .strict();

export type ReportedTableFile = z.infer<typeof reportedTableFileSchema>;
