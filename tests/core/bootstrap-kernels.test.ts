// The fast bootstrap kernels (src/core/stats/bootstrap-kernels.ts, inlined PRNG, one-pass draws,
// typed arrays, selection for the quantiles; and the WebAssembly draw loops of
// src/core/stats/bootstrap-draws.ts, each suite run once with each) give bit for bit what the plain form gives: every
// replicate's indices drawn with mulberry32 group by group, the drawn finite values summed in draw
// order, the replicates sorted for the percentile interval. The plain form is written out below
// from the definitions; every result field is compared with Object.is (so −0 and NaN count).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { BOOTSTRAP_DRAWS_WASM, MAX_GROUP, drawKernel, setDrawMode, type DrawMode } from '../../src/core/stats/bootstrap-draws';
import { crossReplicates } from '../../src/core/stats/bootstrap-kernels';
import { crossStratifiedBootstrap, pairedBootstrap, replicatesFor, setBootstrapMemo, stratifiedBootstrap, type BootstrapResult } from '../../src/core/stats/bootstrap';
import { percentileInterval } from '../../src/core/stats/quantile';
import { keepBootstrapSides } from '../../src/core/stats/side-replicates';
import { pairedMeanDifference } from '../../src/core/stats/mean-interval';
import { mulberry32, seedFrom } from '../../src/core/stats/rng';
import type { GroupStat } from '../../src/core/stats/group-stat';
import { compiledWat } from '../helpers/wasm-source';

setBootstrapMemo(undefined);

const finite = (v: number) => Number.isFinite(v);

/** Σ mean_g·n_g / Σ n_g and friends, from the GroupStat definitions. */
function combineRef(stat: GroupStat, sums: readonly number[], fins: readonly number[], ns: readonly number[]): number {
  let num = 0;
  let den = 0;
  for (let g = 0; g < ns.length; g++) {
    if (ns[g]! <= 0) continue;
    if (stat === 'pooled') {
      num += sums[g]!;
      den += fins[g]!;
    } else if (fins[g]! > 0) {
      num += (sums[g]! / fins[g]!) * ns[g]!;
      den += ns[g]!;
    } else if (stat === 'weighted-all') den += ns[g]!;
  }
  return den > 0 ? num / den : NaN;
}

function statOf(stat: GroupStat, groups: readonly (readonly number[])[]): number {
  const sums = groups.map((g) => g.filter(finite).reduce((s, v) => s + v, 0));
  return combineRef(stat, sums, groups.map((g) => g.filter(finite).length), groups.map((g) => g.length));
}

function quantileRef(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** The interval from a full numeric sort (−0 before 0, as Float64Array's sort orders them). */
function intervalRef(reps: readonly number[], level: number) {
  const sorted = Float64Array.from(reps.filter(finite)).sort();
  const a = (1 - level) / 2;
  return { lo: quantileRef([...sorted], a), hi: quantileRef([...sorted], 1 - a) };
}

function pRef(reps: readonly number[]): number {
  const f = reps.filter(finite);
  if (f.length === 0) return NaN;
  const le = f.filter((r) => r <= 0).length;
  const ge = f.filter((r) => r >= 0).length;
  return Math.min(1, (2 * (Math.min(le, ge) + 1)) / (f.length + 1));
}

/** Every group's indices for one replicate, drawn in group order. */
const drawRef = (sizes: readonly number[], rand: () => number) => sizes.map((n) => Array.from({ length: n }, () => Math.floor(rand() * n)));

function stratifiedRef(groups: number[][], stat: GroupStat, seedLabel: string, replicates: number): BootstrapResult {
  const estimate = statOf(stat, groups);
  const B = replicatesFor(groups.flat().length, replicates);
  if (B === 0 || !finite(estimate)) return { estimate, lo: NaN, hi: NaN, replicates: 0, level: 0.95 };
  const rand = mulberry32(seedFrom(seedLabel));
  const reps: number[] = [];
  for (let r = 0; r < B; r++) {
    const idx = drawRef(groups.map((g) => g.length), rand);
    reps.push(statOf(stat, groups.map((g, k) => idx[k]!.map((i) => g[i]!))));
  }
  return { estimate, ...intervalRef(reps, 0.95), replicates: B, level: 0.95 };
}

function pairedRef(a: number[][], b: number[][], stat: GroupStat, seedLabel: string, replicates: number): BootstrapResult {
  const estimate = statOf(stat, b) - statOf(stat, a);
  const B = replicatesFor(a.flat().length, replicates);
  if (B === 0 || !finite(estimate)) return { estimate, lo: NaN, hi: NaN, replicates: 0, level: 0.95 };
  const rand = mulberry32(seedFrom(seedLabel));
  const reps: number[] = [];
  for (let r = 0; r < B; r++) {
    const idx = drawRef(a.map((g) => g.length), rand);
    const pick = (x: number[][]) => x.map((g, k) => idx[k]!.map((i) => g[i]!));
    reps.push(statOf(stat, pick(b)) - statOf(stat, pick(a)));
  }
  return { estimate, ...intervalRef(reps, 0.95), replicates: B, level: 0.95, p: pRef(reps) };
}

type Sample = { value: number; group: number };
function crossRef(strata: Sample[][], groupCount: number, stat: GroupStat, seedLabel: string, replicates: number): BootstrapResult {
  const byGroup = (xs: Sample[]) => Array.from({ length: groupCount }, (_, g) => xs.filter((x) => x.group === g).map((x) => x.value));
  const estimate = statOf(stat, byGroup(strata.flat()));
  const B = replicatesFor(strata.flat().length, replicates);
  if (B === 0 || !finite(estimate)) return { estimate, lo: NaN, hi: NaN, replicates: 0, level: 0.95 };
  const rand = mulberry32(seedFrom(seedLabel));
  const reps: number[] = [];
  for (let r = 0; r < B; r++) {
    // Drawn samples in draw order, so each group's sum adds its values in the order they were drawn.
    const drawn = strata.flatMap((s) => Array.from({ length: s.length }, () => s[Math.floor(rand() * s.length)]!));
    reps.push(statOf(stat, byGroup(drawn)));
  }
  return { estimate, ...intervalRef(reps, 0.95), replicates: B, level: 0.95 };
}

const same = (got: BootstrapResult, want: BootstrapResult) => {
  for (const k of ['estimate', 'lo', 'hi', 'replicates', 'p'] as const) {
    if (!Object.is(got[k], want[k])) expect.fail(`${k}: got ${String(got[k])}, want ${String(want[k])}`);
  }
};

const value = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }) },
  { weight: 4, arbitrary: fc.integer({ min: -3, max: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e300, -1e300, 5e-324) },
);
const stat = fc.constantFrom<GroupStat>('pooled', 'weighted-skip-empty', 'weighted-all');
const group = fc.array(value, { maxLength: 9 });
const replicates = fc.integer({ min: 1, max: 260 });
const label = fc.string({ maxLength: 6 });

