import type { TaskId } from './tasks';

/** Episode counters, in upstream's shape (the breakdown input and an episode's `final_state`). */
export interface EpisodeCounters {
  task_id: TaskId;
  total_errors: number;
  correct_flags: number;
  false_positive_flags: number;
  duplicate_flags: number;
  patterns_investigated: string[];
  distributions_computed: string[];
  invalid_phase_actions: number;
  attempts: number;
  report_quality: number;
  report_submitted: boolean;
}

/** `_build_breakdown()`'s return value: every entry Python-rounded to 3 places. */
export interface ScoreBreakdown {
  recall: number;
  precision: number;
  workflow: number;
  efficiency: number;
  report: number;
  benchmark_score: number;
}
