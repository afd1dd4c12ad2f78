/**
 * Issue 7 item 3: ground truth never comes from the submitter. A submission that rewrites its
 * ground-truth list to match its own flags is graded against the regenerated ground truth (the
 * true, lower score) and gets an error finding at the forged list (file, line, JSON path).
 */
import { describe, expect, it } from 'vitest';
import { parseEpisodeText } from '../../src/benchmarks/clinicalbench/formats/read-episodes';
import { scoreEpisodes } from '../../src/benchmarks/clinicalbench/formats/score-episodes';
import { regenerateGroundTruth } from '../../src/benchmarks/clinicalbench/scorer/dataset';
import type { AuditAction, GroundTruthError } from '../../src/benchmarks/clinicalbench/scorer/episode';
import { replayEpisode } from '../../src/benchmarks/clinicalbench/scorer/replay';
import type { TaskId } from '../../src/benchmarks/clinicalbench/scorer/tasks';
import { needShared, readSharedJson } from '../helpers/shared';

interface RecordedCase {
  id: string;
  agent?: string;
  input: { task_id: TaskId; seed: number; actions: AuditAction[]; ground_truth: { errors: GroundTruthError[]; total_errors: number; bias_actionable: boolean } };
  expected: { final_state: unknown; score_breakdown: { benchmark_score: number }; benchmark_score: number; dense_reward_total: number; step_rewards: number[] };
}

const EPISODES = 'conformance/clinicalbench/episodes.json';
const recorded = needShared('recorded episodes (ground-truth trust)', EPISODES).ok ? readSharedJson<{ cases: RecordedCase[] }>(EPISODES) : null;

/** The agent's own patient flags, as a ground-truth list that makes every one of them "correct". */
function forgedErrors(actions: readonly AuditAction[]): GroundTruthError[] {
  const seen = new Set<string>();
  const out: GroundTruthError[] = [];
  for (const a of actions) {
    if ((a.action_type ?? 'flag_error') !== 'flag_error' || !a.patient_id || !a.error_type || a.error_type === 'selection_bias') continue;
    const key = `${a.patient_id}/${a.error_type}`;
    if (!seen.has(key)) out.push({ patient_id: a.patient_id, error_type: a.error_type });
    seen.add(key);
  }
  return out;
}

/** Score one episode file text the way `npm run score` does. */
function score(text: string) {
  const read = parseEpisodeText(text, 'forged.json');
  const scored = scoreEpisodes(read, 'forged.json');
  return { scores: scored.scores, findings: [...read.findings, ...scored.findings], text };
}

