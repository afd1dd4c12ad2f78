/** The rank-over-time chart: one line per entry through its rank on each snapshot, whole-rank ticks, snapshot-day ticks. */
import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { rankOverTime, rankPoints } from '../../src/board/history-chart';
import { WIDTHS } from '../../src/board/charts-kit';
import type { BoardHistory } from '../../src/board/history-boards';
import type { Board, Row } from '../../src/core/board';

const row = (id: string, rank: number): Row => ({ submissionId: id, modelSlug: id, model: `m-${id}`, org: 'o', weights: 'open', submittedAt: '2026-09-01', harness: 'h 1', entryKey: `${id}~h`, n: 10, primary: 1 / rank, secondary: [], rank, rankRange: [rank, rank], tiedWithLeader: false });
const board = (rows: Row[]): Board => ({ benchmark: 'x', slug: 'b', title: 'B', kind: 'overall', description: '', nUnit: 'samples', primary: { def: { id: 'acc', label: 'Acc', keys: [], benchmark: 'x', unit: '', direction: 'higher', format: { kind: 'fixed', digits: 2 }, summary: '' }, label: 'Acc' }, secondary: [], sections: [{ id: 's', title: 'All', rows }] });
const history: BoardHistory = {
  benchmark: 'x',
  slug: 'b',
  snapshots: [
    { date: '2026-09-01', board: board([row('a', 1), row('b', 2)]), notes: {} },
    { date: '2026-09-04', board: board([row('c', 1), row('a', 2), row('b', 3)]), notes: {} },
    { date: '2026-09-09', board: board([row('c', 1), row('b', 2)]), notes: {} },
  ],
};

describe('rank over time', () => {
  it('lists every ranked row of each snapshot', () => {
    expect(rankPoints(history, 's').map((p) => `${p.date} ${p.entry} ${p.rank}`)).toEqual([
      '2026-09-01 m-a · h 1 1', '2026-09-01 m-b · h 1 2',
      '2026-09-04 m-c · h 1 1', '2026-09-04 m-a · h 1 2', '2026-09-04 m-b · h 1 3',
      '2026-09-09 m-c · h 1 1', '2026-09-09 m-b · h 1 2',
    ]);
  });
  it('draws one line per entry, ticks on the snapshot days and on whole ranks', () => {
    const c = rankOverTime(history, { id: 's', title: 'All' })!;
    expect(c.variants.map((v) => v.width)).toEqual([...WIDTHS]);
    const { document } = parseHTML(`<html><body>${c.variants.at(-1)!.svg}</body></html>`);
    expect(document.querySelector('svg')!.getAttribute('role')).toBe('img');
    // One line per entry (a, b, c), each through its own points.
    expect(document.querySelectorAll('g[stroke-width="2"] path').length).toBe(3);
    // A tooltip on every point: 7 ranked rows over the three snapshots.
    expect([...document.querySelectorAll('circle title')].map((t) => t.textContent)).toContain('m-a · h 1: rank 2 of 3 on 2026-09-04');
    expect(document.querySelectorAll('circle').length).toBe(7);
    const ticks = [...document.querySelectorAll('g[aria-label], text')].map((t) => t.textContent).filter((t) => t && t.length < 6);
    for (const t of ['09-01', '09-04', '09-09', '1', '2', '3']) expect(ticks, t).toContain(t);
    expect(ticks).not.toContain('2.5');
    expect(c.summary).toContain('3 dated snapshots (2026-09-01 to 2026-09-09)');
  });
  it('needs two snapshots', () => {
    expect(rankOverTime({ ...history, snapshots: history.snapshots.slice(0, 1) }, { id: 's', title: 'All' })).toBeUndefined();
  });
});
