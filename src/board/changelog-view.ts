import type { SubmissionReviewView } from './review-view';

export interface ChangelogItem {
  date: string;
  kind: 'added' | 'corrected' | 'withdrawn' | 'rejected';
  submissionId: string;
  benchmark: string;
  model: string;
  /** Sanitised HTML. */
  html: string;
}

/**
 * The audit trail: every changelog entry of every submission, plus a withdrawal or rejection
 * recorded only in `review` (status + verdict + review text) when the changelog lacks one.
 * Newest first; ties by submission id, so two builds list them identically.
 */
export function changelogItems(reviews: readonly SubmissionReviewView[]): ChangelogItem[] {
  const items: ChangelogItem[] = [];
  for (const r of reviews) {
    const base = { submissionId: r.id, benchmark: r.benchmark, model: r.model?.name ?? r.id };
    for (const c of r.changelog) items.push({ ...base, date: c.date.slice(0, 10), kind: c.kind, html: c.html });
    const st = r.review?.status;
    if ((st === 'withdrawn' || st === 'rejected') && !r.changelog.some((c) => c.kind === 'withdrawn')) {
      const reason = r.review?.html ?? (r.review?.verdict ? `<p>${escapeHtml(r.review.verdict)}</p>` : '<p>No reason recorded.</p>');
      items.push({ ...base, date: (r.review?.reviewedAt ?? r.submittedAt ?? '').slice(0, 10), kind: st, html: reason });
    }
  }
  return items.sort((a, b) => b.date.localeCompare(a.date) || a.submissionId.localeCompare(b.submissionId) || a.kind.localeCompare(b.kind));
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
