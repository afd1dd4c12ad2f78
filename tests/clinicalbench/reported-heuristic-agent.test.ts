/**
 * evalboard's re-implementation of the upstream heuristic agent (`agents/heuristic.ts`) against
 * upstream's own run of it (`../shared/fixtures/clinicalbench/episodes_heuristic_seed20260402.json`,
 * clinical-trial-auditor@639207b `inference.run_heuristic_task`): the same action log, action for
 * action, on each task of seed 20260402, and replayed it gives the README's Heuristic row.
 */
import { describe, expect, it } from 'vitest';
import { heuristicActions, parseRules } from '../../src/benchmarks/clinicalbench/agents/heuristic';
import { replayEpisode } from '../../src/benchmarks/clinicalbench/scorer/replay';
import { regenerateGroundTruth } from '../../src/benchmarks/clinicalbench/scorer/dataset';
import type { AuditAction } from '../../src/benchmarks/clinicalbench/scorer/episode';
import type { TaskId } from '../../src/benchmarks/clinicalbench/scorer/tasks';
import { needShared, readSharedJson } from '../helpers/shared';

const FILE = 'fixtures/clinicalbench/episodes_heuristic_seed20260402.json';
const fixture = needShared('upstream heuristic episodes', FILE).ok ? readSharedJson<{ seed: number; episodes: { input: { task_id: TaskId; seed: number; actions: AuditAction[] }; expected: { benchmark_score: number } }[] }>(FILE) : null;
/** Upstream omits a field it left None; ours writes it as null: the same action for the scorer. */
const normal = (a: AuditAction) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null && v !== undefined));

describe.skipIf(!fixture)('the heuristic agent, re-run by evalboard on seed 20260402', () => {
  for (const e of fixture?.episodes ?? []) {
    it(`${e.input.task_id}: the action log upstream's agent produced, action for action`, () => {
      const ours = heuristicActions(e.input.seed, e.input.task_id);
      expect(ours.map(normal)).toEqual(e.input.actions.map(normal));
      const r = replayEpisode({ task_id: e.input.task_id, actions: ours, ground_truth: regenerateGroundTruth(e.input.seed, e.input.task_id) });
      expect(r.breakdown.benchmark_score).toBe(e.expected.benchmark_score);
    });
  }
  it('reads the protocol rules it needs, with its defaults when a rule is absent', () => {
    expect(parseRules('Eligible: age 35-75 inclusive. Treatment must begin within 14 days of enrollment.')).toEqual({ age_min: 35, age_max: 75, treatment_window: 14, bias_dom: 1 });
    expect(parseRules('')).toEqual({ age_min: 18, age_max: 120, treatment_window: 21, bias_dom: 1 });
  });
});
