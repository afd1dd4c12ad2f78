import type { EpisodeCounters, ScoreBreakdown } from './counters';
import { tInterval } from '../../../core/stats/t-interval';
import { TASK_IDS, TASKS, type TaskId, type TaskSpec } from './tasks';

/** A column's mean across seeds with its 95 % t-interval. */
export interface MeanInterval {
  n: number;
  mean: number;
  /** 95 % t-interval bounds; NaN with fewer than two seeds (one seed has no interval). */
  low: number;
  high: number;
}

/**
 * Mean with a 95 % Student-t interval (n − 1 df, sample sd), computed by the shared
 * `stats/t-interval` (exact t quantile). Empty input gives NaN throughout; a single value gives
 * its mean with NaN bounds, so the board shows no interval for a single seed.
 */
export function meanWithInterval(values: readonly number[]): MeanInterval {
  const t = tInterval(values, 0.95);
  if (t.n < 2) return { n: t.n, mean: t.mean, low: NaN, high: NaN };
  return { n: t.n, mean: t.mean, low: t.ci_lower, high: t.ci_upper };
}

/** One scored episode, as the board needs it. */
export interface ScoredEpisode {
  seed: number;
  task_id: TaskId;
  breakdown: ScoreBreakdown;
  counters: EpisodeCounters;
}

/** One seed's row: the README table's columns (Easy / Medium / Hard / Average / Precision). */
export interface SeedRow {
  seed: number;
  easy: number | null;
  medium: number | null;
  hard: number | null;
  /** Mean of the three task scores; null unless all three were played. */
  average: number | null;
  /**
   * Mean over the played tasks of correct / (correct + false positives + duplicates), i.e. the
   * share of graded flags that were right. This is the README's "Precision" column (67 % for the
   * heuristic agent at seed 20260402), not the breakdown's precision, which counts false
   * positives twice.
   */
  flag_precision: number | null;
  /** Per task, for hover/expand. */
  components: Partial<Record<TaskId, ScoreBreakdown>>;
}

export interface BoardSummary {
  seeds: number[];
  rows: SeedRow[];
  easy: MeanInterval;
  medium: MeanInterval;
  hard: MeanInterval;
  average: MeanInterval;
  flag_precision: MeanInterval;
}

export function flagPrecision(c: EpisodeCounters): number {
  const graded = c.correct_flags + c.false_positive_flags + c.duplicate_flags;
  return graded === 0 ? 0 : c.correct_flags / graded;
}

function mean(values: readonly number[]): number | null {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

/** One seed's episodes → its row. With two episodes for the same task the later one wins. */
export function seedRow(seed: number, episodes: readonly ScoredEpisode[]): SeedRow {
  const byTask = new Map<TaskId, ScoredEpisode>();
  for (const e of episodes) if (e.seed === seed) byTask.set(e.task_id, e);
  const score = (t: TaskId) => byTask.get(t)?.breakdown.benchmark_score ?? null;
  const scores = TASK_IDS.map(score);
  const complete = scores.every((s): s is number => s !== null);
  const components: SeedRow['components'] = {};
  for (const [t, e] of byTask) components[t] = e.breakdown;
  return {
    seed,
    ...(Object.fromEntries(TASK_IDS.map((t) => [TASKS[t].rowKey, score(t)])) as Pick<SeedRow, TaskSpec['rowKey']>),
    average: complete ? (scores as number[]).reduce((s, v) => s + v, 0) / scores.length : null,
    flag_precision: mean([...byTask.values()].map((e) => flagPrecision(e.counters))),
    components,
  };
}

/** Every seed's row plus each column's mean with a 95 % t-interval across seeds. */
export function summarizeEpisodes(episodes: readonly ScoredEpisode[]): BoardSummary {
  const seeds = [...new Set(episodes.map((e) => e.seed))].sort((a, b) => a - b);
  const rows = seeds.map((s) => seedRow(s, episodes));
  const column = (pick: (r: SeedRow) => number | null) =>
    meanWithInterval(rows.map(pick).filter((v): v is number => v !== null));
  return {
    seeds,
    rows,
    ...(Object.fromEntries(TASK_IDS.map((t) => [TASKS[t].rowKey, column((r) => r[TASKS[t].rowKey])])) as Pick<BoardSummary, TaskSpec['rowKey']>),
    average: column((r) => r.average),
    flag_precision: column((r) => r.flag_precision),
  };
}
