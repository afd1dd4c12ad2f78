import { buildBreakdown } from '../scorer/breakdown';
import type { EpisodeCounters } from '../scorer/counters';
import { gradeReport } from '../scorer/report-quality';
import { replayEpisode, type ReplayInput } from '../scorer/replay';
import { checkWith } from '../../../core/conformance/compare';
import type { SuiteRunner, VectorCase } from '../../../core/conformance/types';

interface ReportQualityInput {
  report_text?: string | null;
  reason?: string | null;
}

/** What the vectors' episodes carry; `replayEpisode` takes the same field names. */
function replayForVector(c: VectorCase) {
  const r = replayEpisode(c.input as ReplayInput);
  return {
    step_rewards: r.stepRewards,
    step_score_so_far: r.stepScoreSoFar,
    done: r.done,
    final_state: r.finalState,
    score_breakdown: r.breakdown,
    benchmark_score: r.breakdown.benchmark_score,
    dense_reward_total: r.denseRewardTotal,
  };
}

/** Conformance suites for the clinicalbench vectors (../shared/conformance/clinicalbench/). */
export const suites: SuiteRunner[] = [
  {
    benchmark: 'clinicalbench',
    suite: 'breakdown',
    check: (c) => checkWith(c.expected, () => buildBreakdown(c.input as EpisodeCounters)),
  },
  {
    benchmark: 'clinicalbench',
    suite: 'report_quality',
    check: (c) =>
      checkWith(c.expected, () => {
        const input = c.input as ReportQualityInput;
        return gradeReport(input.report_text, input.reason);
      }),
  },
  {
    benchmark: 'clinicalbench',
    suite: 'episodes',
    check: (c) => checkWith(c.expected, () => replayForVector(c)),
  },
];
