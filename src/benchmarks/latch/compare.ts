import { metric } from './metrics';
import { pairedMeanDifference } from '../../core/stats/mean-interval';
import { contentLabel } from '../../core/stats/rng';
import { mean, verdictOf, type Difference } from '../../core/compare';
import { entryKeyOf, rankedEntries } from '../../board/submission-meta';
import type { Admitted } from '../../core/benchmark';
import type { RunOutcome } from './scorer/aggregate';
import { loadLatch, perEvalMeans } from './boards/boards';

/** Paired mean difference of per-eval means, overall and per task, on shared evals. */
export async function compareLatch(slugA: string, slugB: string, admitted: Admitted): Promise<Difference[]> {
  const entries = rankedEntries(await loadLatch(), admitted);
  const runsOf = (slug: string) => entries.filter((e) => entryKeyOf(e.submission) === slug).flatMap((e) => e.outcomes);
  const ra = runsOf(slugA);
  const rb = runsOf(slugB);
  if (!ra.length || !rb.length) return [];
  const def = metric('latch-accuracy');
  const scopes: [string, (o: RunOutcome) => boolean][] = [['Overall', () => true]];
  for (const t of [...new Set([...ra, ...rb].map((o) => o.task).filter((t): t is string => !!t))].sort()) scopes.push([`Task: ${t}`, (o) => o.task === t]);
  const out: Difference[] = [];
  for (const [task, keep] of scopes) {
    const ma = perEvalMeans(ra.filter(keep));
    const mb = perEvalMeans(rb.filter(keep));
    const shared = Object.keys(ma).filter((k) => k in mb).sort();
    if (!shared.length) continue;
    const xa = shared.map((k) => ma[k]!);
    const xb = shared.map((k) => mb[k]!);
    const d = pairedMeanDifference(xb, xa, contentLabel(`compare/latch/${task}`, [xa, xb])); // a − b
    out.push({ benchmark: 'Latch', task, def, n: shared.length, unit: 'shared evals', a: mean(xa), b: mean(xb), diff: d.estimate, lo: d.lo, hi: d.hi, verdict: verdictOf(def, d.lo, d.hi) });
  }
  return out;
}
