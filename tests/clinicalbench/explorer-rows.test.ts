import { describe, expect, it } from 'vitest';
import { actionLogText, flagSummary, plantedErrorsText } from '../../src/benchmarks/clinicalbench/explorer-rows';
import type { AuditAction, EpisodeGroundTruth } from '../../src/benchmarks/clinicalbench/scorer/episode';
import { replayEpisode } from '../../src/benchmarks/clinicalbench/scorer/replay';
import { needShared, readSharedJson } from '../helpers/shared';

const GT: EpisodeGroundTruth = {
  errors: [
    { patient_id: 'P0003', error_type: 'invalid_age' },
    { patient_id: 'P0007', error_type: 'invalid_age' },
  ],
  total_errors: 2,
  bias_actionable: false,
  n_patients: 300,
};

const ACTIONS: AuditAction[] = [
  { action_type: 'investigate_pattern', variable: 'age' },
  { action_type: 'flag_error', patient_id: 'P0003', error_type: 'invalid_age' },
  { action_type: 'flag_error', patient_id: 'P0042', error_type: 'invalid_age' },
  { action_type: 'flag_error', patient_id: 'P0003', error_type: 'invalid_age' },
];

describe('ClinicalBench explorer row, hand-computed small episode', () => {
  const r = replayEpisode({ task_id: 'task_easy', actions: ACTIONS, ground_truth: GT });

  it('maps each flag to the planted error it hit, and lists the missed one', () => {
    // Upstream: a flag hits when the patient has that error type and is not yet flagged; a second flag of the same patient is a duplicate.
    expect(r.flagOutcomes).toEqual([null, { kind: 'hit', error: GT.errors[0] }, { kind: 'false-positive' }, { kind: 'duplicate' }]);
    expect(r.missedErrors).toEqual([GT.errors[1]]);
    expect(r.biasMissed).toBe(false);
    expect(flagSummary(r)).toEqual({ flags: 3, hits: 1, falsePositives: 1, duplicates: 1, blocked: 0, missed: 1 });
    expect(plantedErrorsText(r)).toBe('P0003 invalid_age — hit by step 2\nP0007 invalid_age — missed');
  });

  it('shows our step rewards (base − 0.004 × step) and a differing claim only as a marked claim', () => {
    // 0.04 − 0.004; 0.16 − 0.008; −0.3 − 0.012; −0.08 − 0.016.
    expect(actionLogText(ACTIONS, r, [0.036, 0.152, -0.3, -0.096])).toBe(
      [
        '  1. investigate_pattern variable="age"',
        '     reward +0.036  (claimed +0.036)',
        '  2. flag_error patient_id="P0003" error_type="invalid_age"',
        '     reward +0.152  (claimed +0.152)  → hit P0003 invalid_age',
        '  3. flag_error patient_id="P0042" error_type="invalid_age"',
        '     reward −0.312  ≠ claimed −0.300  → false positive',
        '  4. flag_error patient_id="P0003" error_type="invalid_age"',
        '     reward −0.096  (claimed −0.096)  → duplicate (patient already flagged)',
      ].join('\n'),
    );
  });

  it('marks actions after the end as not scored', () => {
    const done = replayEpisode({ task_id: 'task_easy', actions: [...ACTIONS.slice(0, 2), { action_type: 'submit_report', report: 'x' }, ACTIONS[2]!], ground_truth: GT });
    expect(actionLogText([...ACTIONS.slice(0, 2), { action_type: 'submit_report', report: 'x' }, ACTIONS[2]!], done).split('\n').slice(-1)[0]).toBe('     not scored (the episode ended at step 3)');
  });
});

interface Vector {
  id: string;
  input: { task_id: 'task_easy' | 'task_medium' | 'task_hard'; actions: AuditAction[]; ground_truth: EpisodeGroundTruth };
  expected: { step_rewards: number[]; final_state: { correct_flags: number; false_positive_flags: number; duplicate_flags: number; invalid_phase_actions: number } };
}

describe('flag outcomes on the upstream conformance episodes', () => {
  const FILE = 'conformance/clinicalbench/episodes.json';
  const need = needShared('clinicalbench conformance episodes', FILE);
  it.runIf(need.ok)('every flag hits a planted error of its own patient and type exactly when upstream rewarded it, with upstream counts', () => {
    const { cases } = readSharedJson<{ cases: Vector[] }>(FILE);
    expect(cases.length).toBeGreaterThan(40);
    for (const c of cases) {
      const r = replayEpisode(c.input);
      expect(r.stepRewards, c.id).toEqual(c.expected.step_rewards);
      const kinds = r.flagOutcomes.map((o) => o?.kind);
      expect(kinds.filter((k) => k === 'hit' || k === 'bias-hit').length, c.id).toBe(c.expected.final_state.correct_flags);
      expect(kinds.filter((k) => k === 'false-positive').length, c.id).toBe(c.expected.final_state.false_positive_flags);
      expect(kinds.filter((k) => k === 'duplicate').length, c.id).toBe(c.expected.final_state.duplicate_flags);
      r.flagOutcomes.forEach((o, i) => {
        if (!o) return;
        const a = c.input.actions[i]!;
        // Upstream's base reward of a flag is positive only for an accepted flag (0.16 / 0.18 / 0.2 × confidence); the step cost is 0.004 × step.
        expect(o.kind === 'hit' || o.kind === 'bias-hit', `${c.id} step ${i + 1}`).toBe(c.expected.step_rewards[i]! + 0.004 * (i + 1) > 0);
        if (o.kind === 'hit') {
          expect(o.error, `${c.id} step ${i + 1}`).toEqual({ patient_id: a.patient_id, error_type: a.error_type });
          expect(c.input.ground_truth.errors).toContainEqual(o.error);
        }
      });
      const hit = r.flagOutcomes.flatMap((o) => (o?.kind === 'hit' ? [o.error] : []));
      expect([...hit, ...r.missedErrors].length, c.id).toBe(c.input.ground_truth.errors.length);
      for (const m of r.missedErrors) expect(hit).not.toContainEqual(m);
    }
  });
});
