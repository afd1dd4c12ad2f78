import type { SourceCredit } from '../core/source-credit';
import type { BenchmarkId, ChangelogEntry } from '../core/submission-schema';
import { admissions } from './gate';
import { renderMarkdown } from '../ingest/submission/markdown';
import { redactContacts } from '../ingest/submission/redact';
import { CLAIM_TOLERANCE_TEXT } from '../ingest/submission/claims';
import type { ClaimRow, ContributedRow, SubmissionReport } from '../ingest/submission/types';
import type { Finding } from '../core/findings';
import { safeHttpUrl } from '../core/escape';
import { provenanceOf, type Provenance } from './provenance';
import { benchmarkInfo } from './boards';
import { submissionDocPath } from './api-paths';

/** What `/submissions/<id>/` shows. The submitter's contact is never copied in. */
export interface SubmissionReviewView {
  id: string;
  benchmark: BenchmarkId;
  dir: string;
  valid: boolean;
  /** The registered model (`models/<id>.json`); `registered: false` when the id has no valid registry file. */
  model?: { id: string; registered: boolean; name: string; org: string; weights: string; params: string; licence: string; releaseDate: string; url?: string };
  submittedAt?: string;
  submitterName?: string;
  harness?: string;
  synthetic: boolean;
  /** Imported from a public repository: shown with its licence and attribution. */
  source?: SourceCredit;
  disclosures?: { contamination: string; notesHtml?: string };
  /** The maintainers' review (`file`: where it lives); revision 0 when no maintainer has reviewed it yet. */
  review: { status: string; revision: number; verdict?: string; reviewedAt?: string; html?: string; file?: string };
  findings: Finding[];
  claims: ClaimRow[];
  claimTolerance: string;
  rows: ContributedRow[];
  facts: { label: string; value: string }[];
  changelog: { date: string; kind: ChangelogEntry['kind']; html: string }[];
  /** Why it is not ranked, when it is not. */
  notRanked?: string;
  /** Links and dates behind its rows (`./provenance`); absent without a readable submission.json. */
  provenance?: Provenance;
}

/** The maintainers' review as the page shows it; without a review file, "under review". */
function reviewOf(r: SubmissionReport): NonNullable<SubmissionReviewView['review']> {
  const v = r.review;
  if (!v) return { status: r.status, revision: 0, ...(r.reviewFile ? { file: r.reviewFile } : {}) };
  return {
    status: v.status,
    revision: v.revision,
    ...(v.verdict ? { verdict: redactContacts(v.verdict) } : {}),
    ...(v.reviewed_at ? { reviewedAt: v.reviewed_at } : {}),
    ...(v.text ? { html: renderMarkdown(v.text) } : {}),
    ...(r.reviewFile ? { file: r.reviewFile } : {}),
  };
}

function modelView(id: string, m: SubmissionReport['model']): NonNullable<SubmissionReviewView['model']> {
  if (!m) return { id, registered: false, name: id, org: 'unknown', weights: 'unknown', params: 'unknown', licence: 'unknown', releaseDate: 'unknown' };
  const url = safeHttpUrl(m.links?.model_card ?? m.links?.paper ?? m.links?.code);
  return { id, registered: true, name: m.name, org: m.org, weights: m.weights, params: m.params ?? 'unknown', licence: m.licence ?? 'unknown', releaseDate: m.release_date ?? 'unknown', ...(url ? { url } : {}) };
}

export function reviewView(r: SubmissionReport, benchmark: BenchmarkId, opts: { samplesPath?: string } = {}): SubmissionReviewView {
  const s = r.submission;
  const upstream = benchmarkInfo(benchmark)?.upstream;
  return {
    id: r.id,
    benchmark,
    dir: r.dir,
    valid: r.valid,
    ...(s
      ? {
          model: modelView(s.model, r.model),
          submittedAt: s.submitted_at,
          submitterName: redactContacts(s.submitter.name),
          harness: `${s.harness.name} ${s.harness.version}${s.harness.commit ? ` (${s.harness.commit})` : ''}`,
          disclosures: { contamination: s.disclosures.contamination, ...(s.disclosures.notes ? { notesHtml: renderMarkdown(s.disclosures.notes) } : {}) },
        }
      : {}),
    review: reviewOf(r),
    changelog: [...(r.review?.changelog ?? [])].sort((a, b) => a.date.localeCompare(b.date)).map((c) => ({ date: c.date, kind: c.kind, html: renderMarkdown(c.reason) })),
    synthetic: s?.synthetic === true,
    ...(s?.source ? { source: s.source } : {}),
    findings: r.findings.map((f) => ({ ...f, message: redactContacts(f.message) })),
    claims: r.claims,
    claimTolerance: CLAIM_TOLERANCE_TEXT,
    rows: r.rows,
    facts: r.facts,
    ...(s
      ? {
          provenance: provenanceOf({
            benchmark,
            submissionId: r.id,
            submission: s,
            ...(r.model ? { model: r.model } : {}),
            ...(r.review ? { review: r.review } : {}),
            ...(r.referenceVersion ? { benchmarkVersion: r.referenceVersion } : {}),
            ...(upstream ? { upstream } : {}),
            ...(opts.samplesPath ? { samplesPath: opts.samplesPath } : {}),
          }),
        }
      : {}),
  };
}

let cache: Promise<SubmissionReviewView[]> | undefined;

/**
 * Every score submission under `results/`, validated exactly as `npm run validate` does
 * (rows from the site's boards, passed in by the route). Once per build.
 */
export function loadSubmissionReviews(rowsFor: (id: string) => Promise<ContributedRow[]>): Promise<SubmissionReviewView[]> {
  cache ??= (async () => {
    const out: SubmissionReviewView[] = [];
    const seen = new Set<string>();
    for (const a of await admissions()) {
      // Ids are unique across benchmarks: validate gives every clashing folder an error, so
      // neither is on a board; one page per id shows the first (and its error).
      if (seen.has(a.id)) continue;
      seen.add(a.id);
      const rows = a.report.valid ? await rowsFor(a.id) : [];
      const samplesPath = a.ranked || a.underReview ? submissionDocPath(a.benchmark, a.id) : undefined;
      out.push({ ...reviewView({ ...a.report, rows }, a.benchmark, samplesPath ? { samplesPath } : {}), ...(a.reason ? { notRanked: a.reason } : {}) });
    }
    return out.sort((a, b) => a.id.localeCompare(b.id));
  })();
  return cache;
}
