import { AVERAGE_COLUMN, TASK_COLUMNS } from './columns';
import { pairedMeanDifference } from '../../core/stats/mean-interval';
import { contentLabel } from '../../core/stats/rng';
import { mean, verdictOf, type Difference } from '../../core/compare';
import type { MetricDef } from '../../core/metric';
import { entryKeyOf, rankedEntries } from '../../board/submission-meta';
import type { Admitted } from '../../core/benchmark';
import { summarizeEpisodes, type SeedRow } from './scorer/aggregate';
import { loadClinicalbench } from './boards/boards';

/** Paired mean difference of per-seed scores, per difficulty and on the average, on shared seeds. */
export async function compareClinicalbench(slugA: string, slugB: string, admitted: Admitted): Promise<Difference[]> {
  const entries = rankedEntries(await loadClinicalbench(), admitted);
  const rowsOf = (slug: string) => {
    const eps = entries.filter((e) => entryKeyOf(e.submission) === slug).flatMap((e) => e.episodes);
    return eps.length ? summarizeEpisodes(eps).rows : [];
  };
  const ra = rowsOf(slugA);
  const rb = rowsOf(slugB);
  if (!ra.length || !rb.length) return [];
  const cols: [string, keyof SeedRow, MetricDef][] = [AVERAGE_COLUMN, ...TASK_COLUMNS].map((c) => [c.name, c.rowKey, c.def]);
  const out: Difference[] = [];
  for (const [task, key, def] of cols) {
    const mb = new Map(rb.map((r) => [r.seed, r[key] as number | null]));
    const shared = ra.filter((r) => typeof r[key] === 'number' && typeof mb.get(r.seed) === 'number');
    if (!shared.length) continue;
    const xa = shared.map((r) => r[key] as number);
    const xb = shared.map((r) => mb.get(r.seed) as number);
    const d = pairedMeanDifference(xb, xa, contentLabel(`compare/clinicalbench/${task}`, [xa, xb]));
    out.push({ benchmark: 'ClinicalBench', task, def, n: shared.length, unit: 'shared seeds', a: mean(xa), b: mean(xb), diff: d.estimate, lo: d.lo, hi: d.hi, verdict: verdictOf(def, d.lo, d.hi) });
  }
  return out;
}
