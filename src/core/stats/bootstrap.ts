import { combine, groupSums, type GroupStat } from './group-stat';
import { crossReplicates, stratifiedReplicates } from './bootstrap-kernels';
import { percentileInterval } from './quantile';
import { seedFrom } from './rng';
import { sideReplicates } from './side-replicates';

/** One bootstrap's whole input (what a memo keys it by). */
export interface BootstrapInput {
  kind: 'stratified' | 'paired' | 'cross';
  stat: GroupStat;
  opts: BootstrapOptions;
  /** Every input value, group by group (the kind says how they are laid out). */
  arrays: () => readonly (readonly number[])[];
  extra: readonly number[];
}

/**
 * A bootstrap is a pure function of its input, and a build asks for the same one many times (each
 * board's dated snapshots recompute every entry's interval on the same samples): the build installs
 * a memo (src/ingest/bootstrap-store.ts, keyed by a hash of every input value and kept between
 * builds); the browser and the CLIs run without one.
 */
export interface BootstrapMemo {
  run(input: BootstrapInput, compute: () => BootstrapResult): BootstrapResult;
}
let memo: BootstrapMemo | undefined;
export function setBootstrapMemo(m: BootstrapMemo | undefined): void {
  memo = m;
}

function memoized(input: BootstrapInput, compute: () => BootstrapResult): BootstrapResult {
  return memo ? memo.run(input, compute) : compute();
}

export interface BootstrapOptions {
  /** Replicates; fewer are drawn for very large inputs (see `replicatesFor`). */
  replicates?: number;
  level?: number;
  /** A stable label (board + model); the same label always gives the same interval. */
  seedLabel: string;
}

export interface BootstrapResult {
  estimate: number;
  lo: number;
  hi: number;
  replicates: number;
  level: number;
  /** Paired bootstrap only: two-sided percentile p-value of 0 (`percentileP`). */
  p?: number;
}

/**
 * Two-sided percentile-bootstrap p-value of the null value 0: twice the smaller share of finite
 * replicates on either side of 0 (each count + 1 over B + 1, so it is never 0), capped at 1.
 */
export function percentileP(reps: ArrayLike<number>): number {
  let le = 0;
  let ge = 0;
  let B = 0;
  for (let i = 0; i < reps.length; i++) {
    const r = reps[i]!;
    if (!Number.isFinite(r)) continue;
    B++;
    if (r <= 0) le++;
    if (r >= 0) ge++;
  }
  if (B === 0) return NaN;
  return Math.min(1, (2 * (Math.min(le, ge) + 1)) / (B + 1));
}

/** Caps the work of one interval at about 2·10⁷ draws; never below 200 replicates. */
export function replicatesFor(totalSamples: number, wanted = 1000): number {
  if (totalSamples <= 0) return 0;
  return Math.max(200, Math.min(wanted, Math.floor(2e7 / totalSamples)));
}

/**
 * Stratified percentile bootstrap: samples are redrawn with replacement inside each group
 * (label group or subtask), group sizes stay fixed, and `stat` combines the group means.
 */
export function stratifiedBootstrap(groups: readonly (readonly number[])[], stat: GroupStat, opts: BootstrapOptions): BootstrapResult {
  return memoized({ kind: 'stratified', stat, opts, arrays: () => groups, extra: [] }, () => stratified(groups, stat, opts));
}

function stratified(groups: readonly (readonly number[])[], stat: GroupStat, opts: BootstrapOptions): BootstrapResult {
  const level = opts.level ?? 0.95;
  const estimate = combine(stat, groupSums(groups));
  const total = groups.reduce((s, g) => s + g.length, 0);
  const B = replicatesFor(total, opts.replicates);
  if (B === 0 || !Number.isFinite(estimate)) return { estimate, lo: NaN, hi: NaN, replicates: 0, level };
  const reps = stratifiedReplicates(groups, stat, seedFrom(opts.seedLabel), B);
  return { estimate, ...percentileInterval(reps, level), replicates: B, level };
}

/**
 * Paired bootstrap of a difference `stat(b) − stat(a)` on shared samples: `a[g][j]` and
 * `b[g][j]` are the two models' values on the same sample, and each replicate draws the same
 * indices for both. Each side's replicates are kept for other pairs with the same seed
 * (./side-replicates.ts).
 */
export function pairedBootstrap(
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
  stat: GroupStat,
  opts: BootstrapOptions,
): BootstrapResult {
  return memoized({ kind: 'paired', stat, opts, arrays: () => [...a, ...b], extra: [a.length] }, () => paired(a, b, stat, opts));
}

function paired(a: readonly (readonly number[])[], b: readonly (readonly number[])[], stat: GroupStat, opts: BootstrapOptions): BootstrapResult {
  if (a.length !== b.length || a.some((g, i) => g.length !== b[i]!.length)) throw new RangeError('paired groups must have the same shape');
  const level = opts.level ?? 0.95;
  const estimate = combine(stat, groupSums(b)) - combine(stat, groupSums(a));
  const total = a.reduce((s, g) => s + g.length, 0);
  const B = replicatesFor(total, opts.replicates);
  if (B === 0 || !Number.isFinite(estimate)) return { estimate, lo: NaN, hi: NaN, replicates: 0, level };
  const seed = seedFrom(opts.seedLabel);
  const ra = sideReplicates(a, stat, seed, B);
  const rb = sideReplicates(b, stat, seed, B);
  const reps = new Float64Array(B);
  for (let r = 0; r < B; r++) reps[r] = rb[r]! - ra[r]!;
  return { estimate, ...percentileInterval(reps, level), replicates: B, level, p: percentileP(reps) };
}

/** One sample of a cross-stratified bootstrap: its value and the statistic group it counts in. */
export interface GroupedSample {
  value: number;
  group: number;
}

/**
 * Percentile bootstrap that resamples inside one partition (`strata`, e.g. MedVision's subtask
 * configs: the benchmark's independent unit) and computes `stat` over another (`groups` of the
 * statistic, e.g. the summary's label groups): each drawn sample keeps its group, so a group's
 * size varies between replicates while every stratum's size stays fixed.
 */
export function crossStratifiedBootstrap(strata: readonly (readonly GroupedSample[])[], groupCount: number, stat: GroupStat, opts: BootstrapOptions): BootstrapResult {
  const arrays = () => [...strata.map((s) => s.map((x) => x.value)), ...strata.map((s) => s.map((x) => x.group))];
  return memoized({ kind: 'cross', stat, opts, arrays, extra: [groupCount] }, () => crossStratified(strata, groupCount, stat, opts));
}

function crossStratified(strata: readonly (readonly GroupedSample[])[], groupCount: number, stat: GroupStat, opts: BootstrapOptions): BootstrapResult {
  const level = opts.level ?? 0.95;
  const original: number[][] = Array.from({ length: groupCount }, () => []);
  for (const s of strata) for (const x of s) original[x.group]!.push(x.value);
  const estimate = combine(stat, groupSums(original));
  const total = strata.reduce((s, g) => s + g.length, 0);
  const B = replicatesFor(total, opts.replicates);
  if (B === 0 || !Number.isFinite(estimate)) return { estimate, lo: NaN, hi: NaN, replicates: 0, level };
  const reps = crossReplicates(strata, groupCount, stat, seedFrom(opts.seedLabel), B);
  return { estimate, ...percentileInterval(reps, level), replicates: B, level };
}
