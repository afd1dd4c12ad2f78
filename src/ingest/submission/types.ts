import type { Finding } from '../../core/findings';
import type { BenchmarkId, Review, ReviewStatus, Submission } from '../../core/submission-schema';
import type { ModelRecord } from '../../core/model-schema';

/** A leaderboard row this submission adds (or would add once valid). */
export interface ContributedRow {
  /** Board title, e.g. "MedVision · Tumour/lesion size — pilot runs". */
  board: string;
  /** Site path of the board without the base, e.g. `benchmarks/<benchmark>/<board>/`. */
  href?: string;
  /** Row label (the entry as the benchmark names it: a model, model|harness, an agent). */
  label: string;
  metric: string;
  /** The metric's id (pages mark the shown value with it). */
  metricId?: string;
  value: number | null;
  display: string;
  /** 95 % interval where the benchmark defines one. */
  interval?: { low: number; high: number; display: string; method: string };
  /** 1-based rank among the board's rows including this one; undefined when unranked. */
  rank?: number;
  of: number;
  /** Derived from the data, never taken from the submitter. */
  sampleClass?: string;
  n?: number;
}

export type { BenchmarkCheck } from '../../core/benchmark';

export interface ClaimRow {
  key: string;
  claimed: number | null;
  recomputed: number | null | undefined;
  /** `ok`, `mismatch` or `unknown` (we compute no number with this key). */
  status: 'ok' | 'mismatch' | 'unknown';
}

export interface SubmissionReport {
  /** The folder as given (repo-relative where possible). */
  dir: string;
  id: string;
  benchmark?: BenchmarkId;
  submission?: Submission;
  /** The registered model `submission.model` names (`models/<id>.json`), when its file is valid. */
  model?: ModelRecord;
  /** The maintainers' review (`reviews/<benchmark>/<id>.json`), when there is one. */
  review?: Review;
  /** Review status: `under_review` until a maintainer's review file says otherwise. */
  status: ReviewStatus;
  /** Repo-relative path of the review file (present or not). */
  reviewFile?: string;
  valid: boolean;
  /** Paths are repo-relative (the folder prefixed). */
  findings: Finding[];
  claims: ClaimRow[];
  rows: ContributedRow[];
  facts: { label: string; value: string }[];
  /** The benchmark version the data was checked against (`BenchmarkCheck.referenceVersion`). */
  referenceVersion?: string;
  /** Keys of every recomputed number (what `claimed` may name), sorted. */
  recomputedKeys: string[];
}

export interface ValidateOptions {
  /** `results/` folder the submission must live in; default `<cwd>/results`. */
  resultsRoot?: string;
  /** Repo-relative paths a pull request changed (for the "other submissions' folders" check). */
  changedFiles?: string[];
  /** Repo root used to show paths; default cwd. */
  repoRoot?: string;
}
