import { describe, expect, it } from 'vitest';
import { summarizeEpisodes, type ScoredEpisode } from '../../src/benchmarks/clinicalbench/scorer/aggregate';
import { buildBreakdown } from '../../src/benchmarks/clinicalbench/scorer/breakdown';
import type { EpisodeCounters } from '../../src/benchmarks/clinicalbench/scorer/counters';
import type { TaskId } from '../../src/benchmarks/clinicalbench/scorer/tasks';

function episode(seed: number, task_id: TaskId, correct: number, fp: number): ScoredEpisode {
  const counters: EpisodeCounters = {
    task_id,
    total_errors: 10,
    correct_flags: correct,
    false_positive_flags: fp,
    duplicate_flags: 0,
    patterns_investigated: [],
    distributions_computed: [],
    invalid_phase_actions: 0,
    attempts: 20,
    report_quality: 0,
    report_submitted: false,
  };
  return { seed, task_id, counters, breakdown: buildBreakdown(counters) };
}

describe('summarizeEpisodes', () => {
  it('builds one row per seed and averages only complete rows', () => {
    const s = summarizeEpisodes([episode(1, 'task_easy', 10, 0), episode(1, 'task_medium', 5, 5), episode(2, 'task_easy', 8, 2)]);
    expect(s.seeds).toEqual([1, 2]);
    expect(s.rows[0]!.average).toBeNull();
    expect(s.rows[0]!.flag_precision).toBe(0.75);
    expect(s.easy.n).toBe(2);
    expect(s.average.n).toBe(0);
  });

  it('gives a t-interval across seeds around the mean', () => {
    const eps = [1, 2, 3].flatMap((seed) =>
      (['task_easy', 'task_medium', 'task_hard'] as const).map((t) => episode(seed, t, 4 + seed, 1)),
    );
    const s = summarizeEpisodes(eps);
    expect(s.average.n).toBe(3);
    expect(s.average.low).toBeLessThan(s.average.mean);
    expect(s.average.high).toBeGreaterThan(s.average.mean);
    expect(s.average.high - s.average.mean).toBe(s.average.mean - s.average.low);
  });
});
