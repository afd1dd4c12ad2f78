/**
 * One import as the CLIs run it: the benchmark's importer writes the submission folders, models
 * and reference, its reported tables are written to `out.reportedRoot` (when given), then validate
 * runs on every folder written (against the same roots) and its report is returned with the
 * importer's.
 */
import { dirname, resolve } from 'node:path';
import type { Benchmark, ImportOptions, ImportReport } from '../core/benchmark';
import { validateSubmissions, type ValidateConfig, type ValidateRun } from './submission/validate';
import { writeReportedTables } from './reported-write';

export interface ImportRun {
  report: ImportReport;
  /** Absent with `dryRun` (nothing was written) or when nothing was imported. */
  validation?: ValidateRun;
}

export async function runImport(benchmark: Benchmark, opts: ImportOptions, validate: Pick<ValidateConfig, 'rowsFor'> = {}): Promise<ImportRun> {
  if (!benchmark.importer) throw new Error(`${benchmark.id} has no importer`);
  const report = await benchmark.importer.import(opts);
  if (opts.out.reportedRoot && report.reported.length) {
    const files = writeReportedTables(resolve(opts.out.reportedRoot), benchmark.id, opts.source, report.reported, { ...(opts.provenance ? { provenance: opts.provenance } : {}), ...(opts.dryRun ? { dryRun: true } : {}) });
    report.written = [...report.written, ...files].sort();
  }
  if (opts.dryRun || report.submissions.length === 0) return { report };
  const resultsRoot = resolve(opts.out.resultsRoot);
  // validate reads references beside results/ unless told otherwise: point it at the import's own.
  const before = process.env.EVALBOARD_REFERENCES;
  process.env.EVALBOARD_REFERENCES = resolve(opts.out.referencesRoot);
  try {
    const validation = await validateSubmissions(
      report.submissions.map((s) => resolve(s.dir)),
      { repoRoot: dirname(resultsRoot), resultsRoot, modelsRoot: resolve(opts.out.modelsRoot), ...(opts.out.reviewsRoot ? { reviewsRoot: resolve(opts.out.reviewsRoot) } : {}), ...validate },
    );
    return { report, validation };
  } finally {
    if (before === undefined) delete process.env.EVALBOARD_REFERENCES;
    else process.env.EVALBOARD_REFERENCES = before;
  }
}
