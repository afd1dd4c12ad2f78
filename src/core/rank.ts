import { rankRows } from './stats/ties';
import { rankRanges } from './stats/rank-range';
import type { Entry, Row, UnrankedRow, UnrankedStatus } from './board';

/**
 * Rank entries by the primary value (competition ranking), each with its rank range from the
 * intervals (`src/core/stats/rank-range.ts`). A row is indistinguishable from the leader when its
 * range includes 1.
 */
export function rankEntries(entries: readonly Entry[], direction: 'higher' | 'lower'): Row[] {
  const ranked = rankRows(
    entries.map((e) => ({ e, value: e.primary, lo: e.interval?.lo ?? null, hi: e.interval?.hi ?? null, name: `${e.model}\u0000${e.submissionId}` })),
    direction,
  );
  // Rows without a finite value are never ranked (rankSection lists them below); guard anyway.
  const ranges = rankRanges(ranked.map(({ item }) => ({ value: item.value ?? NaN, lo: item.lo, hi: item.hi })), direction);
  return ranked.map(({ item, rank }, i) => {
    const rankRange = ranges[i]!;
    return { ...item.e, rank, rankRange, tiedWithLeader: rank > 1 && rankRange[0] === 1 };
  });
}

/** A row listed below the ranking, with its status and one-line reason. */
export function unrankedRow(entry: Entry, status: UnrankedStatus, reason: string): UnrankedRow {
  return { ...entry, status, reason };
}

/**
 * Split a section's entries: those `rankable` says yes to are ranked; the others are listed below
 * with the status and reason it gives. An entry under review is never ranked, whatever `rankable` says. Entries with no finite primary value are never ranked
 * ("no successful answers" unless `rankable` already said why).
 */
export function rankSection(
  entries: readonly Entry[],
  opts: { direction: 'higher' | 'lower'; rankable?: (e: Entry) => { status: UnrankedStatus; reason: string } | true },
): { rows: Row[]; unranked: UnrankedRow[] } {
  const ranked: Entry[] = [];
  const unranked: UnrankedRow[] = [];
  for (const e of entries) {
    const verdict = opts.rankable?.(e) ?? true;
    if (e.underReview === true) unranked.push(unrankedRow(e, 'under_review', `under review: not yet verified by a maintainer, so not ranked${verdict === true ? '' : ` (and ${verdict.reason})`}`));
    else if (verdict !== true) unranked.push(unrankedRow(e, verdict.status, verdict.reason));
    else if (e.primary === null || !Number.isFinite(e.primary)) unranked.push(unrankedRow(e, 'not_ranked', 'not ranked: no successful answers'));
    else ranked.push(e);
  }
  return { rows: rankEntries(ranked, opts.direction), unranked };
}
