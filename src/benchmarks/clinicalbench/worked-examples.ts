/** The worked example for the ClinicalBench metric docs, computed at build time by the breakdown scorer. */
import { buildBreakdown } from './scorer/breakdown';
import type { EpisodeCounters } from './scorer/counters';
import { type WorkedExample } from '../../core/worked-example';

/** The worked example shown on every ClinicalBench metric's page. */
export function workedExample(): WorkedExample {
  const c: EpisodeCounters = {
    task_id: 'task_medium', total_errors: 6, correct_flags: 4, false_positive_flags: 1, duplicate_flags: 1,
    patterns_investigated: ['age', 'enrollment_date'], distributions_computed: ['age'], invalid_phase_actions: 1,
    attempts: 12, report_quality: 3, report_submitted: true,
  };
  const b = buildBreakdown(c);
  const graded = c.correct_flags + c.false_positive_flags + c.duplicate_flags;
  return {
    intro: 'One medium episode: 6 planted errors, 4 correct flags, 1 false positive, 1 duplicate, one phase violation, 12 attempts, a report hitting 3 of 5 keyword groups.',
    inputs: { head: ['counter', 'value'], rows: Object.entries(c).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]) },
    outputs: [...Object.entries(b), ['Precision', c.correct_flags / graded], ['Easy', null], ['Medium', b.benchmark_score], ['Hard', null], ['Average', null], ['dense_reward_total', null]],
  };
}

