import { describe, expect, it } from 'vitest';
import { holmAdjust } from '../../src/core/stats/holm';

describe('Holm–Bonferroni (hand-computed)', () => {
  it('p = (0.01, 0.04, 0.03, 0.005), m = 4', () => {
    // Sorted: 0.005 (#4), 0.01 (#1), 0.03 (#3), 0.04 (#2).
    //   4 · 0.005 = 0.02
    //   3 · 0.01  = 0.03  → max(0.02, 0.03) = 0.03
    //   2 · 0.03  = 0.06  → max(0.03, 0.06) = 0.06
    //   1 · 0.04  = 0.04  → max(0.06, 0.04) = 0.06 (step-down: never below an earlier one)
    const adj = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    expect(adj[0]).toBeCloseTo(0.03, 15);
    expect(adj[1]).toBeCloseTo(0.06, 15);
    expect(adj[2]).toBeCloseTo(0.06, 15);
    expect(adj[3]).toBeCloseTo(0.02, 15);
    // At α = 0.05: #1 and #4 are rejected, #2 and #3 are not (plain Bonferroni would reject only #4).
    expect(adj.map((p) => p! < 0.05)).toEqual([true, false, false, true]);
  });
  it('untested rows (null) stay null and do not count in m; adjusted p is capped at 1', () => {
    // m = 2: 2 · 0.02 = 0.04; 1 · 0.7 = 0.7.
    const adj = holmAdjust([null, 0.7, 0.02, null]);
    expect(adj[0]).toBeNull();
    expect(adj[3]).toBeNull();
    expect(adj[2]).toBeCloseTo(0.04, 15);
    expect(adj[1]).toBeCloseTo(0.7, 15);
    expect(holmAdjust([0.6, 0.5])).toEqual([1, 1]); // 2 · 0.5 = 1.0 → 1; then max(1, 0.6) = 1
  });
  it('one test is unadjusted; an empty family is empty', () => {
    expect(holmAdjust([0.03])).toEqual([0.03]);
    expect(holmAdjust([])).toEqual([]);
  });
});
