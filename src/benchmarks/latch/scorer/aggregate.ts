/** Leaderboard aggregation for latch benches: binary run outcome → per-eval mean → mean over evals ± t-interval. */
import { tInterval, type MeanInterval } from '../../../core/stats/t-interval';

export interface RunOutcome {
  evalId: string;
  model: string;
  harness: string;
  /** The run's binary outcome; undefined (missing) counts as false. */
  passed: boolean | undefined;
  task?: string;
  kit?: string;
}

export interface GroupSummary {
  n_evals: number;
  /** Per-eval pass rate × 100. */
  per_eval_means_pct: Record<string, number>;
  n_trials: Record<string, number>;
  /** Over the per-eval means (× 100). */
  unrounded: MeanInterval;
}

export const configKey = (r: Pick<RunOutcome, 'model' | 'harness'>): string => `${r.model}|${r.harness}`;

/** Summarise one group of runs (e.g. one model+harness): every eval weighs the same. */
export function summarizeRuns(runs: readonly RunOutcome[]): GroupSummary {
  const byEval = new Map<string, boolean[]>();
  for (const r of runs) {
    const list = byEval.get(r.evalId) ?? [];
    list.push(r.passed === true);
    byEval.set(r.evalId, list);
  }
  const evalIds = [...byEval.keys()].sort();
  const perEval: Record<string, number> = {};
  const trials: Record<string, number> = {};
  for (const id of evalIds) {
    const outcomes = byEval.get(id)!;
    perEval[id] = (100 * outcomes.filter(Boolean).length) / outcomes.length;
    trials[id] = outcomes.length;
  }
  return { n_evals: evalIds.length, per_eval_means_pct: perEval, n_trials: trials, unrounded: tInterval(evalIds.map((id) => perEval[id]!)) };
}

/** Group runs by `keyOf`, then by model+harness inside each group. */
export function summarizeBy(runs: readonly RunOutcome[], keyOf: (r: RunOutcome) => string | undefined): Record<string, Record<string, GroupSummary>> {
  const groups = new Map<string, RunOutcome[]>();
  for (const r of runs) {
    const key = keyOf(r);
    if (key === undefined) continue;
    const list = groups.get(key) ?? [];
    list.push(r);
    groups.set(key, list);
  }
  const out: Record<string, Record<string, GroupSummary>> = {};
  for (const key of [...groups.keys()].sort()) out[key] = summarizeByConfig(groups.get(key)!);
  return out;
}

/** Per model+harness summaries (the board's headline rows). */
export function summarizeByConfig(runs: readonly RunOutcome[]): Record<string, GroupSummary> {
  const byConfig = new Map<string, RunOutcome[]>();
  for (const r of runs) {
    const list = byConfig.get(configKey(r)) ?? [];
    list.push(r);
    byConfig.set(configKey(r), list);
  }
  const out: Record<string, GroupSummary> = {};
  for (const key of [...byConfig.keys()].sort()) out[key] = summarizeRuns(byConfig.get(key)!);
  return out;
}

export interface BoardAggregate {
  overall: Record<string, GroupSummary>;
  by_task: Record<string, Record<string, GroupSummary>>;
  by_platform: Record<string, Record<string, GroupSummary>>;
}

export function aggregateBoard(runs: readonly RunOutcome[]): BoardAggregate {
  return { overall: summarizeByConfig(runs), by_task: summarizeBy(runs, (r) => r.task), by_platform: summarizeBy(runs, (r) => r.kit) };
}
