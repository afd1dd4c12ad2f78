import { metric } from './metrics';
import { compareMetric, type CompareData, type CompareScope, type UnitBlock } from '../../core/compare';
import { entryKeyOf, rankedEntries } from '../../board/submission-meta';
import type { Admitted } from '../../core/benchmark';
import type { RunOutcome } from './scorer/aggregate';
import { loadLatch, perEvalMeans } from './boards/boards';
import { LATCH_SUITES, suiteNamed, type LatchSuite } from './suites';

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

/**
 * An entry's per-eval values per suite, overall and per task (ranked submissions only). A run
 * belongs to a suite through its eval id in the entry's reference (never pooled across suites);
 * a run whose eval has no suite there is compared nowhere, as it is on no board.
 */
export async function latchCompareData(slug: string, admitted: Admitted): Promise<CompareData | undefined> {
  const entries = rankedEntries(await loadLatch(), admitted).filter((e) => entryKeyOf(e.submission) === slug);
  const bySuite = new Map<LatchSuite, RunOutcome[]>();
  for (const e of entries) {
    const suiteOf = new Map((e.reference?.units ?? []).map((u) => [u.id, suiteNamed(u.suite)]));
    for (const o of e.outcomes) {
      const suite = suiteOf.get(o.evalId);
      if (suite) bySuite.set(suite, [...(bySuite.get(suite) ?? []), o]);
    }
  }
  if (bySuite.size === 0) return undefined;
  const def = metric('latch-accuracy');
  const blocks: UnitBlock[] = [];
  const scopes: CompareScope[] = [];
  for (const suite of LATCH_SUITES) {
    const runs = bySuite.get(suite);
    if (!runs) continue;
    const scope = (task: string, id: string, list: readonly RunOutcome[]) => {
      blocks.push(block(id, list));
      scopes.push({ task: `${suite.name} · ${task}`, metric: def.id, method: 'mean', blocks: [id], stratify: 'none', seed: `compare/latch/${suite.id}/${task}` });
    };
    scope('Overall', `${suite.id}:*`, runs);
    for (const t of [...new Set(runs.map((o) => o.task).filter((t): t is string => !!t))].sort()) scope(`Task: ${t}`, `${suite.id}:task:${t}`, runs.filter((o) => o.task === t));
  }
  return { version: 1, benchmark: 'latch', name: 'Latch', entry: slug, unit: 'evals', minUnits: LATCH_MIN_EVALS, metrics: [compareMetric(def)], blocks, scopes };
}
