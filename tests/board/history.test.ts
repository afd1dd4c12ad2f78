/**
 * History from a fixture changelog: dated snapshots are the board ranked over the submissions on
 * it at the end of each change day; a withdrawal changes the feed and the snapshot of its day,
 * never an earlier snapshot.
 */
import { describe, expect, it } from 'vitest';
import type { Admitted } from '../../src/core/benchmark';
import type { Board, Entry } from '../../src/core/board';
import type { MetricDef } from '../../src/core/metric';
import { rankSection } from '../../src/core/rank';
import { asOfDate, changeDates, membersAsOf, snapshotFor, type HistoryEvent } from '../../src/board/history';
import { buildHistories } from '../../src/board/history-boards';
import { atomFeed } from '../../src/board/feed';
import type { ChangelogItem } from '../../src/board/changelog-view';
import { checkAtom } from '../helpers/atom';

const ACC: MetricDef = { id: 'fixture_acc', label: 'Accuracy', keys: ['acc'], benchmark: 'fixture', unit: '%', direction: 'higher', format: { kind: 'percent', digits: 1 }, summary: 'share correct' };

/** Four submissions with fixed scores and intervals (A best, D worst; B and C overlap). */
const SCORES: Record<string, [number, number, number]> = { a: [0.9, 0.86, 0.94], b: [0.7, 0.6, 0.8], c: [0.65, 0.55, 0.75], d: [0.4, 0.35, 0.45] };
const entry = (id: string): Entry => {
  const [v, lo, hi] = SCORES[id]!;
  return { submissionId: `sub-${id}`, modelSlug: id, model: `model-${id}`, org: 'Org', weights: 'open', submittedAt: '2026-09-01', harness: 'h 1', entryKey: `${id}~h-1`, n: 100, primary: v, interval: { lo, hi, method: 't' }, secondary: [] };
};
const fixtureBoards = (admitted: Admitted): Board[] => {
  const entries = Object.keys(SCORES).map(entry).filter((e) => admitted.ranked(e.submissionId));
  const { rows, unranked } = rankSection(entries, { direction: 'higher' });
  return [{ benchmark: 'fixture', slug: 'overall', title: 'Overall', kind: 'overall', description: 'fixture', nUnit: 'samples', primary: { def: ACC, label: 'Accuracy' }, secondary: [], sections: [{ id: 'all', title: 'All', rows, unranked }] }];
};

const ev = (id: string, date: string, kind: HistoryEvent['kind']): HistoryEvent => ({ benchmark: 'fixture', submissionId: `sub-${id}`, date, kind });
const BASE: HistoryEvent[] = [ev('a', '2026-09-01', 'added'), ev('b', '2026-09-02', 'added'), ev('c', '2026-09-03', 'added'), ev('b', '2026-09-04', 'corrected'), ev('d', '2026-09-06', 'added')];
const WITHDRAWAL = ev('b', '2026-09-05', 'withdrawn');

const histories = (events: HistoryEvent[]) =>
  buildHistories({ events, benchmarks: [{ id: 'fixture', boards: fixtureBoards }], valid: () => true });
const ranks = (b: Board) => b.sections[0]!.rows.map((r) => `${r.rank}:${r.submissionId}`);

describe('membership from the changelog', () => {
  it('added puts a submission on the boards, withdrawn takes it off from that day, corrected changes nothing', () => {
    const events = [...BASE, WITHDRAWAL];
    expect([...membersAsOf(events, 'fixture', '2026-08-31')]).toEqual([]);
    expect([...membersAsOf(events, 'fixture', '2026-09-04')].sort()).toEqual(['sub-a', 'sub-b', 'sub-c']);
    expect([...membersAsOf(events, 'fixture', '2026-09-05')].sort()).toEqual(['sub-a', 'sub-c']);
    expect(changeDates(events, 'fixture')).toEqual(['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04', '2026-09-05', '2026-09-06']);
    expect(asOfDate(events)).toBe('2026-09-06');
    expect(snapshotFor(['2026-09-01', '2026-09-03'], '2026-09-02')).toBe('2026-09-01');
    expect(snapshotFor(['2026-09-01', '2026-09-03'], '2026-08-01')).toBeUndefined();
  });
  it('a withdrawal on the day it was added leaves it off that day', () => {
    expect([...membersAsOf([ev('a', '2026-09-01', 'withdrawn'), ev('a', '2026-09-01', 'added')], 'fixture', '2026-09-01')]).toEqual([]);
  });
});

