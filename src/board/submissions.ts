import type { Finding } from '../ingest/findings';
import type { Submission } from '../ingest/submission/schema';
import { loadMedvision } from './medvision-load';
import { loadLatch } from './latch';
import { loadClinicalbench } from './clinicalbench';
import type { BenchmarkId } from './types';

export interface SubmissionRef {
  benchmark: BenchmarkId;
  id: string;
  submission?: Submission;
  findings: readonly Finding[];
}

/** Every submission folder of every benchmark (valid or not). */
export async function allSubmissions(): Promise<SubmissionRef[]> {
  const mv = loadMedvision().map((e) => ({ benchmark: 'medvision' as const, id: e.id, ...(e.submission ? { submission: e.submission } : {}), findings: e.findings }));
  const latch = (await loadLatch()).map((e) => ({ benchmark: 'latch' as const, id: e.id, ...(e.submission ? { submission: e.submission } : {}), findings: e.findings }));
  const cb = (await loadClinicalbench()).map((e) => ({ benchmark: 'clinicalbench' as const, id: e.id, ...(e.submission ? { submission: e.submission } : {}), findings: e.findings }));
  return [...mv, ...latch, ...cb];
}

/** Latest date a submission changed (submitted, reviewed, or a changelog entry). */
export function lastChange(s: Submission): string {
  const dates = [s.submitted_at, s.review.reviewed_at, ...s.changelog.map((c) => c.date)].filter((d): d is string => !!d);
  return dates.map((d) => d.slice(0, 10)).sort().at(-1)!;
}
