import { join } from 'node:path';
import { listSubmissionDirs } from '../ingest/submission/read';
import type { BenchmarkId, ChangelogEntry } from '../core/submission-schema';
import { SUBMISSION_BENCHMARKS } from '../registry/benchmarks';
import { renderMarkdown } from '../ingest/submission/markdown';
import { redactContacts } from '../ingest/submission/redact';
import { validateSubmission } from '../ingest/submission/validate';
import { CLAIM_TOLERANCE_TEXT } from '../ingest/submission/claims';
import type { ClaimRow, ContributedRow, SubmissionReport } from '../ingest/submission/types';
import type { Finding } from '../core/findings';

/** What `/submissions/<id>/` shows. The submitter's contact is never copied in. */
export interface SubmissionReviewView {
  id: string;
  benchmark: BenchmarkId;
  dir: string;
  valid: boolean;
  model?: { name: string; org: string; weights: string; params?: string; releaseDate?: string; url?: string };
  submittedAt?: string;
  submitterName?: string;
  harness?: string;
  synthetic: boolean;
  disclosures?: { contamination: string; notesHtml?: string };
  review?: { status: string; revision: number; verdict?: string; reviewedAt?: string; html?: string };
  findings: Finding[];
  claims: ClaimRow[];
  claimTolerance: string;
  rows: ContributedRow[];
  facts: { label: string; value: string }[];
  changelog: { date: string; kind: ChangelogEntry['kind']; html: string }[];
}

export function reviewView(r: SubmissionReport, benchmark: BenchmarkId): SubmissionReviewView {
  const s = r.submission;
  return {
    id: r.id,
    benchmark,
    dir: r.dir,
    valid: r.valid,
    ...(s
      ? {
          model: {
            name: s.model.name,
            org: s.model.org,
            weights: s.model.weights,
            ...(s.model.params ? { params: s.model.params } : {}),
            ...(s.model.release_date ? { releaseDate: s.model.release_date } : {}),
            ...(s.model.url ? { url: s.model.url } : {}),
          },
          submittedAt: s.submitted_at,
          submitterName: redactContacts(s.submitter.name),
          harness: `${s.harness.name} ${s.harness.version}${s.harness.commit ? ` (${s.harness.commit})` : ''}`,
          disclosures: { contamination: s.disclosures.contamination, ...(s.disclosures.notes ? { notesHtml: renderMarkdown(s.disclosures.notes) } : {}) },
          review: {
            status: s.review.status,
            revision: s.review.revision,
            ...(s.review.verdict ? { verdict: redactContacts(s.review.verdict) } : {}),
            ...(s.review.reviewed_at ? { reviewedAt: s.review.reviewed_at } : {}),
            ...(s.review.text ? { html: renderMarkdown(s.review.text) } : {}),
          },
          changelog: [...s.changelog].sort((a, b) => a.date.localeCompare(b.date)).map((c) => ({ date: c.date, kind: c.kind, html: renderMarkdown(c.reason) })),
        }
      : { changelog: [] }),
    synthetic: s?.synthetic === true,
    findings: r.findings.map((f) => ({ ...f, message: redactContacts(f.message) })),
    claims: r.claims,
    claimTolerance: CLAIM_TOLERANCE_TEXT,
    rows: r.rows,
    facts: r.facts,
  };
}

let cache: Promise<SubmissionReviewView[]> | undefined;

/**
 * Every score submission under `results/`, validated exactly as `npm run validate` does
 * (rows from the site's boards, passed in by the route). Once per build.
 */
export function loadSubmissionReviews(rowsFor: (id: string) => Promise<ContributedRow[]>, repoRoot = process.cwd()): Promise<SubmissionReviewView[]> {
  cache ??= (async () => {
    const out: SubmissionReviewView[] = [];
    const seen = new Set<string>();
    for (const { id: benchmark } of SUBMISSION_BENCHMARKS) {
      for (const dir of listSubmissionDirs(join(repoRoot, 'results'), benchmark)) {
        const report = await validateSubmission(dir, { repoRoot, rowsFor });
        if (seen.has(report.id)) continue; // validate reports the clash; one page per id
        seen.add(report.id);
        out.push(reviewView(report, benchmark));
      }
    }
    return out.sort((a, b) => a.id.localeCompare(b.id));
  })();
  return cache;
}