describe('dated snapshots', () => {
  it('rank the submissions on the board that day, one snapshot per day the board changed', async () => {
    const [h] = await histories(BASE);
    // 09-04 is only a correction: same rows and ranks, so no new snapshot.
    expect(h!.snapshots.map((s) => s.date)).toEqual(['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-06']);
    expect(h!.snapshots.map((s) => ranks(s.board))).toEqual([
      ['1:sub-a'],
      ['1:sub-a', '2:sub-b'],
      ['1:sub-a', '2:sub-b', '3:sub-c'],
      ['1:sub-a', '2:sub-b', '3:sub-c', '4:sub-d'],
    ]);
    // B and C overlap: C's rank range reaches 2.
    expect(h!.snapshots[2]!.board.sections[0]!.rows[2]!.rankRange).toEqual([2, 3]);
    expect(h!.snapshots[1]!.notes).toEqual({ 'sub-b': 'corrected 2026-09-04: numbers shown are the corrected ones' });
  });

  it('a withdrawn entry changes the snapshot of its day and later ones, never an earlier one', async () => {
    const [before] = await histories(BASE);
    const [after] = await histories([...BASE, WITHDRAWAL]);
    const at = (h: typeof before, d: string) => h!.snapshots.find((s) => s.date === d);
    expect(after!.snapshots.map((s) => s.date)).toEqual(['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-05', '2026-09-06']);
    for (const d of ['2026-09-01', '2026-09-02', '2026-09-03']) {
      // Same rows, ranks and intervals; only the note that it is withdrawn later is added.
      expect(at(after, d)!.board, d).toEqual(at(before, d)!.board);
      expect(at(after, d)!.notes['sub-b'], d).toBe('withdrawn 2026-09-05');
    }
    expect(ranks(at(after, '2026-09-05')!.board)).toEqual(['1:sub-a', '2:sub-c']);
    expect(at(after, '2026-09-05')!.board.sections[0]!.rows[1]!.rankRange).toEqual([2, 2]);
    expect(ranks(at(after, '2026-09-06')!.board)).toEqual(['1:sub-a', '2:sub-c', '3:sub-d']);
    expect(ranks(at(before, '2026-09-06')!.board)).toEqual(['1:sub-a', '2:sub-b', '3:sub-c', '4:sub-d']);
  });

  it('a submission that is not valid is never on a snapshot', async () => {
    const [h] = await buildHistories({ events: BASE, benchmarks: [{ id: 'fixture', boards: fixtureBoards }], valid: (_b, id) => id !== 'sub-b' });
    expect(h!.snapshots.map((s) => ranks(s.board))).toEqual([['1:sub-a'], ['1:sub-a', '2:sub-c'], ['1:sub-a', '2:sub-c', '3:sub-d']]);
  });
});

describe('the feed of the same fixture changelog', () => {
  const SITE = 'https://evalboard.example.org/';
  const items = (events: HistoryEvent[]): ChangelogItem[] =>
    [...events].sort((a, b) => b.date.localeCompare(a.date) || a.submissionId.localeCompare(b.submissionId)).map((e) => ({ ...e, model: e.submissionId, html: `<p>${e.kind}</p>` }));

  it('is valid Atom, and the withdrawal adds one entry dated that day without touching the others', () => {
    const before = checkAtom(atomFeed({ items: items(BASE), siteUrl: SITE }));
    const after = checkAtom(atomFeed({ items: items([...BASE, WITHDRAWAL]), siteUrl: SITE }));
    expect(after.ids.filter((id) => !before.ids.includes(id))).toEqual([`${SITE}submissions/sub-b/#withdrawn-2026-09-05`]);
    expect(before.ids.filter((id) => !after.ids.includes(id))).toEqual([]);
    expect(before.updated).toBe(after.updated); // 09-06 is still the latest change
    const entry = after.entries.find((e) => e.querySelector('id')!.textContent!.endsWith('#withdrawn-2026-09-05'))!;
    expect(entry.querySelector('updated')!.textContent).toBe('2026-09-05T00:00:00.000Z');
    expect(entry.querySelector('title')!.textContent).toMatch(/^Withdrawn: /);
  });
});
