import type { Finding } from '../core/findings';
import type { Submission } from '../core/submission-schema';
import { slugify } from '../core/slug';
import type { Entry } from '../core/board';

export type Identity = Pick<Entry, 'submissionId' | 'modelSlug' | 'model' | 'org' | 'weights' | 'releaseDate' | 'submittedAt'>;

export function identityOf(id: string, s: Submission): Identity {
  return {
    submissionId: id,
    modelSlug: slugify(s.model.name),
    model: s.model.name,
    org: s.model.org,
    weights: s.model.weights,
    ...(s.model.release_date ? { releaseDate: s.model.release_date.slice(0, 10) } : {}),
    submittedAt: s.submitted_at.slice(0, 10),
  };
}

/** On the boards: a valid submission without errors that is not withdrawn or rejected. */
export function onBoards(s: Submission | undefined, findings: readonly Finding[]): s is Submission {
  if (!s) return false;
  if (findings.some((f) => f.severity === 'error')) return false;
  return s.review.status !== 'withdrawn' && s.review.status !== 'rejected';
}
