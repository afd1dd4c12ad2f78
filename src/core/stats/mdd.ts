/**
 * Minimum detectable difference of a board (pure): the true difference between two entries that a
 * two-sided test at α = 0.05 would detect with 80 % power.
 *
 * Paired (both entries scored on the same units, d_u = a_u − b_u over the n shared units):
 *   MDD = (z_{0.975} + z_{0.80}) · sd(d) / √n,   sd with n − 1 in the denominator.
 * From the rows' standard errors (no per-unit values to pair):
 *   MDD = (z_{0.975} + z_{0.80}) · √(se_a² + se_b²),
 * where se is recovered from the published 95 % interval: half-width / t_{0.975, n−1} for a
 * t-interval, (hi − lo) / (2 · z_{0.975}) for a percentile bootstrap. Unpaired, so conservative
 * when the two rows are positively correlated.
 */
import { tQuantile } from './t-interval';

export const Z_975 = 1.959963984540054;
export const Z_80 = 0.8416212335729143;
const K = Z_975 + Z_80;

export interface Mdd {
  value: number;
  basis: 'paired' | 'standard_errors';
  /** Shared units (paired) or the smaller of the two rows' unit counts (standard errors). */
  n: number;
}

/** Paired MDD from the two entries' per-unit values; undefined with fewer than 2 shared finite units. */
export function pairedMdd(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): Mdd | undefined {
  const d: number[] = [];
  for (const [k, va] of Object.entries(a)) {
    const vb = b[k];
    if (Number.isFinite(va) && vb !== undefined && Number.isFinite(vb)) d.push(va - vb);
  }
  const n = d.length;
  if (n < 2) return undefined;
  const mean = d.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(d.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
  return { value: (K * sd) / Math.sqrt(n), basis: 'paired', n };
}

/** Standard error recovered from a published 95 % interval (see the file comment). */
export function seFromInterval(iv: { lo: number; hi: number; method: 'bootstrap' | 't' }, n: number): number | undefined {
  if (!Number.isFinite(iv.lo) || !Number.isFinite(iv.hi)) return undefined;
  if (iv.method === 't') return n >= 2 ? (iv.hi - iv.lo) / 2 / tQuantile(0.975, n - 1) : undefined;
  return (iv.hi - iv.lo) / (2 * Z_975);
}

/** Unpaired MDD from two rows' standard errors. */
export function seMdd(seA: number, seB: number, n: number): Mdd {
  return { value: K * Math.sqrt(seA * seA + seB * seB), basis: 'standard_errors', n };
}

export const MDD_FORMULA = {
  paired: 'MDD = (z_0.975 + z_0.80) · sd(d) / √n over the top two ranked rows’ per-unit differences d on their n shared units (two-sided α = 0.05, 80 % power)',
  standard_errors: 'MDD = (z_0.975 + z_0.80) · √(se₁² + se₂²) from the top two ranked rows’ standard errors, recovered from their 95 % intervals (unpaired: no shared per-unit values; two-sided α = 0.05, 80 % power)',
} as const;
