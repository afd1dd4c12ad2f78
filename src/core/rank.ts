import { rankRows } from './stats/ties';
import type { Entry, Row } from './board';

/** Rank entries by the primary value; rows whose interval overlaps the leader's are tied with #1. */
export function rankEntries(entries: readonly Entry[], direction: 'higher' | 'lower'): Row[] {
  const ranked = rankRows(
    entries.map((e) => ({ e, value: e.primary, lo: e.interval?.lo ?? null, hi: e.interval?.hi ?? null, name: `${e.model}\u0000${e.submissionId}` })),
    direction,
  );
  return ranked.map(({ item, rank, tiedWithLeader }) => ({ ...item.e, rank, tiedWithLeader }));
}
