/**
 * Rank ranges (LMArena's rule on the published intervals), minimum detectable differences and the
 * evidence pass: property tests with fast-check, plus worked examples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparedInterval, formatRankRange, pointRanks, rankRanges, type RangeInput } from '../../src/core/stats/rank-range';
import { pairedMdd, seFromInterval, seMdd, Z_80, Z_975 } from '../../src/core/stats/mdd';
import { tInterval } from '../../src/core/stats/t-interval';
import { stratifiedBootstrap } from '../../src/core/stats/bootstrap';
import { rankEntries } from '../../src/core/rank';
import { applyEvidence, preliminaryReason } from '../../src/board/evidence';
import { shownInterval } from '../../src/board/about';
import { metric } from '../../src/registry/metrics';
import type { Board, Entry } from '../../src/core/board';

const value = fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true });
const width = fc.double({ min: 0, max: 500, noNaN: true, noDefaultInfinity: true });
/** A row: its estimate, and an interval around it (possibly missing, possibly not containing it). */
const rowArb: fc.Arbitrary<RangeInput> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(value, width, width).map(([v, a, b]) => ({ value: v, lo: v - a, hi: v + b })) },
  { weight: 2, arbitrary: fc.tuple(value, value, width).map(([v, c, w]) => ({ value: v, lo: c, hi: c + w })) },
  { weight: 1, arbitrary: value.map((v) => ({ value: v })) },
  // Ties: a few repeated values.
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: 3 }), width).map(([v, w]) => ({ value: v, lo: v - w, hi: v + w })) },
);
const rowsArb = fc.array(rowArb, { minLength: 1, maxLength: 25 });
const direction = fc.constantFrom<'higher' | 'lower'>('higher', 'lower');

