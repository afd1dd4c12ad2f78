import { describe, expect, it } from 'vitest';
import { shardByWeight } from '../../src/core/shard';

describe('shardByWeight: heaviest first, each to the lightest shard, ties to the lowest', () => {
  const items = ['e1', 'a5', 'c3', 'b4', 'd2'];
  const weight = (s: string) => Number(s.slice(1));
  it('splits 5 4 3 2 1 into {5, 2, 1} and {4, 3}, each in list order', () => {
    // 5 → 1; 4 → 2; 3 → 2 (4 < 5); 2 → 1 (5 < 7); 1 → 1 (7 = 7: the lower shard).
    expect(shardByWeight(items, weight, { index: 1, of: 2 })).toEqual({ items: ['e1', 'a5', 'd2'], weight: 8 });
    expect(shardByWeight(items, weight, { index: 2, of: 2 })).toEqual({ items: ['c3', 'b4'], weight: 7 });
  });
  it('the shards of one list are disjoint and cover it', () => {
    const all = [1, 2, 3].flatMap((index) => shardByWeight(items, weight, { index, of: 3 }).items);
    expect(all.sort()).toEqual([...items].sort());
  });
  it('equal weights keep the list order: round robin from the first shard', () => {
    expect(shardByWeight(['p', 'q', 'r', 's'], () => 1, { index: 1, of: 2 }).items).toEqual(['p', 'r']);
  });
});
