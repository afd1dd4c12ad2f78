/**
 * The replicate loops of the bootstraps in ./bootstrap.ts, written for speed but bit-identical to
 * the plain form (draw every group's indices with `mulberry32`, then sum the drawn finite values in
 * draw order): the same random stream in the same order, the same additions in the same order.
 *
 * - mulberry32 (./rng.ts) is inlined into each draw loop, its state a local: no call per draw.
 * - Each group's values are copied once per bootstrap into a Float64Array with every non-finite
 *   value as 0 and a 0/1 finite mask beside it (none when the group is all finite), so a draw is
 *   an add without a branch. Adding +0 for a skipped value changes nothing: a running sum that
 *   starts at +0 is never −0, and s + (+0) is s for every other s.
 * - Indices are drawn and summed in one pass (no per-replicate index arrays), both sides of a
 *   paired bootstrap summed with the same index; the replicates go into one Float64Array.
 *
 * tests/core/bootstrap-kernels.test.ts holds these to the plain form.
 */
import { combine, type GroupStat, type GroupSums } from './group-stat';

/** A group's values for drawing: non-finite ones as 0, and which were finite (undefined: all). */
interface Drawable {
  values: Float64Array;
  finite: Uint8Array | undefined;
}

function drawable(values: readonly number[]): Drawable {
  const n = values.length;
  const out = new Float64Array(n);
  let finite: Uint8Array | undefined;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v === v && v !== Infinity && v !== -Infinity) out[i] = v;
    else (finite ??= new Uint8Array(n).fill(1))[i] = 0;
  }
  return { values: out, finite };
}

const sumsOf = (k: number): GroupSums => ({ sum: new Float64Array(k), finite: new Int32Array(k), n: new Int32Array(k) });

/** `B` replicates of `combine(stat)` over the groups redrawn with replacement, each group's size fixed. */
export function stratifiedReplicates(groups: readonly (readonly number[])[], stat: GroupStat, seed: number, B: number): Float64Array {
  const k = groups.length;
  const data = groups.map(drawable);
  const sums = sumsOf(k);
  for (let g = 0; g < k; g++) sums.n[g] = groups[g]!.length;
  const reps = new Float64Array(B);
  let state = seed >>> 0;
  for (let r = 0; r < B; r++) {
    for (let g = 0; g < k; g++) {
      const { values, finite } = data[g]!;
      const n = values.length;
      let s = 0;
      let f = 0;
      for (let j = 0; j < n; j++) {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        const i = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
        s += values[i]!;
        if (finite) f += finite[i]!;
      }
      sums.sum[g] = s;
      sums.finite[g] = finite ? f : n;
    }
    reps[r] = combine(stat, sums);
  }
  return reps;
}

const STEP = 0x6d2b79f5;
/** mulberry32's state before draw number `m` of the stream seeded with `seed`: it only ever adds STEP. */
const stateAt = (seed: number, m: number) => (seed + Math.imul(m % 4294967296, STEP)) >>> 0;

/**
 * `B` replicates of `combine(stat, b) − combine(stat, a)`, each replicate drawing the same indices
 * for both. The hottest loop of a cold build (every compare pair, 2,000 replicates of every shared
 * sample), so replicates are drawn four at a time: replicate r's draws are numbers r·N … r·N + N − 1
 * of the stream (N samples per replicate) and its state there is computed directly (`stateAt`);
 * four independent running sums let the CPU overlap the additions, while each replicate still adds
 * its own draws in its own order. ≈ 1.35× on a compare pair of 66 groups × 250 samples.
 */
