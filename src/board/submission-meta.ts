import type { Admitted } from '../core/benchmark';
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

/** The loaded entries the gate ranks (valid and accepted); a ranked entry always has its submission. */
export function rankedEntries<E extends { id: string; submission?: Submission }>(entries: readonly E[], admitted: Admitted): (E & { submission: Submission })[] {
  return entries.filter((e): e is E & { submission: Submission } => e.submission !== undefined && admitted.ranked(e.id));
}