function expectForgeryCaught(out: ReturnType<typeof score>, truePoints: number, forgedPoints: number, errorsPointer: RegExp) {
  expect(forgedPoints).toBeGreaterThan(truePoints);
  expect(out.scores).toHaveLength(1);
  expect(out.scores[0]!.breakdown.benchmark_score).toBe(truePoints);
  expect(out.scores[0]!.groundTruthMismatch).toBe(true);
  const forged = out.findings.find((f) => errorsPointer.test(f.pointer));
  expect(forged).toMatchObject({ path: 'forged.json', severity: 'error' });
  expect(forged!.message).toMatch(/differs from the ground truth regenerated from seed/);
  // The line points into the forged list itself.
  const lines = out.text.split('\n');
  expect(forged!.line).toBeGreaterThan(0);
  expect(lines.slice(forged!.line! - 1, forged!.line! + 2).join('\n')).toMatch(/patient_id|\{/);
}

describe.skipIf(!recorded)('recorded episodes (episodes.json)', () => {
  const cases = recorded?.cases ?? [];

  it.each(cases.map((c) => [c.id, c] as const))('%s: replay with regenerated ground truth reproduces the recording', (_id, c) => {
    const truth = regenerateGroundTruth(c.input.seed, c.input.task_id);
    const r = replayEpisode({ task_id: c.input.task_id, actions: c.input.actions, ground_truth: truth });
    expect(r.finalState).toEqual(c.expected.final_state);
    expect(r.breakdown).toEqual(c.expected.score_breakdown);
    expect(r.breakdown.benchmark_score).toBe(c.expected.benchmark_score);
    expect(r.denseRewardTotal).toBe(c.expected.dense_reward_total);
    expect(r.stepRewards).toEqual(c.expected.step_rewards);
  });

  it('a recorded episode whose ground truth is edited to match its flags gets the true score and an error', () => {
    const c = cases.find((x) => x.id === 'ep-20260402-task_medium-heuristic')!;
    expect(c).toBeDefined();
    const errors = forgedErrors(c.input.actions);
    const forgedTruth = { ...c.input.ground_truth, errors, total_errors: errors.length };
    const forgedReplay = replayEpisode({ task_id: c.input.task_id, actions: c.input.actions, ground_truth: forgedTruth });
    // The cheater also claims what its forged ground truth gives.
    const forgedCase = {
      ...c,
      input: { ...c.input, ground_truth: forgedTruth },
      expected: { ...c.expected, benchmark_score: forgedReplay.breakdown.benchmark_score, score_breakdown: forgedReplay.breakdown },
    };
    const out = score(JSON.stringify({ cases: [forgedCase] }, null, 2));
    expectForgeryCaught(out, c.expected.benchmark_score, forgedReplay.breakdown.benchmark_score, /^\$\.cases\[0\]\.input\.ground_truth\.errors\[\d+\]$/);
    expect(out.findings).toContainEqual(expect.objectContaining({ pointer: '$.cases[0].input.ground_truth.total_errors', severity: 'error' }));
    expect(out.findings).toContainEqual(expect.objectContaining({ pointer: '$.cases[0].expected.benchmark_score', severity: 'error' }));
  });
});

describe('our own generated data (runs without ../shared)', () => {
  it('an episode on seed 20260402 / task_medium with a forged ground-truth list is graded on the real one', () => {
    const truth = regenerateGroundTruth(20260402, 'task_medium');
    const real = new Set(truth.errors.map((e) => e.patient_id));
    const decoys = Array.from({ length: 40 }, (_, i) => `P${String(i + 1).padStart(4, '0')}`).filter((id) => !real.has(id)).slice(0, 6);
    const actions: AuditAction[] = [
      ...['age', 'death_date', 'enrollment_date', 'stage'].map((variable) => ({ action_type: 'investigate_pattern', variable })),
      ...truth.errors.slice(0, 8).map((e) => ({ action_type: 'flag_error', patient_id: e.patient_id, error_type: e.error_type, confidence: 0.9 })),
      ...decoys.map((patient_id) => ({ action_type: 'flag_error', patient_id, error_type: 'invalid_age', confidence: 0.6 })),
      { action_type: 'submit_report', report: 'Protocol eligibility review: root cause is data entry; recommend corrective action; risk to patient safety.' },
    ];
    const honest = replayEpisode({ task_id: 'task_medium', actions, ground_truth: truth });
    const errors = forgedErrors(actions);
    const forgedTruth = { ...truth, errors, total_errors: errors.length };
    const forged = replayEpisode({ task_id: 'task_medium', actions, ground_truth: forgedTruth });
    const text = JSON.stringify(
      {
        format: 'clinicalbench-episodes',
        agent: 'cheater',
        episodes: [{ task_id: 'task_medium', seed: 20260402, actions, ground_truth: forgedTruth, claimed: { benchmark_score: forged.breakdown.benchmark_score } }],
      },
      null,
      2,
    );
    const out = score(text);
    expectForgeryCaught(out, honest.breakdown.benchmark_score, forged.breakdown.benchmark_score, /^\$\.episodes\[0\]\.ground_truth\.errors\[8\]$/);
    expect(out.scores[0]!.counters.false_positive_flags).toBe(6);
    expect(out.findings).toContainEqual(expect.objectContaining({ pointer: '$.episodes[0].claimed.benchmark_score', severity: 'error' }));
  });

  it('the same episode without a ground-truth list (or with the true one) scores identically and cleanly', () => {
    const truth = regenerateGroundTruth(42, 'task_hard');
    const actions: AuditAction[] = [{ action_type: 'investigate_pattern', variable: 'age' }];
    const bare = score(JSON.stringify({ episodes: [{ task_id: 'task_hard', seed: 42, actions }] }));
    const withTruth = score(JSON.stringify({ episodes: [{ task_id: 'task_hard', seed: 42, actions, ground_truth: truth }] }));
    expect(bare.findings).toEqual([]);
    expect(withTruth.findings).toEqual([]);
    expect(withTruth.scores[0]!.breakdown).toEqual(bare.scores[0]!.breakdown);
  });
});