export function pairedReplicates(a: readonly (readonly number[])[], b: readonly (readonly number[])[], stat: GroupStat, seed: number, B: number): Float64Array {
  const k = a.length;
  const da = a.map(drawable);
  const db = b.map(drawable);
  let N = 0;
  for (let g = 0; g < k; g++) N += a[g]!.length;
  // A group where only one side has non-finite values draws the other side's mask as all ones.
  const ones = da.map((d, g) => (d.finite === undefined) !== (db[g]!.finite === undefined) ? new Uint8Array(d.values.length).fill(1) : undefined);
  const lanes = [0, 1, 2, 3].map(() => ({ a: sumsOf(k), b: sumsOf(k) }));
  for (const { a: sa, b: sb } of lanes) for (let g = 0; g < k; g++) sa.n[g] = sb.n[g] = a[g]!.length;
  const [L0, L1, L2, L3] = lanes as [typeof lanes[0], typeof lanes[0], typeof lanes[0], typeof lanes[0]];
  const reps = new Float64Array(B);
  seed >>>= 0;
  let r = 0;
  for (; r + 4 <= B; r += 4) {
    let s0 = stateAt(seed, r * N);
    let s1 = stateAt(seed, (r + 1) * N);
    let s2 = stateAt(seed, (r + 2) * N);
    let s3 = stateAt(seed, (r + 3) * N);
    for (let g = 0; g < k; g++) {
      const va = da[g]!.values;
      const vb = db[g]!.values;
      const n = va.length;
      let xa0 = 0, xa1 = 0, xa2 = 0, xa3 = 0, xb0 = 0, xb1 = 0, xb2 = 0, xb3 = 0;
      let na0 = n, na1 = n, na2 = n, na3 = n, nb0 = n, nb1 = n, nb2 = n, nb3 = n;
      const fa = da[g]!.finite ?? ones[g];
      const fb = db[g]!.finite ?? ones[g];
      if (fa === undefined || fb === undefined) {
        for (let j = 0; j < n; j++) {
          s0 = (s0 + STEP) >>> 0;
          s1 = (s1 + STEP) >>> 0;
          s2 = (s2 + STEP) >>> 0;
          s3 = (s3 + STEP) >>> 0;
          let t0 = s0, t1 = s1, t2 = s2, t3 = s3;
          t0 = Math.imul(t0 ^ (t0 >>> 15), t0 | 1);
          t1 = Math.imul(t1 ^ (t1 >>> 15), t1 | 1);
          t2 = Math.imul(t2 ^ (t2 >>> 15), t2 | 1);
          t3 = Math.imul(t3 ^ (t3 >>> 15), t3 | 1);
          t0 ^= t0 + Math.imul(t0 ^ (t0 >>> 7), t0 | 61);
          t1 ^= t1 + Math.imul(t1 ^ (t1 >>> 7), t1 | 61);
          t2 ^= t2 + Math.imul(t2 ^ (t2 >>> 7), t2 | 61);
          t3 ^= t3 + Math.imul(t3 ^ (t3 >>> 7), t3 | 61);
          const i0 = Math.floor((((t0 ^ (t0 >>> 14)) >>> 0) / 4294967296) * n);
          const i1 = Math.floor((((t1 ^ (t1 >>> 14)) >>> 0) / 4294967296) * n);
          const i2 = Math.floor((((t2 ^ (t2 >>> 14)) >>> 0) / 4294967296) * n);
          const i3 = Math.floor((((t3 ^ (t3 >>> 14)) >>> 0) / 4294967296) * n);
          xa0 += va[i0]!;
          xb0 += vb[i0]!;
          xa1 += va[i1]!;
          xb1 += vb[i1]!;
          xa2 += va[i2]!;
          xb2 += vb[i2]!;
          xa3 += va[i3]!;
          xb3 += vb[i3]!;
        }
      } else {
        na0 = na1 = na2 = na3 = nb0 = nb1 = nb2 = nb3 = 0;
        for (let j = 0; j < n; j++) {
          s0 = (s0 + STEP) >>> 0;
          s1 = (s1 + STEP) >>> 0;
          s2 = (s2 + STEP) >>> 0;
          s3 = (s3 + STEP) >>> 0;
          let t0 = s0, t1 = s1, t2 = s2, t3 = s3;
          t0 = Math.imul(t0 ^ (t0 >>> 15), t0 | 1);
          t1 = Math.imul(t1 ^ (t1 >>> 15), t1 | 1);
          t2 = Math.imul(t2 ^ (t2 >>> 15), t2 | 1);
          t3 = Math.imul(t3 ^ (t3 >>> 15), t3 | 1);
          t0 ^= t0 + Math.imul(t0 ^ (t0 >>> 7), t0 | 61);
          t1 ^= t1 + Math.imul(t1 ^ (t1 >>> 7), t1 | 61);
          t2 ^= t2 + Math.imul(t2 ^ (t2 >>> 7), t2 | 61);
          t3 ^= t3 + Math.imul(t3 ^ (t3 >>> 7), t3 | 61);
          const i0 = Math.floor((((t0 ^ (t0 >>> 14)) >>> 0) / 4294967296) * n);
          const i1 = Math.floor((((t1 ^ (t1 >>> 14)) >>> 0) / 4294967296) * n);
          const i2 = Math.floor((((t2 ^ (t2 >>> 14)) >>> 0) / 4294967296) * n);
          const i3 = Math.floor((((t3 ^ (t3 >>> 14)) >>> 0) / 4294967296) * n);
          xa0 += va[i0]!;
          xb0 += vb[i0]!;
          xa1 += va[i1]!;
          xb1 += vb[i1]!;
          xa2 += va[i2]!;
          xb2 += vb[i2]!;
          xa3 += va[i3]!;
          xb3 += vb[i3]!;
          na0 += fa[i0]!;
          nb0 += fb[i0]!;
          na1 += fa[i1]!;
          nb1 += fb[i1]!;
          na2 += fa[i2]!;
          nb2 += fb[i2]!;
          na3 += fa[i3]!;
          nb3 += fb[i3]!;
        }
      }
      L0.a.sum[g] = xa0;
      L0.b.sum[g] = xb0;
      L0.a.finite[g] = na0;
      L0.b.finite[g] = nb0;
      L1.a.sum[g] = xa1;
      L1.b.sum[g] = xb1;
      L1.a.finite[g] = na1;
      L1.b.finite[g] = nb1;
      L2.a.sum[g] = xa2;
      L2.b.sum[g] = xb2;
      L2.a.finite[g] = na2;
      L2.b.finite[g] = nb2;
      L3.a.sum[g] = xa3;
      L3.b.sum[g] = xb3;
      L3.a.finite[g] = na3;
      L3.b.finite[g] = nb3;
    }
    reps[r] = combine(stat, L0.b) - combine(stat, L0.a);
    reps[r + 1] = combine(stat, L1.b) - combine(stat, L1.a);
    reps[r + 2] = combine(stat, L2.b) - combine(stat, L2.a);
    reps[r + 3] = combine(stat, L3.b) - combine(stat, L3.a);
  }
  // The last B mod 4 replicates one at a time, from where their draws start.
  let state = stateAt(seed, r * N);
  const { a: sa, b: sb } = L0;
  for (; r < B; r++) {
    for (let g = 0; g < k; g++) {
      const va = da[g]!.values;
      const fa = da[g]!.finite;
      const vb = db[g]!.values;
      const fb = db[g]!.finite;
      const n = va.length;
      let xa = 0;
      let xb = 0;
      let na = 0;
      let nb = 0;
      for (let j = 0; j < n; j++) {
        state = (state + STEP) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        const i = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
        xa += va[i]!;
        xb += vb[i]!;
        if (fa) na += fa[i]!;
        if (fb) nb += fb[i]!;
      }
      sa.sum[g] = xa;
      sa.finite[g] = fa ? na : n;
      sb.sum[g] = xb;
      sb.finite[g] = fb ? nb : n;
    }
    reps[r] = combine(stat, sb) - combine(stat, sa);
  }
  return reps;
}

