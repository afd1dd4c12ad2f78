import { createHash } from 'node:crypto';
import type { SampleFile, SubmissionSamples } from './benchmark';

/**
 * Per-submission sources of sample files a benchmark has already built in memory (from its board
 * loader: small per-trial or per-episode rows). The files' own content is the cache key's extra
 * part, so whatever the loader read (reference files, seeds) is covered without naming it.
 */
export function sourcesFromFiles(files: readonly SampleFile[], dirOf: (submission: string) => string): SubmissionSamples[] {
  const bySubmission = new Map<string, SampleFile[]>();
  for (const f of files) bySubmission.set(f.submission, [...(bySubmission.get(f.submission) ?? []), f]);
  return [...bySubmission].map(([submission, list]) => ({
    submission,
    dir: dirOf(submission),
    extra: createHash('sha256').update(JSON.stringify(list)).digest('hex'),
    files: () => list,
  }));
}
