/**
 * The `submission.json` of a bundled demo submission: what every benchmark's demo generator
 * shares (fictional model, our generator as submitter, marked synthetic, accepted as demo data).
 * Key order is kept stable so `npm run demo-data` regenerates the bundle byte for byte.
 */
import type { Review, Submission } from './submission-schema';

export interface DemoModel {
  name: string;
  org: string;
  weights: Submission['model']['weights'];
  params?: string;
  release_date: string;
}

export interface DemoSubmissionSpec {
  id: string;
  benchmark: string;
  model: DemoModel;
  harness: Submission['harness'];
  claimed?: Record<string, number | null>;
  /** What the data is, for the disclosures. */
  notes: string;
  /** The review text (markdown). */
  reviewText: string;
}

export const DEMO_SUBMITTED_AT = '2026-09-01';

export function demoSubmission({ id, benchmark, model, harness, claimed, notes }: DemoSubmissionSpec): Submission {
  return {
    id,
    benchmark,
    model: { name: model.name, org: model.org, weights: model.weights, ...(model.params ? { params: model.params } : {}), release_date: model.release_date },
    submitted_at: DEMO_SUBMITTED_AT,
    submitter: { name: 'evalboard demo generator' },
    harness,
    ...(claimed ? { claimed } : {}),
    disclosures: { contamination: 'no', notes },
    synthetic: true,
  };
}

/** The maintainers' review of a demo submission (`reviews/<benchmark>/<id>.json`): accepted as demo data. */
export function demoReview({ reviewText }: Pick<DemoSubmissionSpec, 'reviewText'>): Review {
  return {
    status: 'accepted',
    revision: 1,
    verdict: 'Demo data',
    text: reviewText,
    reviewed_at: '2026-09-02',
    changelog: [{ date: DEMO_SUBMITTED_AT, kind: 'added', reason: 'Initial demo submission.' }],
  };
}

/** The files as written: two-space JSON and a final newline. */
export const demoSubmissionJson = (s: Submission | Review) => JSON.stringify(s, null, 2) + '\n';

/** Where a benchmark's demo generator writes. */
export interface DemoTarget {
  /** `results/`: the submission folders go to `<resultsRoot>/<benchmark>/<id>/`. */
  resultsRoot: string;
  /** `reviews/`: the maintainers' review files go to `<reviewsRoot>/<benchmark>/<id>.json`. */
  reviewsRoot: string;
}
