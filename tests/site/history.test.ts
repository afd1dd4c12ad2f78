/**
 * History of the bundled boards: rebuilt from the changelog, the latest snapshot of every board
 * ranks exactly what today's board ranks (the gate and the changelog agree), every snapshot only
 * holds submissions accepted by its date, and the site is "as of" its latest changelog date.
 */
import { describe, expect, it } from 'vitest';
import { allBoards } from '../../src/board/boards';
import { allBoardHistories, siteAsOf, siteHistoryEvents } from '../../src/board/history-boards';
import { loadSubmissionReviews } from '../../src/board/review-view';
import { boardRowsFor } from '../../src/board/contributed-rows';

const ranked = (b: { sections: { id: string; rows: { submissionId: string; rank: number; rankRange: [number, number]; primary: number | null }[] }[] }) =>
  b.sections.map((s) => ({ id: s.id, rows: s.rows.map((r) => [r.submissionId, r.rank, r.rankRange, r.primary]) }));

describe('board history of the bundled data', () => {
  it('the latest snapshot of every board with rows ranks what the board ranks today', async () => {
    const histories = await allBoardHistories();
    const boards = await allBoards();
    let compared = 0;
    for (const b of boards) {
      if (b.sections.every((s) => s.rows.length === 0)) continue;
      const h = histories.find((x) => x.benchmark === b.benchmark && x.slug === b.slug);
      expect(h, `${b.benchmark}/${b.slug}`).toBeDefined();
      expect(ranked(h!.snapshots.at(-1)!.board), `${b.benchmark}/${b.slug}`).toEqual(ranked(b));
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('a snapshot holds only submissions whose review accepted them on or before its date', async () => {
    const accepted = new Map((await loadSubmissionReviews(boardRowsFor)).flatMap((r) => r.changelog.filter((c) => c.kind === 'added').map((c) => [r.id, c.date.slice(0, 10)] as const)));
    let rows = 0;
    for (const h of await allBoardHistories()) {
      expect(h.snapshots.map((s) => s.date)).toEqual([...new Set(h.snapshots.map((s) => s.date))].sort());
      for (const s of h.snapshots) {
        for (const r of s.board.sections.flatMap((x) => x.rows)) {
          rows++;
          expect(accepted.get(r.submissionId)! <= s.date, `${h.slug} ${s.date} ${r.submissionId}`).toBe(true);
        }
      }
    }
    expect(rows).toBeGreaterThan(100);
  });

  it('is as of the latest dated changelog entry, and the demo boards have more than one snapshot', async () => {
    const dates = (await siteHistoryEvents()).map((e) => e.date).sort();
    expect(await siteAsOf()).toBe(dates.at(-1));
    const multi = (await allBoardHistories()).filter((h) => h.snapshots.length > 1);
    expect(multi.length).toBeGreaterThan(3);
  });
});
