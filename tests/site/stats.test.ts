import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pairedBootstrap, replicatesFor, setBootstrapMemo, stratifiedBootstrap } from '../../src/core/stats/bootstrap';
import { persistBootstraps } from '../../src/ingest/bootstrap-store';
import { combine, groupSums } from '../../src/core/stats/group-stat';
import { pairedMeanDifference } from '../../src/core/stats/mean-interval';
import { percentileInterval, quantileSorted } from '../../src/core/stats/quantile';
import { mulberry32, seedFrom } from '../../src/core/stats/rng';
import { keepBootstrapSides, sideMemoSize } from '../../src/core/stats/side-replicates';
import { intervalsOverlap, rankRows } from '../../src/core/stats/ties';

describe('quantile', () => {
  it('interpolates like NumPy (type 7)', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0.025)).toBe(1.075);
    expect(percentileInterval([NaN, 3, 1, 2])).toEqual({ lo: 1.05, hi: 2.95 });
  });
});

describe('group statistics', () => {
  const groups = [[0.1, NaN, 0.3], [0.5], [NaN, NaN]];
  it('weighted-skip-empty: weights by group size, skips groups without a finite value', () => {
    expect(combine('weighted-skip-empty', groupSums(groups))).toBe((0.2 * 3 + 0.5 * 1) / 4);
  });
  it('weighted-all: the empty group still counts in the denominator (MedVision AD)', () => {
    expect(combine('weighted-all', groupSums(groups))).toBe((0.2 * 3 + 0.5 * 1) / 6);
  });
  it('pooled: mean of every finite value', () => {
    expect(combine('pooled', groupSums(groups))).toBe(0.9 / 3);
  });
});

describe('bootstrap', () => {
  const rand = mulberry32(7);
  const a = [Array.from({ length: 200 }, () => rand()), Array.from({ length: 50 }, () => (rand() < 0.1 ? NaN : rand() * 2))];
  it('is deterministic for a seed label and depends on it', () => {
    const x = stratifiedBootstrap(a, 'weighted-skip-empty', { seedLabel: 'board/model' });
    const y = stratifiedBootstrap(a, 'weighted-skip-empty', { seedLabel: 'board/model' });
    const z = stratifiedBootstrap(a, 'weighted-skip-empty', { seedLabel: 'board/other' });
    expect(x).toEqual(y);
    expect(x.lo).not.toBe(z.lo);
    expect(x.lo).toBeLessThan(x.estimate);
    expect(x.hi).toBeGreaterThan(x.estimate);
    expect(x.replicates).toBe(1000);
  });
  it('covers the truth about 95 % of the time (coverage check)', () => {
    let hits = 0;
    const runs = 200;
    for (let r = 0; r < runs; r++) {
      const g = mulberry32(1000 + r);
      const sample = Array.from({ length: 100 }, () => g());
      const b = stratifiedBootstrap([sample], 'pooled', { seedLabel: `cov${r}`, replicates: 400 });
      if (b.lo <= 0.5 && 0.5 <= b.hi) hits++;
    }
    expect(hits / runs).toBeGreaterThan(0.88);
    expect(hits / runs).toBeLessThan(0.99);
  });
  it('paired: identical models give a zero difference; swapping negates it', () => {
    const same = pairedBootstrap(a, a, 'weighted-skip-empty', { seedLabel: 's' });
    expect(same).toMatchObject({ estimate: 0, lo: 0, hi: 0 });
    const b = a.map((g) => g.map((v) => v + 0.1));
    const ab = pairedBootstrap(a, b, 'pooled', { seedLabel: 'p' });
    const ba = pairedBootstrap(b, a, 'pooled', { seedLabel: 'p' });
    // The estimate is the difference of the two pooled means; adding 0.1 to every value does not move the
    // mean by exactly 0.1 in binary floating point, so the exact expectation is that difference.
    expect(ab.estimate).toBe(combine('pooled', groupSums(b)) - combine('pooled', groupSums(a)));
    expect(ab.lo).toBe(-ba.hi);
    // A constant shift has no sampling noise once paired.
    expect(ab.hi - ab.lo).toBeLessThan(1e-9);
  });
  it('paired intervals are narrower than unpaired ones when samples share difficulty', () => {
    const g = mulberry32(3);
    const difficulty = Array.from({ length: 300 }, () => g());
    const x = difficulty.map((d) => d + 0.05 * g());
    const y = difficulty.map((d) => d + 0.02 + 0.05 * g());
    const paired = pairedBootstrap([x], [y], 'pooled', { seedLabel: 'x' });
    const ix = stratifiedBootstrap([x], 'pooled', { seedLabel: 'x' });
    expect(paired.hi - paired.lo).toBeLessThan((ix.hi - ix.lo) / 3);
  });
  it('caps the work for large inputs', () => {
    expect(replicatesFor(1000)).toBe(1000);
    expect(replicatesFor(1e6)).toBe(200);
    expect(replicatesFor(0)).toBe(0);
  });
  it('pairedMeanDifference: estimate equals the mean difference', () => {
    const d = pairedMeanDifference([1, 2, 3, 4], [2, 2, 5, 4], 'l');
    expect(d.estimate).toBe(0.75);
    expect(d.lo).toBeLessThanOrEqual(d.estimate);
    expect(d.hi).toBeGreaterThanOrEqual(d.estimate);
  });
  it('property: the interval brackets the estimate for any data', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 2, maxLength: 40 }), (xs) => {
        const b = stratifiedBootstrap([xs], 'pooled', { seedLabel: 'prop', replicates: 200 });
        return b.lo <= b.estimate + 1e-9 && b.estimate <= b.hi + 1e-9;
      }),
      { numRuns: 50 },
    );
  });
});

