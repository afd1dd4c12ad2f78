import { describe, expect, it } from 'vitest';
import { replayEpisode, type ReplayInput } from '../../src/benchmarks/clinicalbench/scorer/replay';
import { summarizeEpisodes, type ScoredEpisode } from '../../src/benchmarks/clinicalbench/scorer/aggregate';
import { needShared, readSharedJson } from '../helpers/shared';

interface FixtureFile {
  seed: number;
  episodes: { id: string; input: ReplayInput & { seed: number }; expected: { benchmark_score: number } }[];
}

const FILE = 'fixtures/clinicalbench/episodes_heuristic_seed20260402.json';
const fixture = needShared('seed README heuristic row', FILE).ok ? readSharedJson<FixtureFile>(FILE) : null;

/** Python's `f"{x:.2f}"` for these values (none sits on a tie). */
const twoPlaces = (x: number) => x.toFixed(2);

describe.skipIf(!fixture)('seed README heuristic row (seed 20260402)', () => {
  const scored: ScoredEpisode[] = (fixture?.episodes ?? []).map((e) => {
    const r = replayEpisode(e.input);
    return { seed: e.input.seed, task_id: e.input.task_id, breakdown: r.breakdown, counters: r.finalState };
  });

  it('replays to the recorded per-task scores 0.98 / 0.791 / 0.733', () => {
    const summary = summarizeEpisodes(scored);
    const row = summary.rows[0]!;
    expect(summary.seeds).toEqual([20260402]);
    expect([row.easy, row.medium, row.hard]).toEqual([0.98, 0.791, 0.733]);
    for (const e of fixture!.episodes) {
      expect(scored.find((s) => s.task_id === e.input.task_id)!.breakdown.benchmark_score).toBe(e.expected.benchmark_score);
    }
  });

  it('prints as the README does: 0.98 / 0.79 / 0.73, average 0.83, precision 67%', () => {
    const row = summarizeEpisodes(scored).rows[0]!;
    expect([row.easy!, row.medium!, row.hard!, row.average!].map(twoPlaces)).toEqual(['0.98', '0.79', '0.73', '0.83']);
    expect(Math.round(row.flag_precision! * 100)).toBe(67);
  });
});
