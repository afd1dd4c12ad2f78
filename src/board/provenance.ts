/**
 * Where a board row's numbers come from, as plain data (pure: no files). Built from the
 * maintainer-owned model registry entry, the submission's own metadata and the maintainers'
 * review; every external link is an http(s) URL that passed `httpUrlProblem` (validated at
 * ingest, checked again here) and is rendered with `rel="noopener nofollow"` (`EXTERNAL_REL`).
 */
import type { UpstreamSource } from '../core/benchmark';
import type { ModelRecord } from '../core/model-schema';
import type { Review, Submission } from '../core/submission-schema';
import { safeHttpUrl } from '../core/escape';

/** The `rel` of every link that leaves the site. */
export const EXTERNAL_REL = 'noopener nofollow';

export type ExternalLinkKind = 'model_card' | 'paper' | 'code' | 'harness_commit' | 'pr';

export interface ExternalLink {
  kind: ExternalLinkKind;
  label: string;
  href: string;
}

export interface Provenance {
  benchmark: string;
  submissionId: string;
  /** Site paths below the base URL (no leading slash). */
  reviewPath: string;
  modelPath: string;
  /** The submission's data API document, which lists its per-sample files (JSON and Parquet); only for submissions on the boards. */
  samplesPath?: string;
  model: { name: string; weights: string; licence: string; params: string };
  harness: { name: string; version: string; commit?: string };
  /** The benchmark version (maintainers' reference) the data was checked against. */
  benchmarkVersion?: string;
  upstream?: UpstreamSource;
  submittedAt: string;
  /** When a maintainer accepted it (the review's first "added" entry, else its review date); absent when not accepted. */
  acceptedAt?: string;
  /** Every external link, registry links first, in a fixed order. */
  links: ExternalLink[];
}

const LINK_LABEL: Record<'model_card' | 'paper' | 'code', string> = { model_card: 'model card', paper: 'paper', code: 'code' };

/** A GitHub `owner/repository@commit` reference (7 to 40 hex digits), as harnesses write it. */
const REPO_AT_COMMIT = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})@([0-9a-f]{7,40})$/;

/**
 * The page of a harness commit: `owner/repo@4a7d2b0` → `https://github.com/owner/repo/commit/4a7d2b0`,
 * an http(s) URL as written; anything else (a bare hash, free text) has no link.
 */
export function harnessCommitUrl(commit: string | undefined): string | undefined {
  if (!commit) return undefined;
  const m = REPO_AT_COMMIT.exec(commit);
  if (m && m[2] !== '.' && m[2] !== '..') return safeHttpUrl(`https://github.com/${m[1]}/${m[2]}/commit/${m[3]}`);
  return safeHttpUrl(commit);
}

const day = (d: string | undefined) => (d && /^\d{4}-\d{2}-\d{2}/.test(d) ? d.slice(0, 10) : undefined);

/** The date a maintainer accepted the submission, or undefined when it is not accepted. */
export function acceptedDate(review: Review | undefined): string | undefined {
  if (!review || review.status !== 'accepted') return undefined;
  return day(review.changelog.find((c) => c.kind === 'added')?.date) ?? day(review.reviewed_at);
}

export interface ProvenanceInput {
  benchmark: string;
  submissionId: string;
  submission: Submission;
  model?: ModelRecord;
  review?: Review;
  benchmarkVersion?: string;
  upstream?: UpstreamSource;
  /** The data API path of the submission's document (admitted submissions only). */
  samplesPath?: string;
}

export function provenanceOf(x: ProvenanceInput): Provenance {
  const s = x.submission;
  const m = x.model;
  const links: ExternalLink[] = [];
  for (const k of ['model_card', 'paper', 'code'] as const) {
    const href = safeHttpUrl(m?.links?.[k]);
    if (href) links.push({ kind: k, label: LINK_LABEL[k], href });
  }
  const commitHref = harnessCommitUrl(s.harness.commit);
  if (commitHref) links.push({ kind: 'harness_commit', label: `harness commit ${s.harness.commit}`, href: commitHref });
  const pr = safeHttpUrl(s.pr);
  if (pr) links.push({ kind: 'pr', label: 'pull request', href: pr });
  const accepted = acceptedDate(x.review);
  const upstream = x.upstream && safeHttpUrl(x.upstream.url) ? x.upstream : undefined;
  return {
    benchmark: x.benchmark,
    submissionId: x.submissionId,
    reviewPath: `submissions/${x.submissionId}/`,
    modelPath: `models/${s.model}/`,
    ...(x.samplesPath ? { samplesPath: x.samplesPath } : {}),
    model: { name: m?.name ?? s.model, weights: m?.weights ?? 'unknown', licence: m?.licence ?? 'unknown', params: m?.params ?? 'unknown' },
    harness: { name: s.harness.name, version: s.harness.version, ...(s.harness.commit ? { commit: s.harness.commit } : {}) },
    ...(x.benchmarkVersion ? { benchmarkVersion: x.benchmarkVersion } : {}),
    ...(upstream ? { upstream } : {}),
    submittedAt: s.submitted_at.slice(0, 10),
    ...(accepted ? { acceptedAt: accepted } : {}),
    links,
  };
}

/** Key of a submission in a provenance index. */
export const provenanceKey = (benchmark: string, submissionId: string) => `${benchmark}/${submissionId}`;