describe('ranking and ties', () => {
  it('ranks by direction, missing last, shares ranks for equal values, marks overlaps with #1', () => {
    const rows = [
      { name: 'c', value: 0.3, lo: 0.25, hi: 0.35 },
      { name: 'a', value: 0.2, lo: 0.15, hi: 0.26 },
      { name: 'b', value: null },
      { name: 'd', value: 0.3, lo: 0.29, hi: 0.31 },
      { name: 'e', value: 0.5, lo: 0.45, hi: 0.55 },
    ];
    const r = rankRows(rows, 'lower');
    expect(r.map((x) => [x.item.name, x.rank, x.tiedWithLeader])).toEqual([
      ['a', 1, false], ['c', 2, true], ['d', 2, false], ['e', 4, false], ['b', 5, false],
    ]);
    expect(rankRows(rows, 'higher')[0]!.item.name).toBe('e');
  });
  it('intervals without bounds never overlap', () => {
    expect(intervalsOverlap({ lo: 1, hi: 2 }, {})).toBe(false);
  });
  it('seedFrom is stable', () => {
    expect(seedFrom('medvision/TL/x')).toBe(seedFrom('medvision/TL/x'));
  });
});

describe('cross-stratified bootstrap (resample by one partition, aggregate by another)', () => {
  it('keeps every stratum size, reproduces the estimate, and equals the plain stratified bootstrap when strata and groups coincide', async () => {
    const { crossStratifiedBootstrap, stratifiedBootstrap } = await import('../../src/core/stats/bootstrap');
    const groups = [[1, 2, 3, NaN], [10, 11], [5, 6, 7]];
    const strata = groups.map((g, group) => g.map((value) => ({ value, group })));
    for (const stat of ['weighted-skip-empty', 'weighted-all', 'pooled'] as const) {
      const cross = crossStratifiedBootstrap(strata, groups.length, stat, { seedLabel: 's' });
      const plain = stratifiedBootstrap(groups, stat, { seedLabel: 's' });
      expect(cross).toEqual(plain);
    }
    // Strata that cut across the groups: the estimate is still the statistic over the groups.
    const mixed = [[{ value: 1, group: 0 }, { value: 10, group: 1 }], [{ value: 2, group: 0 }, { value: 3, group: 0 }, { value: 11, group: 1 }]];
    const r = crossStratifiedBootstrap(mixed, 2, 'weighted-skip-empty', { seedLabel: 'm' });
    expect(r.estimate).toBe((2 * 3 + 10.5 * 2) / 5);
    expect(r.lo).toBeLessThanOrEqual(r.hi);
  });
});

describe('bootstrap memo (the build installs it; src/ingest/bootstrap-store.ts)', () => {
  it('a repeated bootstrap returns the first result, from disk in a later build; a different input under the same seed label is computed anew', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'evalboard-bootstrap-'));
    const saved = { ...process.env };
    process.env.EVALBOARD_CACHE_DIR = tmp;
    delete process.env.EVALBOARD_NO_CACHE;
    try {
      persistBootstraps();
      const opts = { seedLabel: 'memo-test', replicates: 400 };
      const values = [[1, 2, 3, 4, 5, 6, 7, 8]];
      setBootstrapMemo(undefined);
      const plain = stratifiedBootstrap(values, 'pooled', opts);
      persistBootstraps();
      const first = stratifiedBootstrap(values, 'pooled', opts);
      expect(first).toEqual(plain);
      const again = stratifiedBootstrap(values, 'pooled', opts);
      expect(again).toEqual(first);
      again.lo = -1; // a caller's copy: changing it changes no later result
      expect(stratifiedBootstrap(values, 'pooled', opts)).toEqual(first);
      // Same label, one value changed: the label alone must not key the memo.
      const other = stratifiedBootstrap([[1, 2, 3, 4, 5, 6, 7, 80]], 'pooled', opts);
      expect(other.estimate).toBeCloseTo(13.5, 12);
      expect(other.hi).toBeGreaterThan(first.hi);
      const lines = () => readdirSync(join(tmp, 'bootstrap')).flatMap((f) => readFileSync(join(tmp, 'bootstrap', f), 'utf8').trim().split('\n'));
      expect(lines()).toHaveLength(2);
      // A later build (a fresh memo over the same cache) reads both back and draws nothing new.
      persistBootstraps();
      expect(stratifiedBootstrap(values, 'pooled', opts)).toEqual(first);
      expect(stratifiedBootstrap([[1, 2, 3, 4, 5, 6, 7, 80]], 'pooled', opts)).toEqual(other);
      expect(lines()).toHaveLength(2);
    } finally {
      setBootstrapMemo(undefined);
      process.env = saved;
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('the build also keeps compare sides: a second pair with the same side draws one side, not two', () => {
    const saved = { ...process.env };
    process.env.EVALBOARD_NO_CACHE = '1';
    try {
      const side = (k: number) => [Array.from({ length: 30 }, (_, i) => ((i * k) % 7) / 7)];
      keepBootstrapSides(false); // as in the browser (an earlier test here installed the build's memo)
      pairedBootstrap(side(2), side(3), 'pooled', { seedLabel: 'sides', replicates: 300 });
      expect(sideMemoSize().sides).toBe(0);
      persistBootstraps();
      setBootstrapMemo(undefined); // the pair-level memo aside: only sides are kept
      pairedBootstrap(side(2), side(3), 'pooled', { seedLabel: 'sides', replicates: 300 });
      pairedBootstrap(side(2), side(5), 'pooled', { seedLabel: 'sides', replicates: 300 });
      expect(sideMemoSize().sides).toBe(3);
    } finally {
      keepBootstrapSides(false);
      process.env = saved;
    }
  });
});
