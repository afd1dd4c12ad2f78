/**
 * Dated snapshots of every board, rebuilt at build time from the changelog (`./history`): for
 * each day the benchmark's changelog has an entry, its boards are ranked again by the benchmark's
 * own board code over the submissions on them at the end of that day (valid ones only, as the
 * gate requires), with the same evidence pass as today's boards. Deterministic: no clock.
 */
import type { Admitted } from '../core/benchmark';
import type { Board } from '../core/board';
import { SUBMISSION_BENCHMARKS } from '../registry/benchmarks';
import { admissions } from './gate';
import { applyEvidence } from './evidence';
import { changelogItems } from './changelog-view';
import { loadSubmissionReviews } from './review-view';
import { boardRowsFor } from './contributed-rows';
import { acceptedDate } from './provenance';
import { asOfDate, changeDates, correctedAfter, membersAsOf, removedAfter, type HistoryEvent } from './history';

export interface BoardSnapshot {
  date: string;
  board: Board;
  /** One-line notes by submission id: "withdrawn 2026-09-12", "corrected 2026-09-10" (after this date). */
  notes: Record<string, string>;
}

export interface BoardHistory {
  benchmark: string;
  slug: string;
  /** The days the board's rows or ranks changed, oldest first (the last is today's board). */
  snapshots: BoardSnapshot[];
}

let events: Promise<HistoryEvent[]> | undefined;

/**
 * Every dated change of the site: the reviews' changelog entries (with a withdrawal or rejection
 * recorded only in the review's status, as the changelog page lists it), and an "added" on the
 * accepted date for an accepted submission whose changelog has none.
 */
export function siteHistoryEvents(): Promise<HistoryEvent[]> {
  events ??= (async () => {
    const items = changelogItems(await loadSubmissionReviews(boardRowsFor));
    const out: HistoryEvent[] = items.map((i) => ({ benchmark: i.benchmark, submissionId: i.submissionId, date: i.date, kind: i.kind }));
    for (const a of await admissions()) {
      if (!a.ranked || out.some((e) => e.benchmark === a.benchmark && e.submissionId === a.id && e.kind === 'added')) continue;
      const day = acceptedDate(a.report.review) ?? a.report.submission?.submitted_at.slice(0, 10);
      if (day) out.push({ benchmark: a.benchmark, submissionId: a.id, date: day, kind: 'added' });
    }
    return out;
  })();
  return events;
}

/** The site's "as of" date: its latest dated change. */
export async function siteAsOf(): Promise<string | undefined> {
  return asOfDate(await siteHistoryEvents());
}

/** What the board code is asked on one day: valid submissions on the boards at the end of it. */
export function admittedOn(members: ReadonlySet<string>, valid: (id: string) => boolean): Admitted {
  return { ranked: (id) => members.has(id) && valid(id), underReview: () => false };
}

/** A board's rows and ranks in one string: two equal signatures are the same board state. */
export const boardSignature = (b: Board) =>
  b.sections.map((s) => `${s.id}:${s.rows.map((r) => `${r.submissionId}@${r.rank}/${r.rankRange.join('-')}`).join(',')}|${(s.unranked ?? []).map((r) => r.submissionId).join(',')}`).join(';');

/**
 * The dated snapshots of every board from `events`: per benchmark and change date, the benchmark's
 * boards over that day's members; per board, only the days its state changed.
 */
export async function buildHistories(opts: {
  events: readonly HistoryEvent[];
  benchmarks: readonly { id: string; boards(admitted: Admitted): Promise<Board[]> | Board[] }[];
  valid: (benchmark: string, id: string) => boolean;
}): Promise<BoardHistory[]> {
  const out: BoardHistory[] = [];
  for (const b of opts.benchmarks) {
    const byBoard = new Map<string, BoardHistory & { last: string }>();
    for (const date of changeDates(opts.events, b.id)) {
      const members = membersAsOf(opts.events, b.id, date);
      const boards = (await b.boards(admittedOn(members, (id) => opts.valid(b.id, id)))).map(applyEvidence);
      const corrected = correctedAfter(opts.events, b.id, date);
      const removed = removedAfter(opts.events, b.id, date);
      for (const board of boards) {
        const h = byBoard.get(board.slug) ?? { benchmark: b.id, slug: board.slug, snapshots: [], last: boardSignature({ ...board, sections: board.sections.map((x) => ({ ...x, rows: [], unranked: [] })) }) };
        byBoard.set(board.slug, h);
        const sig = boardSignature(board);
        if (sig === h.last) continue;
        h.last = sig;
        const notes: Record<string, string> = {};
        for (const [id, day] of corrected) notes[id] = `corrected ${day}: numbers shown are the corrected ones`;
        for (const [id, day] of removed) notes[id] = `${opts.events.find((e) => e.submissionId === id && e.date === day && (e.kind === 'withdrawn' || e.kind === 'rejected'))?.kind ?? 'withdrawn'} ${day}`;
        h.snapshots.push({ date, board, notes });
      }
    }
    for (const { last: _last, ...h } of byBoard.values()) {
      void _last;
      if (h.snapshots.length) out.push(h);
    }
  }
  return out;
}

let histories: Promise<BoardHistory[]> | undefined;

/** Every board's history for the site (once per build). */
export function allBoardHistories(): Promise<BoardHistory[]> {
  histories ??= (async () => {
    const adm = await admissions();
    const valid = new Set(adm.filter((a) => a.report.valid && a.report.submission).map((a) => `${a.benchmark}/${a.id}`));
    return buildHistories({
      events: await siteHistoryEvents(),
      benchmarks: SUBMISSION_BENCHMARKS.map((b) => ({ id: b.id, boards: (admitted: Admitted) => b.submissions.boards(admitted) })),
      valid: (benchmark, id) => valid.has(`${benchmark}/${id}`),
    });
  })();
  return histories;
}

export async function historyOf(board: Pick<Board, 'benchmark' | 'slug'>): Promise<BoardHistory | undefined> {
  return (await allBoardHistories()).find((h) => h.benchmark === board.benchmark && h.slug === board.slug);
}

/** Site path of a board as it stood on `date`. */
export const asOfPath = (b: Pick<Board, 'benchmark' | 'slug'>, date: string) => `benchmarks/${b.benchmark}/${b.slug}/as-of/${date}/`;
