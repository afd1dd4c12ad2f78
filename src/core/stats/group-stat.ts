/**
 * Statistics over stratified samples, written against per-group sufficient statistics so a
 * bootstrap replicate costs one pass over the drawn indices. A sample value of NaN is a failure:
 * it counts in the group size `n` but not in the group mean (MedVision's convention).
 */
export interface GroupSums {
  /** Sum of the finite values per group. */
  sum: Float64Array;
  /** Number of finite values per group. */
  finite: Int32Array;
  /** Group size (every sample, failures included). */
  n: Int32Array;
}

/** How group means combine into one number. */
export type GroupStat =
  /** Σ mean_g·n_g / Σ n_g over groups that have a finite mean (MedVision TL, Detection). */
  | 'weighted-skip-empty'
  /** Σ mean_g·n_g over groups with a finite mean, / Σ n_g over all groups (MedVision AD). */
  | 'weighted-all'
  /** Mean over every finite value, ignoring groups (a single subtask config). */
  | 'pooled';

export function combine(stat: GroupStat, g: GroupSums): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < g.n.length; i++) {
    const n = g.n[i]!;
    if (n <= 0) continue;
    const f = g.finite[i]!;
    if (stat === 'pooled') {
      num += g.sum[i]!;
      den += f;
      continue;
    }
    if (f > 0) {
      num += (g.sum[i]! / f) * n;
      den += n;
    } else if (stat === 'weighted-all') den += n;
  }
  return den > 0 ? num / den : NaN;
}

/** Sufficient statistics of the original (not resampled) groups. */
export function groupSums(groups: readonly (readonly number[])[]): GroupSums {
  const k = groups.length;
  const out: GroupSums = { sum: new Float64Array(k), finite: new Int32Array(k), n: new Int32Array(k) };
  groups.forEach((values, i) => {
    out.n[i] = values.length;
    for (const v of values) {
      if (Number.isFinite(v)) {
        out.sum[i]! += v;
        out.finite[i]!++;
      }
    }
  });
  return out;
}
