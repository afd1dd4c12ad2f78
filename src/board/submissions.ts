import type { Finding } from '../core/findings';
import type { Submission } from '../core/submission-schema';
import { SUBMISSION_BENCHMARKS } from '../registry/benchmarks';
import type { BenchmarkId } from '../core/board';

export interface SubmissionRef {
  benchmark: BenchmarkId;
  id: string;
  submission?: Submission;
  findings: readonly Finding[];
}

/** Every submission folder of every benchmark (valid or not). */
export async function allSubmissions(): Promise<SubmissionRef[]> {
  const out: SubmissionRef[] = [];
  for (const b of SUBMISSION_BENCHMARKS) {
    for (const e of await b.submissions.load()) out.push({ benchmark: b.id, id: e.id, ...(e.submission ? { submission: e.submission } : {}), findings: e.findings });
  }
  return out;
}

/** Latest date a submission changed (submitted, reviewed, or a changelog entry). */
export function lastChange(s: Submission): string {
  const dates = [s.submitted_at, s.review.reviewed_at, ...s.changelog.map((c) => c.date)].filter((d): d is string => !!d);
  return dates.map((d) => d.slice(0, 10)).sort().at(-1)!;
}
