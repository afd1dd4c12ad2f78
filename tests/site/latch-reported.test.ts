import { describe, expect, it } from 'vitest';
import { reportedFor } from '../../src/benchmarks/latch/boards/reported';
import { LATCH_REPORTED } from '../../src/benchmarks/latch/formats/reported';
import type { Board } from '../../src/core/board';

const board = (benchmark: Board['benchmark'], kind: Board['kind'], slug: string) => ({ benchmark, kind, slug } as unknown as Board);

describe('published latch figures are shown beside the recomputed boards, marked as reported', () => {
  it('the overall board gets every ungrouped published table', () => {
    const views = reportedFor(board('latch', 'overall', 'overall'));
    const ungrouped = LATCH_REPORTED.filter((t) => Object.keys(t.groups).join() === 'overall');
    expect(views.map((v) => v.title)).toEqual(ungrouped.map((t) => t.title));
    expect(views.every((v) => v.rows.every((r) => r.accuracy.reported === true))).toBe(true);
  });
  it('a category board gets the matching published group only', () => {
    const views = reportedFor(board('latch', 'category', 'task/cell-typing'));
    expect(views).toHaveLength(1);
    expect(views[0]!.title).toMatch(/category.*cell_typing/);
  });
  it('other benchmarks get none', () => {
    expect(reportedFor(board('medvision', 'family', 'tl'))).toEqual([]);
  });
});
