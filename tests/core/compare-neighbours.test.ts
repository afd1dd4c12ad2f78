// Which pairs get a pre-rendered compare page: each entry's k nearest by rank per benchmark, on the
// headline boards only (hand-made boards; expected pairs worked out by hand in the comments).
import { describe, expect, it } from 'vitest';
import { neighbourPairs } from '../../src/board/compare';
import type { Board } from '../../src/core/board';

describe('compare neighbour pairs', () => {
  it('neighbours: each entry pairs with its k nearest rows by rank, not with every row', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ entryKey: `e${String(i).padStart(2, '0')}` }));
    const board = { benchmark: 'medvision', kind: 'family', sections: [{ rows }] } as unknown as Board;
    const pairs = neighbourPairs([board], 5).map((p) => p.join(' '));
    expect(pairs).toContain('e00 e05');
    expect(pairs).not.toContain('e00 e06');
    expect(pairs.length).toBeLessThanOrEqual(12 * 5);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('neighbours: k per entry and benchmark over its headline boards, the smallest rank gap first; other boards pick none', () => {
    const board = (kind: Board['kind'], order: string[], benchmark = 'medvision') => ({ benchmark, kind, sections: [{ rows: order.map((entryKey) => ({ entryKey })) }] }) as unknown as Board;
    // k = 1. a: gap 1 to b on the first board, gap 1 to c on the second: b, seen first. b: a. c: b (first board).
    // Per board (the old rule) the second board would add a–c; the config board would add it too.
    const boards = [board('family', ['a', 'b', 'c']), board('overall', ['c', 'a', 'b']), board('config', ['a', 'c', 'b'])];
    expect(neighbourPairs(boards, 1).map((p) => p.join(' ')).sort()).toEqual(['a b', 'b c']);
    // Another benchmark's boards pick their own k per entry.
    const other = board('overall', ['c', 'a'], 'latch');
    expect(neighbourPairs([...boards, other], 1).map((p) => p.join(' ')).sort()).toEqual(['a b', 'a c', 'b c']);
    // Only headline boards: a config board alone pre-renders nothing.
    expect(neighbourPairs([board('config', ['a', 'b', 'c'])], 1)).toEqual([]);
  });
});