describe('rank ranges (LMArena rule)', () => {
  it('contain the point rank (competition ranking), for either direction', () => {
    fc.assert(
      fc.property(rowsArb, direction, (rows, dir) => {
        const ranges = rankRanges(rows, dir);
        const ranks = pointRanks(rows.map((r) => r.value), dir);
        ranges.forEach(([best, worst], i) => {
          expect(best).toBeGreaterThanOrEqual(1);
          expect(worst).toBeLessThanOrEqual(rows.length);
          expect(best).toBeLessThanOrEqual(ranks[i]!);
          expect(worst).toBeGreaterThanOrEqual(ranks[i]!);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('rankEntries gives every row a range containing its rank, and marks exactly the rows whose range includes 1', () => {
    fc.assert(
      fc.property(rowsArb, direction, (rows, dir) => {
        const ranked = rankEntries(rows.map((r, i) => entry(i, r)), dir);
        for (const r of ranked) {
          expect(r.rankRange[0]).toBeLessThanOrEqual(r.rank);
          expect(r.rankRange[1]).toBeGreaterThanOrEqual(r.rank);
          expect(r.tiedWithLeader).toBe(r.rank > 1 && r.rankRange[0] === 1);
        }
        // The point leader can always be #1.
        expect(ranked[0]!.rankRange[0]).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it('adding a dominated row never changes the leader’s range', () => {
    fc.assert(
      fc.property(rowsArb, direction, width, width, fc.double({ min: 1e-6, max: 100, noNaN: true }), (rows, dir, a, b, gap) => {
        const withIv = rows.filter((r) => r.lo !== undefined);
        fc.pre(withIv.length > 0);
        const before = rankEntries(withIv.map((r, i) => entry(i, r)), dir);
        const leader = before[0]!;
        const [lo] = comparedInterval({ value: leader.primary!, lo: leader.interval!.lo, hi: leader.interval!.hi });
        const [, hiL] = comparedInterval({ value: leader.primary!, lo: leader.interval!.lo, hi: leader.interval!.hi });
        // Entirely worse than the leader's interval: below it (higher is better) or above it (lower).
        const dominated: RangeInput = dir === 'higher' ? { value: lo - gap - b, lo: lo - gap - b - a, hi: lo - gap } : { value: hiL + gap + b, lo: hiL + gap, hi: hiL + gap + b + a };
        const after = rankEntries([...withIv.map((r, i) => entry(i, r)), entry(999, dominated)], dir);
        const same = after.find((r) => r.submissionId === leader.submissionId)!;
        expect(same.rankRange).toEqual(leader.rankRange);
      }),
      { numRuns: 300 },
    );
  });

  it('lower is better is the mirror image of higher is better', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const mirrored = rows.map((r) => ({ value: -r.value, ...(r.lo !== undefined && r.lo !== null ? { lo: -(r.hi as number), hi: -(r.lo as number) } : {}) }));
        expect(rankRanges(rows, 'lower')).toEqual(rankRanges(mirrored, 'higher'));
      }),
    );
  });

  it('worked example: separated, overlapping, no interval', () => {
    // higher is better: A [80, 90], B [70, 85], C [50, 60], D without an interval.
    const rows = [
      { value: 85, lo: 80, hi: 90 },
      { value: 78, lo: 70, hi: 85 },
      { value: 55, lo: 50, hi: 60 },
      { value: 30 },
    ];
    // D can be separated from no row: it widens every other range by one and spans 1–4 itself.
    expect(rankRanges(rows, 'higher')).toEqual([[1, 3], [1, 3], [3, 4], [1, 4]]);
    expect(rankRanges(rows.slice(0, 3), 'higher')).toEqual([[1, 2], [1, 2], [3, 3]]);
    expect(formatRankRange([1, 3])).toBe('1–3');
    expect(formatRankRange([3, 3])).toBe('3');
  });

  it('widens an interval that misses its own estimate (percentile bootstrap on skewed data)', () => {
    expect(comparedInterval({ value: 5, lo: 6, hi: 9 })).toEqual([5, 9]);
    expect(comparedInterval({ value: 5 })).toEqual([-Infinity, Infinity]);
  });
});

describe('intervals contain the estimate for symmetric data', () => {
  /** Values mirrored around a centre: x and 2c − x. */
  const symmetric = fc.tuple(fc.double({ min: -50, max: 50, noNaN: true }), fc.array(fc.double({ min: 0, max: 40, noNaN: true }), { minLength: 1, maxLength: 40 })).map(([c, ds]) => ds.flatMap((d) => [c - d, c + d]));
  it('t-interval', () => {
    fc.assert(
      fc.property(symmetric, (xs) => {
        const t = tInterval(xs);
        expect(t.ci_lower).toBeLessThanOrEqual(t.mean + 1e-9);
        expect(t.ci_upper).toBeGreaterThanOrEqual(t.mean - 1e-9);
      }),
    );
  });
  it('stratified percentile bootstrap', () => {
    fc.assert(
      fc.property(symmetric, fc.string(), (xs, label) => {
        const b = stratifiedBootstrap([xs], 'pooled', { seedLabel: label, replicates: 200 });
        const tol = 1e-9 * (1 + Math.abs(b.estimate));
        expect(b.lo).toBeLessThanOrEqual(b.estimate + tol);
        expect(b.hi).toBeGreaterThanOrEqual(b.estimate - tol);
      }),
      { numRuns: 60 },
    );
  });
});

describe('minimum detectable difference', () => {
  it('paired: (z_0.975 + z_0.80) · sd(d) / √n over shared finite units', () => {
    const a = { e1: 100, e2: 50, e3: 80, e4: 0, only: 1 };
    const b = { e1: 90, e2: 50, e3: 60, e4: NaN, other: 3 };
    // d = 10, 0, 20 over the shared finite units e1, e2, e3: sd = 10.
    const m = pairedMdd(a, b)!;
    expect(m.n).toBe(3);
    expect(m.basis).toBe('paired');
    expect(m.value).toBeCloseTo(((Z_975 + Z_80) * 10) / Math.sqrt(3), 12);
    expect(pairedMdd({ x: 1 }, { x: 2 })).toBeUndefined();
  });
  it('standard errors: recovered from a t-interval exactly', () => {
    const xs = [10, 30, 20, 50, 40];
    const t = tInterval(xs);
    const sd = Math.sqrt(xs.reduce((s, v) => s + (v - 30) ** 2, 0) / 4);
    expect(seFromInterval({ lo: t.ci_lower, hi: t.ci_upper, method: 't' }, xs.length)).toBeCloseTo(sd / Math.sqrt(5), 10);
    expect(seMdd(3, 4, 5).value).toBeCloseTo((Z_975 + Z_80) * 5, 12);
  });
});

describe('minimum evidence (the generic pass over every board)', () => {
  const board = (n: number[], min: number): Board => ({
    benchmark: 'latch', slug: 'x', kind: 'category', title: 'X', description: '', nUnit: 'evals',
    evidence: { unit: 'evals', method: 't over evals', minUnits: min },
    primary: { def: metric('latch-accuracy'), label: 'Accuracy (%)' }, secondary: [],
    sections: [{ id: 'all', title: 'All', rows: rankEntries(n.map((k, i) => ({ ...entry(i, { value: 90 - i * 10, lo: 60 - i * 10, hi: 120 - i * 10 }), n: k })), 'higher') }],
  });
  it('a section below the minimum is preliminary: no ranks, no interval, one-line reason', () => {
    const b = applyEvidence(board([2, 2, 2], 5));
    const s = b.sections[0]!;
    expect(s.rows).toEqual([]);
    expect(s.unranked!.map((r) => r.status)).toEqual(['preliminary', 'preliminary', 'preliminary']);
    expect(s.unranked![0]!.reason).toBe('preliminary: 2 evals, fewer than the 5 this benchmark needs to rank');
    expect(s.unranked!.every((r) => r.interval === undefined && !('rank' in r) && !('rankRange' in r))).toBe(true);
    expect(s.mdd).toBeUndefined();
    expect(preliminaryReason(1, { unit: 'evals', minUnits: 5 })).toBe('preliminary: 1 eval, fewer than the 5 this benchmark needs to rank');
  });
  it('rows at or above the minimum stay ranked and are re-ranked without the preliminary ones', () => {
    const b = applyEvidence(board([2, 6, 5], 5));
    const s = b.sections[0]!;
    expect(s.rows.map((r) => [r.submissionId, r.rank])).toEqual([['s1', 1], ['s2', 2]]);
    expect(s.unranked!.map((r) => r.submissionId)).toEqual(['s0']);
    expect(s.mdd?.basis).toBe('standard_errors');
  });
  it('intervals are shown truncated to the metric range, never changed in the data', () => {
    expect(shownInterval(metric('latch-accuracy'), -128, 295)).toEqual({ lo: 0, hi: 100, truncated: true });
    expect(shownInterval(metric('latch-accuracy'), 10, 20)).toEqual({ lo: 10, hi: 20, truncated: false });
    expect(shownInterval(metric('mv-mre'), 0.1, 0.2).truncated).toBe(false);
  });
});

function entry(i: number, r: RangeInput): Entry {
  return {
    submissionId: `s${i}`, modelSlug: `m${i}`, model: `m${String(i).padStart(3, '0')}`, org: 'o', weights: 'open', submittedAt: '2026-01-01',
    harness: 'h', entryKey: `m${i}~h`, n: 10, primary: r.value, secondary: [],
    ...(r.lo !== undefined && r.lo !== null && r.hi !== undefined && r.hi !== null ? { interval: { lo: r.lo, hi: r.hi, method: 't' as const } } : {}),
  };
}
