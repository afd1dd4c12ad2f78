/**
 * Holm–Bonferroni step-down adjustment of a family of p-values. With the m tested p-values sorted
 * ascending p(1) ≤ … ≤ p(m), the adjusted value of p(i) is max over j ≤ i of min(1, (m − j + 1)·p(j)),
 * so rejecting where the adjusted p < α controls the family-wise error rate at α. Entries that are
 * null (not tested) stay null and do not count in m. Ties keep input order. Pure.
 */
export function holmAdjust(ps: readonly (number | null)[]): (number | null)[] {
  const tested = ps.flatMap((p, i) => (p === null || !Number.isFinite(p) ? [] : [{ p: p, i }]));
  const m = tested.length;
  tested.sort((x, y) => x.p - y.p || x.i - y.i);
  const out: (number | null)[] = ps.map(() => null);
  let running = 0;
  tested.forEach(({ p, i }, j) => {
    running = Math.max(running, Math.min(1, (m - j) * p));
    out[i] = running;
  });
  return out;
}