describe.each<DrawMode>(['js', 'wasm'])('bootstrap kernels are bit-identical to the plain bootstrap (draws: %s)', (mode) => {
  beforeAll(() => setDrawMode(mode));
  afterAll(() => setDrawMode('auto'));

  it('stratified', () => {
    fc.assert(
      fc.property(fc.array(group, { maxLength: 4 }), stat, label, replicates, (groups, s, seed, B) => {
        same(stratifiedBootstrap(groups, s, { seedLabel: seed, replicates: B }), stratifiedRef(groups, s, seed, B));
      }),
      { numRuns: 300 },
    );
  });

  it('paired', () => {
    const pair = fc.array(fc.array(fc.tuple(value, value), { maxLength: 9 }), { maxLength: 4 });
    fc.assert(
      fc.property(pair, stat, label, replicates, (groups, s, seed, B) => {
        const a = groups.map((g) => g.map(([x]) => x));
        const b = groups.map((g) => g.map(([, y]) => y));
        same(pairedBootstrap(a, b, s, { seedLabel: seed, replicates: B }), pairedRef(a, b, s, seed, B));
      }),
      { numRuns: 300 },
    );
  });

  it('paired, many pairs drawn from one seed: a side kept from an earlier pair is reused only when every value matches', () => {
    // Sides of one shape (so they share a memo bucket), some repeated, some equal but for −0, a NaN or one value.
    const side = fc.array(fc.constantFrom(0, -0, 1, 2, 0.5, NaN, Infinity), { minLength: 3, maxLength: 3 });
    const sides = fc.array(fc.tuple(side, side), { minLength: 2, maxLength: 4 });
    const pick = fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 });
    keepBootstrapSides();
    onTestFinished(() => keepBootstrapSides(false));
    fc.assert(
      fc.property(sides, pick, stat, replicates, (ss, picks, s, B) => {
        for (const [i, j] of picks) {
          const a = ss[i % ss.length]!;
          const b = ss[j % ss.length]!;
          same(pairedBootstrap(a, b, s, { seedLabel: 'one seed', replicates: B }), pairedRef(a, b, s, 'one seed', B));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('cross-stratified', () => {
    const strata = fc.integer({ min: 1, max: 4 }).chain((k) =>
      fc.tuple(fc.constant(k), fc.array(fc.array(fc.record({ value, group: fc.integer({ min: 0, max: k - 1 }) }), { maxLength: 9 }), { maxLength: 4 })),
    );
    fc.assert(
      fc.property(strata, stat, label, replicates, ([k, st], s, seed, B) => {
        same(crossStratifiedBootstrap(st, k, s, { seedLabel: seed, replicates: B }), crossRef(st, k, s, seed, B));
      }),
      { numRuns: 300 },
    );
  });

  it('paired mean difference', () => {
    const pairs = fc.array(fc.tuple(value, value), { maxLength: 12 });
    fc.assert(
      fc.property(pairs, label, fc.integer({ min: 1, max: 300 }), (xy, seed, B) => {
        const a = xy.map(([x]) => x);
        const b = xy.map(([, y]) => y);
        const got = pairedMeanDifference(a, b, seed, B);
        if (xy.length === 0) {
          expect(got.replicates).toBe(0);
          return;
        }
        const d = a.map((v, i) => b[i]! - v);
        const rand = mulberry32(seedFrom(seed));
        const reps = Array.from({ length: B }, () => d.map(() => d[Math.floor(rand() * d.length)]!).reduce((s, v) => s + v, 0) / d.length);
        same({ ...got, level: 0.95 }, { estimate: got.estimate, ...intervalRef(reps, 0.95), replicates: B, level: 0.95, p: pRef(reps) });
      }),
      { numRuns: 300 },
    );
  });

  // The groups above are small. The kernels compute a draw's index as (u · (n · 2⁻³²)) | 0 for
  // floor((u / 2³²) · n): one group here has more samples than 16 bits count (u · n up to 2⁴⁸),
  // another a size that is not a power of two; B is 200, `replicatesFor`'s floor.
  it('large groups: a draw indexes exactly the sample the plain form draws', () => {
    const rand = mulberry32(7);
    const big = (n: number) => Array.from({ length: n }, (_, i) => (i % 97 === 0 ? NaN : rand() * 1e3 - 500));
    const groups = [big(3), big(65_537), big(1_009)];
    same(stratifiedBootstrap(groups, 'weighted-all', { seedLabel: 'large', replicates: 3 }), stratifiedRef(groups, 'weighted-all', 'large', 3));
    const st = [groups[1]!.map((value, i) => ({ value, group: i % 3 }))];
    same(crossStratifiedBootstrap(st, 3, 'pooled', { seedLabel: 'large', replicates: 3 }), crossRef(st, 3, 'pooled', 'large', 3));
    const a = groups[1]!;
    const b = a.map((v, i) => (Number.isFinite(v) ? v + (i % 5) : 1));
    const got = pairedMeanDifference(a, b, 'large', 3);
    const d = a.map((v, i) => b[i]! - v);
    const draw = mulberry32(seedFrom('large'));
    const reps = Array.from({ length: got.replicates }, () => d.map(() => d[Math.floor(draw() * d.length)]!).reduce((x, v) => x + v, 0) / d.length);
    same({ ...got, level: 0.95 }, { estimate: got.estimate, ...intervalRef(reps, 0.95), replicates: got.replicates, level: 0.95, p: pRef(reps) });
  });

  it('the percentile interval by selection equals the sorted one, ties, −0 and non-finite values included', () => {
    const values = fc.array(fc.oneof(value, fc.constantFrom(0, -0, 1, -1)), { maxLength: 60 });
    fc.assert(
      fc.property(values, fc.double({ min: 0, max: 1, noNaN: true }), (xs, level) => {
        const got = percentileInterval(Float64Array.from(xs), level);
        const want = intervalRef(xs, level);
        expect(Object.is(got.lo, want.lo) && Object.is(got.hi, want.hi), `${JSON.stringify(xs)} @ ${level}`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the bootstrap draw kernel', () => {
  afterAll(() => setDrawMode('auto'));

  it('is the compiled form of its source (src/core/wasm/bootstrap-draws.wat, compiled by wabt)', async () => {
    expect(await compiledWat('bootstrap-draws.wat')).toBe(BOOTSTRAP_DRAWS_WASM);
  });

  it('loads here; by default draws large bootstraps of groups that are not tiny, and never a group past 2²¹ values', () => {
    const shape = (total: number, groups: number, largest: number, replicates: number) => ({ total, groups, largest, replicates });
    setDrawMode('auto');
    expect(drawKernel(shape(1_000, 1, 1_000, 1_000))).toBeDefined();
    expect(drawKernel(shape(66_000, 66, 1_000, 300))).toBeDefined();
    expect(drawKernel(shape(10, 1, 10, 10))).toBeUndefined(); // too few draws to pay for the layout
    expect(drawKernel(shape(180, 60, 3, 2_000))).toBeUndefined(); // 60 groups of 3: slower in the kernel
    expect(drawKernel(shape(MAX_GROUP + 1, 1, MAX_GROUP + 1, 200))).toBeUndefined();
    setDrawMode('wasm');
    expect(drawKernel(shape(1, 1, 1, 1))).toBeDefined();
    expect(drawKernel(shape(180, 60, 3, 2_000))).toBeDefined();
    expect(drawKernel(shape(MAX_GROUP + 1, 1, MAX_GROUP + 1, 200))).toBeUndefined();
    setDrawMode('js');
    expect(drawKernel(shape(1_000, 1, 1_000, 1_000))).toBeUndefined();
  });

  it('leaves a sample whose group is outside the groups to the JavaScript loop (the kernel would index past its sums)', () => {
    const strata = [[{ value: 1, group: 0 }, { value: 2, group: 3 }, { value: 4, group: -1 }, { value: 8, group: 1 }]];
    setDrawMode('js');
    const want = crossReplicates(strata, 2, 'pooled', 11, 50);
    setDrawMode('wasm');
    const got = crossReplicates(strata, 2, 'pooled', 11, 50);
    expect(Buffer.from(got.buffer).equals(Buffer.from(want.buffer))).toBe(true);
  });
});
