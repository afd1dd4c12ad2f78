import { metric } from './metrics';
import { compareMetric, type CompareData, type CompareScope, type UnitBlock } from '../../core/compare';
import { entryKeyOf, rankedEntries } from '../../board/submission-meta';
import type { Admitted } from '../../core/benchmark';
import type { RunOutcome } from './scorer/aggregate';
import { loadLatch, perEvalMeans } from './boards/boards';

/**
 * Fewest shared evals in a scope (overall, or one task) for an interval, a test and a verdict.
 * Compare's own constant: boards have no per-benchmark `minUnits` yet.
 */
export const LATCH_MIN_EVALS = 5;

/**
 * One block of evals: the per-eval pass rate (%) over its trials, and for McNemar the eval's
 * majority outcome (1: more than half of its trials passed, 0: fewer than half, null: exactly
 * half, left out). The unit of both tests is the eval, so trials never count as independent units.
 */
function block(id: string, outcomes: readonly RunOutcome[]): UnitBlock {
  const means = perEvalMeans(outcomes);
  const keys = Object.keys(means).sort();
  return { id, keys, values: keys.map((k) => means[k]!), binary: keys.map((k) => (means[k]! > 50 ? 1 : means[k]! < 50 ? 0 : null)) };
}

/** An entry's per-eval values, overall and per task (ranked submissions only). */
export async function latchCompareData(slug: string, admitted: Admitted): Promise<CompareData | undefined> {
  const runs = rankedEntries(await loadLatch(), admitted)
    .filter((e) => entryKeyOf(e.submission) === slug)
    .flatMap((e) => e.outcomes);
  if (!runs.length) return undefined;
  const def = metric('latch-accuracy');
  const blocks: UnitBlock[] = [block('*', runs)];
  const scopes: CompareScope[] = [{ task: 'Overall', metric: def.id, method: 'mean', blocks: ['*'], stratify: 'none', seed: 'compare/latch/Overall' }];
  for (const t of [...new Set(runs.map((o) => o.task).filter((t): t is string => !!t))].sort()) {
    blocks.push(block(`task:${t}`, runs.filter((o) => o.task === t)));
    scopes.push({ task: `Task: ${t}`, metric: def.id, method: 'mean', blocks: [`task:${t}`], stratify: 'none', seed: `compare/latch/Task: ${t}` });
  }
  return { version: 1, benchmark: 'latch', name: 'Latch', entry: slug, unit: 'evals', minUnits: LATCH_MIN_EVALS, metrics: [compareMetric(def)], blocks, scopes };
}