/** `B` replicates of the mean of `d` redrawn with replacement (every value summed, non-finite ones too). */
export function meanReplicates(d: Float64Array, seed: number, B: number): Float64Array {
  const n = d.length;
  const reps = new Float64Array(B);
  let state = seed >>> 0;
  for (let r = 0; r < B; r++) {
    let s = 0;
    for (let j = 0; j < n; j++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      s += d[Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)]!;
    }
    reps[r] = s / n;
  }
  return reps;
}

/** One stratum of a cross-stratified bootstrap, for drawing: values as in `drawable`, and each sample's statistic group. */
interface DrawableStratum extends Drawable {
  group: Int32Array;
}

/**
 * `B` replicates of `combine(stat)` over `groupCount` statistic groups, redrawing inside each
 * stratum (its size fixed; each drawn sample counts in its own group).
 */
export function crossReplicates(strata: readonly (readonly { value: number; group: number }[])[], groupCount: number, stat: GroupStat, seed: number, B: number): Float64Array {
  const data: DrawableStratum[] = strata.map((s) => ({ ...drawable(s.map((x) => x.value)), group: Int32Array.from(s, (x) => x.group) }));
  const sums = sumsOf(groupCount);
  const reps = new Float64Array(B);
  let state = seed >>> 0;
  for (let r = 0; r < B; r++) {
    sums.sum.fill(0);
    sums.finite.fill(0);
    sums.n.fill(0);
    for (const { values, finite, group } of data) {
      const n = values.length;
      for (let j = 0; j < n; j++) {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        const i = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
        const g = group[i]!;
        sums.n[g]!++;
        sums.sum[g]! += values[i]!;
        sums.finite[g]! += finite ? finite[i]! : 1;
      }
    }
    reps[r] = combine(stat, sums);
  }
  return reps;
}
