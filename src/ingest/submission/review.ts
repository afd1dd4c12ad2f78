/**
 * The maintainer-owned review of a submission: `reviews/<benchmark>/<id>.json`, beside `results/`.
 * No file means the submission is under review. A broken review file is an error: it keeps the
 * submission off the boards until a maintainer fixes it.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Finding } from '../../core/findings';
import { jsonPath } from '../../core/findings';
import { parseTolerantJson, JsonSyntaxError } from '../../core/tolerant-json';
import { reviewSchema, type Review, type ReviewStatus } from '../../core/submission-schema';

/** Where reviews live for a results tree: `EVALBOARD_REVIEWS`, else `<results>/../reviews`. */
export function reviewsRootFor(resultsRoot: string): string {
  return process.env.EVALBOARD_REVIEWS ?? join(dirname(resultsRoot), 'reviews');
}

export interface ReviewRead {
  /** Repo-relative path of the review file (whether or not it exists). */
  file: string;
  review?: Review;
  /** `under_review` when there is no (valid) review file. */
  status: ReviewStatus;
  findings: Finding[];
}

export function readReview(opts: { reviewsRoot: string; benchmark: string; id: string; shownFrom: string }): ReviewRead {
  const abs = join(opts.reviewsRoot, opts.benchmark, `${opts.id}.json`);
  const file = relative(opts.shownFrom, abs) || abs;
  const findings: Finding[] = [];
  const err = (pointer: string, message: string) => findings.push({ path: file, pointer, severity: 'error', message });
  if (!existsSync(abs)) return { file, status: 'under_review', findings };
  if (!lstatSync(abs).isFile()) {
    err('$', 'the review is not a regular file (a link or special file is never read)');
    return { file, status: 'under_review', findings };
  }
  let raw: unknown;
  try {
    raw = parseTolerantJson(readFileSync(abs, 'utf8'));
  } catch (e) {
    err(e instanceof JsonSyntaxError ? e.pointer : '$', `malformed review JSON: ${(e as Error).message}`);
    return { file, status: 'under_review', findings };
  }
  const parsed = reviewSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) err(jsonPath(issue.path as (string | number)[]), issue.message);
    return { file, status: 'under_review', findings };
  }
  return { file, review: parsed.data, status: parsed.data.status, findings };
}
