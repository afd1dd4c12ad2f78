import type { EpisodeCounters, ScoreBreakdown } from './counters';
import { pyRound } from './py-round';
import { SCORE_WEIGHTS, TASKS } from './tasks';

export const SCORE_FLOOR = 0.01;
export const SCORE_CEILING = 0.99;

/** Share of `required` present in `done`; 1 when nothing is required. */
function coverage(done: ReadonlySet<string>, required: readonly string[]): number {
  if (required.length === 0) return 1;
  const hit = required.filter((r) => done.has(r)).length;
  return Math.min(hit, required.length) / required.length;
}

/** Unrounded components, in upstream's operation order (the order matters on rounding ties). */
export function breakdownUnrounded(c: EpisodeCounters): ScoreBreakdown {
  const task = TASKS[c.task_id];
  const reqInv = task.requiredInvestigations;
  const reqDist = task.requiredDistributions;
  const investigated = new Set(c.patterns_investigated);
  const distributions = new Set(c.distributions_computed);

  const recall = Math.min(1, c.correct_flags / Math.max(1, c.total_errors));
  const precision = c.correct_flags / Math.max(1, c.correct_flags + 2 * c.false_positive_flags + c.duplicate_flags);

  const invCov = coverage(investigated, reqInv);
  const distCov = coverage(distributions, reqDist);
  let workflow: number;
  if (reqInv.length && reqDist.length) workflow = 0.7 * invCov + 0.3 * distCov;
  else if (reqInv.length) workflow = invCov;
  else if (reqDist.length) workflow = distCov;
  else workflow = 0;
  workflow *= Math.max(0, 1 - 0.12 * c.invalid_phase_actions);

  const usefulSteps =
    Math.min(investigated.size, reqInv.length) +
    Math.min(distributions.size, reqDist.length) +
    c.correct_flags +
    (c.report_submitted ? 1 : 0);
  const efficiency = Math.min(1, usefulSteps / Math.max(1, c.attempts));
  const report = c.report_quality / 5;

  const score =
    SCORE_WEIGHTS.recall * recall +
    SCORE_WEIGHTS.precision * precision +
    SCORE_WEIGHTS.workflow * workflow +
    SCORE_WEIGHTS.efficiency * efficiency +
    SCORE_WEIGHTS.report * report;
  const benchmark_score = Math.min(SCORE_CEILING, Math.max(SCORE_FLOOR, score));
  return { recall, precision, workflow, efficiency, report, benchmark_score };
}

/** Counters → breakdown, exactly as upstream: each component rounded on its own. */
export function buildBreakdown(c: EpisodeCounters): ScoreBreakdown {
  const u = breakdownUnrounded(c);
  return {
    recall: pyRound(u.recall, 3),
    precision: pyRound(u.precision, 3),
    workflow: pyRound(u.workflow, 3),
    efficiency: pyRound(u.efficiency, 3),
    report: pyRound(u.report, 3),
    benchmark_score: pyRound(u.benchmark_score, 3),
  };
}
