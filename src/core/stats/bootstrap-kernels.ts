/**
 * The replicate loops of the bootstraps in ./bootstrap.ts, written for speed but bit-identical to
 * the plain form (draw every group's indices with `mulberry32`, then sum the drawn finite values in
 * draw order): the same random stream in the same order, the same additions in the same order.
 *
 * - mulberry32 (./rng.ts) is inlined into each draw loop, its state a local: no call per draw.
 *   Its state is kept as an int32 (`| 0`, the same 32 bits as the `>>> 0` of rng.ts; every later
 *   step is bitwise). An index is `(u * (n · 2⁻³²)) | 0` for `Math.floor((u / 2³²) · n)`: n · 2⁻³²
 *   and u / 2³² are exact, so both are one rounding of the same real u · n / 2³², and `| 0` is floor
 *   on [0, n). About a third fewer cycles per draw than the division and `Math.floor`.
 * - Each group's values are copied once per bootstrap into a Float64Array with every non-finite
 *   value as 0 and a 0/1 finite mask beside it (none when the group is all finite), so a draw is
 *   an add without a branch. Adding +0 for a skipped value changes nothing: a running sum that
 *   starts at +0 is never −0, and s + (+0) is s for every other s.
 * - Indices are drawn and summed in one pass (no per-replicate index arrays); the replicates go
 *   into one Float64Array. A paired bootstrap draws each side with `stratifiedReplicates` from
 *   the same seed (./side-replicates.ts), so both sides see the same indices.
 *
 * - Large bootstraps are drawn by a WebAssembly kernel instead (./bootstrap-draws.ts): the same
 *   draws and additions, four indices at a time.
 *
 * tests/core/bootstrap-kernels.test.ts holds both to the plain form.
 */
import { combine, type GroupStat, type GroupSums } from './group-stat';
import { crossByKernel, drawKernel, meanByKernel, stratifiedByKernel, type DrawShape } from './bootstrap-draws';

/** The shape of a bootstrap of `replicates` over `groups` (what `drawKernel` decides by). */
function shapeOf(groups: readonly { length: number }[], replicates: number): DrawShape {
  let total = 0;
  let largest = 0;
  for (const g of groups) {
    total += g.length;
    if (g.length > largest) largest = g.length;
  }
  return { total, groups: groups.length, largest, replicates };
}

/** 2⁻³²: a draw's index is `(u * n * 2⁻³²) | 0` for a uint32 `u` (see the top of this file). */
const TWO_POW_M32 = 2.3283064365386963e-10;

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
  const k = drawKernel(shapeOf(groups, B));
  return k ? stratifiedByKernel(k, groups, stat, seed, B) : stratifiedJs(groups, stat, seed, B);
}

function stratifiedJs(groups: readonly (readonly number[])[], stat: GroupStat, seed: number, B: number): Float64Array {
  const k = groups.length;
  const data = groups.map(drawable);
  const sums = sumsOf(k);
  for (let g = 0; g < k; g++) sums.n[g] = groups[g]!.length;
  const reps = new Float64Array(B);
  let state = seed | 0;
  for (let r = 0; r < B; r++) {
    for (let g = 0; g < k; g++) {
      const { values, finite } = data[g]!;
      const n = values.length;
      const scale = n * TWO_POW_M32;
      let s = 0;
      let f = 0;
      for (let j = 0; j < n; j++) {
        state = (state + 0x6d2b79f5) | 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        const i = (((t ^ (t >>> 14)) >>> 0) * scale) | 0;
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

/** `B` replicates of the mean of `d` redrawn with replacement (every value summed, non-finite ones too). */
export function meanReplicates(d: Float64Array, seed: number, B: number): Float64Array {
  const k = drawKernel({ total: d.length, groups: 1, largest: d.length, replicates: B });
  return k ? meanByKernel(k, d, seed, B) : meanJs(d, seed, B);
}

function meanJs(d: Float64Array, seed: number, B: number): Float64Array {
  const n = d.length;
  const reps = new Float64Array(B);
  const scale = n * TWO_POW_M32;
  let state = seed | 0;
  for (let r = 0; r < B; r++) {
    let s = 0;
    for (let j = 0; j < n; j++) {
      state = (state + 0x6d2b79f5) | 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      s += d[(((t ^ (t >>> 14)) >>> 0) * scale) | 0]!;
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
  const k = drawKernel(shapeOf(strata, B));
  return (k && crossByKernel(k, strata, groupCount, stat, seed, B)) ?? crossJs(strata, groupCount, stat, seed, B);
}

function crossJs(strata: readonly (readonly { value: number; group: number }[])[], groupCount: number, stat: GroupStat, seed: number, B: number): Float64Array {
  const data: DrawableStratum[] = strata.map((s) => ({ ...drawable(s.map((x) => x.value)), group: Int32Array.from(s, (x) => x.group) }));
  const sums = sumsOf(groupCount);
  const reps = new Float64Array(B);
  let state = seed | 0;
  for (let r = 0; r < B; r++) {
    sums.sum.fill(0);
    sums.finite.fill(0);
    sums.n.fill(0);
    for (const { values, finite, group } of data) {
      const n = values.length;
      const scale = n * TWO_POW_M32;
      for (let j = 0; j < n; j++) {
        state = (state + 0x6d2b79f5) | 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        const i = (((t ^ (t >>> 14)) >>> 0) * scale) | 0;
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
