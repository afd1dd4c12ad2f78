/**
 * A board's history, reconstructed from the changelog alone (pure: no files, no clock). Each
 * submission's entries (added, corrected, withdrawn, rejected) say when it was on the boards; a
 * dated snapshot is the board ranked over the submissions on it at the end of that day, with
 * today's recomputed numbers (a later correction is marked, its old numbers are not kept).
 */

export type HistoryKind = 'added' | 'corrected' | 'withdrawn' | 'rejected';

export interface HistoryEvent {
  benchmark: string;
  submissionId: string;
  /** YYYY-MM-DD. */
  date: string;
  kind: HistoryKind;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Within one day: added, then corrected, then withdrawn or rejected (a same-day withdrawal wins). */
const ORDER: Record<HistoryKind, number> = { added: 0, corrected: 1, withdrawn: 2, rejected: 2 };

const byTime = (a: HistoryEvent, b: HistoryEvent) => a.date.localeCompare(b.date) || ORDER[a.kind] - ORDER[b.kind] || a.submissionId.localeCompare(b.submissionId);

/** The benchmark's dated events, oldest first (undated ones are left out: they cannot be placed). */
export function eventsOf(events: readonly HistoryEvent[], benchmark: string): HistoryEvent[] {
  return events.filter((e) => e.benchmark === benchmark && DAY.test(e.date)).sort(byTime);
}

/** The submissions on the benchmark's boards at the end of `date`. */
export function membersAsOf(events: readonly HistoryEvent[], benchmark: string, date: string): Set<string> {
  const on = new Set<string>();
  for (const e of eventsOf(events, benchmark)) {
    if (e.date > date) break;
    if (e.kind === 'added') on.add(e.submissionId);
    else if (e.kind === 'withdrawn' || e.kind === 'rejected') on.delete(e.submissionId);
  }
  return on;
}

/** The days on which the benchmark's changelog has an entry, oldest first: the dated snapshots. */
export function changeDates(events: readonly HistoryEvent[], benchmark: string): string[] {
  return [...new Set(eventsOf(events, benchmark).map((e) => e.date))];
}

/** Submissions corrected after `date`: their rows in that day's snapshot show the corrected numbers. */
export function correctedAfter(events: readonly HistoryEvent[], benchmark: string, date: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of eventsOf(events, benchmark)) if (e.kind === 'corrected' && e.date > date && !out.has(e.submissionId)) out.set(e.submissionId, e.date);
  return out;
}

/** Submissions withdrawn or rejected after `date` (on that day's snapshot, gone since). */
export function removedAfter(events: readonly HistoryEvent[], benchmark: string, date: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of eventsOf(events, benchmark)) if ((e.kind === 'withdrawn' || e.kind === 'rejected') && e.date > date && !out.has(e.submissionId)) out.set(e.submissionId, e.date);
  return out;
}

/** The date the site is "as of": its latest dated change (undefined when there is none). */
export function asOfDate(events: readonly HistoryEvent[]): string | undefined {
  return events.map((e) => e.date).filter((d) => DAY.test(d)).sort().at(-1);
}

/** The snapshot in effect on `day`: the latest change date on or before it. */
export function snapshotFor(dates: readonly string[], day: string): string | undefined {
  return dates.filter((d) => d <= day).at(-1);
}
