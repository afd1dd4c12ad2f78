import { describe, expect, it } from 'vitest';
import { reportedFor } from '../../src/benchmarks/latch/boards/reported';
import { LATCH_REPORTED } from '../../src/benchmarks/latch/formats/reported';
import { allBoards } from '../../src/board/boards';
import type { Board } from '../../src/core/board';

const board = (benchmark: Board['benchmark'], kind: Board['kind'], slug: string, total?: number) =>
  ({ benchmark, kind, slug, sections: total === undefined ? [] : [{ id: 'all', title: '', rows: [{ coverage: { units: total, total, unit: 'evals' } }] }] }) as unknown as Board;

describe('published latch figures are shown beside the recomputed boards of their own suite, marked as reported', () => {
  it("the scBench overall board gets every ungrouped published scBench table, with the eval set it used", () => {
    const views = reportedFor(board('latch', 'overall', 'scbench/overall', 9));
    const ungrouped = LATCH_REPORTED.filter((t) => t.bench === 'scBench' && Object.keys(t.groups).join() === 'overall');
    expect(views.map((v) => v.title)).toEqual(ungrouped.map((t) => t.title));
    expect(views.every((v) => v.rows.every((r) => r.accuracy.reported === true))).toBe(true);
    const head = views.find((v) => v.title === 'scBench leaderboard (published)')!;
    expect(head).toMatchObject({ suite: 'scBench', nEvals: 195, evalSet: { n_evals: 195, public_per_run: 6 }, recomputedEvals: 9 });
  });
  it('a category board gets the matching published group only, with its eval count', () => {
    const views = reportedFor(board('latch', 'category', 'scbench/task/cell-typing', 2));
    expect(views).toHaveLength(1);
    expect(views[0]!.title).toMatch(/category.*cell_typing/);
    expect(views[0]).toMatchObject({ nEvals: 78, evalSet: { n_evals: 195, public_per_run: 6 }, recomputedEvals: 2 });
  });
  it("another suite's boards, a slug of no suite and other benchmarks get none", () => {
    expect(reportedFor(board('latch', 'overall', 'spatialbench/overall'))).toEqual([]);
    expect(reportedFor(board('latch', 'category', 'spatialbench/task/cell-typing'))).toEqual([]);
    expect(reportedFor(board('latch', 'overall', 'spatialbench-long/overall'))).toEqual([]);
    expect(reportedFor(board('latch', 'overall', 'overall'))).toEqual([]);
    expect(reportedFor(board('medvision', 'family', 'tl'))).toEqual([]);
  });
  it('on the bundled boards, reported tables appear only on scBench boards, each table on its suite only', async () => {
    const latch = (await allBoards()).filter((b) => b.benchmark === 'latch');
    expect(latch.some((b) => b.slug.startsWith('spatialbench/'))).toBe(true);
    for (const b of latch) {
      const views = reportedFor(b);
      if (!b.slug.startsWith('scbench/')) expect(views, b.slug).toEqual([]);
      for (const v of views) expect(v.suite, b.slug).toBe(b.group);
    }
    const overall = latch.find((b) => b.slug === 'scbench/overall')!;
    expect(reportedFor(overall).find((v) => v.nEvals === 195)?.recomputedEvals).toBe(9);
  });
});
