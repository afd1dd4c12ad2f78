import { describe, expect, it } from 'vitest';
import type { AuditAction, EpisodeGroundTruth } from '../../src/benchmarks/clinicalbench/scorer/episode';
import { replayEpisode } from '../../src/benchmarks/clinicalbench/scorer/replay';

const GT: EpisodeGroundTruth = {
  errors: [
    { patient_id: 'P0003', error_type: 'invalid_age' },
    { patient_id: 'P0007', error_type: 'invalid_age' },
  ],
  total_errors: 2,
  bias_actionable: false,
  n_patients: 300,
};

const investigateAge: AuditAction = { action_type: 'investigate_pattern', variable: 'age' };
const replayEasy = (actions: AuditAction[]) => replayEpisode({ task_id: 'task_easy', actions, ground_truth: GT });

describe('replayEpisode on malformed actions', () => {
  it('grades an unknown action type as upstream (−0.05) and reports where it is', () => {
    const r = replayEasy([investigateAge, { action_type: 'escalate' }, { action_type: 'FLAG_ERROR', patient_id: 'P0003' }]);
    expect(r.stepRewards).toEqual([0.036, -0.058, -0.062]);
    expect(r.issues.filter((i) => i.pointer.endsWith('action_type')).map((i) => i.pointer)).toEqual([
      '$.actions[1].action_type',
      '$.actions[2].action_type',
    ]);
    expect(r.finalState.attempts).toBe(3);
  });

  it('counts a flag for an unknown patient as a false positive and locates it', () => {
    const r = replayEasy([investigateAge, { action_type: 'flag_error', patient_id: 'P9999', error_type: 'invalid_age' }]);
    expect(r.finalState.false_positive_flags).toBe(1);
    expect(r.stepRewards[1]).toBe(-0.308);
    expect(r.issues).toEqual([
      expect.objectContaining({ pointer: '$.actions[1].patient_id', severity: 'warning', step: 2 }),
    ]);
  });

  it('clamps confidence outside [0, 1] as upstream does and reports it', () => {
    const r = replayEasy([
      investigateAge,
      { action_type: 'flag_error', patient_id: 'P0003', error_type: 'invalid_age', confidence: 1.7 },
      { action_type: 'flag_error', patient_id: 'P0042', error_type: 'invalid_age', confidence: -0.4 },
    ]);
    // 0.16 × max(0.65, 1) − 0.008; then a false positive without the overconfidence multiplier.
    expect(r.stepRewards).toEqual([0.036, 0.152, -0.312]);
    expect(r.issues.map((i) => i.pointer)).toEqual(['$.actions[1].confidence', '$.actions[2].confidence']);
  });

  it('applies the 1.8× overconfidence penalty to phase-blocked flags', () => {
    const r = replayEasy([{ action_type: 'flag_error', patient_id: 'P0003', error_type: 'invalid_age', confidence: 0.9 }]);
    expect(r.stepRewards).toEqual([-0.112]);
    expect(r.finalState.invalid_phase_actions).toBe(1);
  });

  it('treats a missing action_type as flag_error (the pydantic default) and says so', () => {
    const r = replayEasy([investigateAge, { patient_id: 'P0007', error_type: 'invalid_age' }]);
    expect(r.finalState.correct_flags).toBe(1);
    expect(r.issues[0]).toMatchObject({ pointer: '$.actions[1].action_type', severity: 'warning' });
  });

  it('never drops actions after the end silently: each is an error finding', () => {
    const r = replayEasy([
      investigateAge,
      { action_type: 'flag_error', patient_id: 'P0003', error_type: 'invalid_age' },
      { action_type: 'submit_report', report: 'protocol risk' },
      { action_type: 'investigate_pattern', variable: 'gender' },
    ]);
    expect(r.done).toBe(true);
    expect(r.doneAtStep).toBe(3);
    expect(r.stepRewards).toHaveLength(3);
    expect(r.issues).toEqual([expect.objectContaining({ pointer: '$.actions[3]', severity: 'error', step: 4 })]);
  });

  it('ends at the step budget', () => {
    const r = replayEasy(Array.from({ length: 26 }, () => investigateAge));
    expect(r.doneAtStep).toBe(25);
    expect(r.issues).toHaveLength(1);
  });

  it('blocks a report before any correct flag, even after a false positive', () => {
    const r = replayEasy([
      investigateAge,
      { action_type: 'flag_error', patient_id: 'P0001', error_type: 'invalid_age' },
      { action_type: 'submit_report', report: 'protocol' },
    ]);
    expect(r.done).toBe(false);
    expect(r.finalState.invalid_phase_actions).toBe(1);
    expect(r.finalState.report_submitted).toBe(false);
  });

  it('scores a duplicate of a correct flag whatever its error type', () => {
    const r = replayEpisode({
      task_id: 'task_medium',
      actions: [
        ...['age', 'death_date', 'enrollment_date', 'stage'].map((v) => ({ action_type: 'investigate_pattern', variable: v })),
        { action_type: 'flag_error', patient_id: 'P0003', error_type: 'invalid_age' },
        { action_type: 'flag_error', patient_id: 'P0003', error_type: 'temporal_inconsistency' },
      ],
      ground_truth: GT,
    });
    expect(r.finalState.duplicate_flags).toBe(1);
  });

  it('rejects an unknown task with an error instead of guessing', () => {
    expect(() => replayEpisode({ task_id: 'task_extreme' as never, actions: [], ground_truth: GT })).toThrow(/task_extreme/);
  });
});
