import type { Finding } from '../core/findings';
import type { Review, ReviewStatus, Submission } from '../core/submission-schema';
import type { BenchmarkId } from '../core/board';
import { admissions } from './gate';

export interface SubmissionRef {
  benchmark: BenchmarkId;
  id: string;
  submission?: Submission;
  review?: Review;
  status: ReviewStatus;
  findings: readonly Finding[];
  /** Valid and accepted: on the boards. */
  ranked: boolean;
  /** Valid, awaiting a maintainer. */
  underReview: boolean;
  /** Why it is not ranked, when it is not. */
  reason?: string;
}

/** Every submission folder of every benchmark (valid or not), as the gate admitted it. */
export async function allSubmissions(): Promise<SubmissionRef[]> {
  return (await admissions()).map(({ benchmark, id, report, ranked, underReview, reason }) => ({
    benchmark,
    id,
    ...(report.submission ? { submission: report.submission } : {}),
    ...(report.review ? { review: report.review } : {}),
    status: report.status,
    findings: report.findings,
    ranked,
    underReview,
    ...(reason ? { reason } : {}),
  }));
}

/** Latest date a submission changed (submitted, reviewed, or a changelog entry). */
export function lastChange(s: Pick<SubmissionRef, 'submission' | 'review'>): string | undefined {
  const dates = [s.submission?.submitted_at, s.review?.reviewed_at, ...(s.review?.changelog ?? []).map((c) => c.date)].filter((d): d is string => !!d);
  return dates.map((d) => d.slice(0, 10)).sort().at(-1);
}
