/**
 * The `submission.json` of a bundled demo submission: what every benchmark's demo generator
 * shares (fictional model, our generator as submitter, marked synthetic, accepted as demo data).
 * Key order is kept stable so `npm run demo-data` regenerates the bundle byte for byte.
 */
import type { Review, Submission } from './submission-schema';
import type { ModelRecord, ModelWeights } from './model-schema';

/** A fictional model of the demo data; its registry file is `models/<name>.json` (the name is a safe id). */
export interface DemoModel {
  name: string;
  org: string;
  weights: ModelWeights;
  params?: string;
  release_date: string;
  /** Other names its result files use. */
  aliases?: string[];
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
    model: model.name,
    submitted_at: DEMO_SUBMITTED_AT,
    submitter: { name: 'evalboard demo generator' },
    harness,
    ...(claimed ? { claimed } : {}),
    disclosures: { contamination: 'no', notes },
    synthetic: true,
  };
}

/** The registry file of a demo model (`models/<id>.json`): marked synthetic, "unknown" where a real model would say. */
export function demoModelRecord(model: DemoModel): ModelRecord {
  return {
    id: model.name,
    name: model.name,
    org: model.org,
    weights: model.weights,
    params: model.params ?? 'unknown',
    licence: 'unknown',
    release_date: model.release_date,
    ...(model.aliases?.length ? { aliases: model.aliases } : {}),
    synthetic: true,
  };
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The day a demo submission was accepted: 0–5 days after it was submitted, by a hash (FNV-1a) of
 * its id, so the demo boards have a history (dated snapshots, rank over time) and regenerating
 * the bundle gives the same dates.
 */
export function demoAcceptedOn(id: string): string {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(id)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return addDays(DEMO_SUBMITTED_AT, h % 6);
}

/** The maintainers' review of a demo submission (`reviews/<benchmark>/<id>.json`): accepted as demo data. */
export function demoReview({ id, reviewText }: Pick<DemoSubmissionSpec, 'id' | 'reviewText'>): Review {
  const accepted = demoAcceptedOn(id);
  return {
    status: 'accepted',
    revision: 1,
    verdict: 'Demo data',
    text: reviewText,
    reviewed_at: addDays(accepted, 1),
    changelog: [{ date: accepted, kind: 'added', reason: 'Initial demo submission.' }],
  };
}

/** The files as written: two-space JSON and a final newline. */
export const demoSubmissionJson = (s: Submission | Review | ModelRecord) => JSON.stringify(s, null, 2) + '\n';

/** Where a benchmark's demo generator writes. */
export interface DemoTarget {
  /** `results/`: the submission folders go to `<resultsRoot>/<benchmark>/<id>/`. */
  resultsRoot: string;
  /** `reviews/`: the maintainers' review files go to `<reviewsRoot>/<benchmark>/<id>.json`. */
  reviewsRoot: string;
  /** `models/`: each fictional model's registry file goes to `<modelsRoot>/<id>.json`. */
  modelsRoot: string;
  /** `references/`: the demo's own reference goes to `<referencesRoot>/<benchmark>/demo.json` (default: beside `resultsRoot`). */
  referencesRoot?: string;
}
