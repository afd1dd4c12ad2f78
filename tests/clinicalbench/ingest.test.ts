import { describe, expect, it } from 'vitest';
import type { EpisodeGroundTruth } from '../../src/scorers/clinicalbench/episode';
import { parseEpisodeText } from '../../src/ingest/clinicalbench/read-episodes';
import { episodeFileJsonSchema } from '../../src/ingest/clinicalbench/schema';
import { scoreEpisodes, type GroundTruthProvider } from '../../src/ingest/clinicalbench/score-episodes';

const TRUTH: EpisodeGroundTruth = {
  errors: [{ patient_id: 'P0003', error_type: 'invalid_age' }],
  total_errors: 1,
  bias_actionable: false,
  bias_present: false,
  n_patients: 300,
};
const regenerate: GroundTruthProvider = () => TRUTH;

function file(episodes: unknown[]): string {
  return JSON.stringify({ format: 'clinicalbench-episodes', agent: 'test', episodes }, null, 1);
}

function run(text: string, provider: GroundTruthProvider | null = regenerate) {
  const read = parseEpisodeText(text, 'ep.json');
  const scored = scoreEpisodes(read, 'ep.json', provider ?? undefined);
  return { read, scored, findings: [...read.findings, ...scored.findings] };
}

const investigateAge = { action_type: 'investigate_pattern', variable: 'age' };
const flagGood = { action_type: 'flag_error', patient_id: 'P0003', error_type: 'invalid_age', confidence: 0.9 };
const report = { action_type: 'submit_report', report: 'Protocol eligibility breach; root cause data entry; recommend retraining; risk low.' };

describe('episode files: malformed episodes give located findings, never a crash', () => {
  it('scores a clean episode with no findings', () => {
    const { scored, findings } = run(file([{ task_id: 'task_easy', seed: 42, actions: [investigateAge, flagGood, report] }]));
    expect(findings).toEqual([]);
    expect(scored.scores[0]!.breakdown.benchmark_score).toBe(0.99);
  });

  it('locates unknown action types, unknown patients and out-of-range confidence by path and line', () => {
    const text = file([
      {
        task_id: 'task_easy',
        seed: 42,
        actions: [investigateAge, { action_type: 'escalate' }, { ...flagGood, patient_id: 'P4242' }, { ...flagGood, confidence: 1.4 }],
      },
    ]);
    const { findings, scored } = run(text);
    expect(findings.map((f) => [f.pointer, f.severity])).toEqual([
      ['$.episodes[0].actions[1].action_type', 'warning'],
      ['$.episodes[0].actions[2].patient_id', 'warning'],
      ['$.episodes[0].actions[3].confidence', 'warning'],
    ]);
    const lines = text.split('\n');
    for (const f of findings) expect(lines[f.line! - 1]).toContain(f.pointer.split('.').at(-1));
    expect(scored.scores[0]!.counters.attempts).toBe(4);
  });

  it('reports a missing seed at the episode and does not score it', () => {
    const { findings, scored } = run(file([{ task_id: 'task_easy', actions: [investigateAge] }]));
    expect(scored.scores).toHaveLength(0);
    expect(findings).toEqual([expect.objectContaining({ pointer: '$.episodes[0].seed', severity: 'error', line: 5 })]);
    expect(findings[0]!.message).toMatch(/seed/);
  });

  it('blanks a wrongly typed field but still replays the action', () => {
    const { findings, scored } = run(
      file([{ task_id: 'task_easy', seed: 1, actions: [investigateAge, { ...flagGood, confidence: 'very' }] }]),
    );
    expect(findings).toEqual([expect.objectContaining({ pointer: '$.episodes[0].actions[1].confidence', severity: 'error' })]);
    expect(scored.scores[0]!.replay.stepRewards).toHaveLength(2);
    expect(scored.scores[0]!.counters.correct_flags).toBe(1);
  });

  it('rejects an unknown task with a located error', () => {
    const { findings, scored } = run(file([{ task_id: 'task_extreme', seed: 1, actions: [] }]));
    expect(scored.scores).toHaveLength(0);
    expect(findings[0]).toMatchObject({ pointer: '$.episodes[0].task_id', severity: 'error' });
  });

  it('reports not-JSON and wrong top-level shapes', () => {
    expect(run('{"episodes": [').findings[0]).toMatchObject({ pointer: '$', severity: 'error' });
    expect(run('[1, 2]').findings[0]!.message).toMatch(/object/);
  });

  it('turns claims the replay does not confirm into findings at the claim', () => {
    const { findings } = run(
      file([
        {
          task_id: 'task_easy',
          seed: 42,
          actions: [investigateAge, flagGood, report],
          claimed: { benchmark_score: 0.5, final_state: { correct_flags: 1, attempts: 9 } },
        },
      ]),
    );
    expect(findings.map((f) => f.pointer)).toEqual(['$.episodes[0].claimed.final_state.attempts', '$.episodes[0].claimed.benchmark_score']);
  });

  it('compares a submitted ground truth with the regenerated one, and uses only the latter', () => {
    const { findings, scored } = run(
      file([
        {
          task_id: 'task_easy',
          seed: 42,
          actions: [investigateAge, { ...flagGood, patient_id: 'P0009' }],
          ground_truth: { errors: [{ patient_id: 'P0009', error_type: 'invalid_age' }], total_errors: 1, bias_actionable: false },
        },
      ]),
    );
    expect(scored.scores[0]!.counters.false_positive_flags).toBe(1);
    expect(findings).toEqual([expect.objectContaining({ pointer: '$.episodes[0].ground_truth.errors', severity: 'error' })]);
  });

  it('falls back to the submitted ground truth, with a warning, when no generator is available', () => {
    const gt = { errors: [{ patient_id: 'P0003', error_type: 'invalid_age' }], total_errors: 1, bias_actionable: false };
    const { findings, scored } = run(file([{ task_id: 'task_easy', seed: 42, actions: [investigateAge, flagGood], ground_truth: gt }]), null);
    expect(scored.scores[0]!.groundTruthSource).toBe('submitted');
    expect(findings).toEqual([expect.objectContaining({ pointer: '$.episodes[0].ground_truth', severity: 'warning' })]);
  });

  it('reads the conformance/fixture shape: input as the episode, expected as the claims', () => {
    const text = JSON.stringify({
      episodes: [{ id: 'e1', agent: 'x', input: { task_id: 'task_easy', seed: 42, actions: [investigateAge] }, expected: { done: true } }],
    });
    const { findings, scored } = run(text);
    expect(scored.scores[0]!.id).toBe('e1');
    expect(findings).toEqual([expect.objectContaining({ pointer: '$.episodes[0].expected.done', severity: 'error' })]);
  });
});

describe('episode file JSON Schema', () => {
  it('is generated from the zod schema and requires task, seed and actions', () => {
    const schema = episodeFileJsonSchema() as { properties: { episodes: { items: { required: string[] } } } };
    expect(schema.properties.episodes.items.required).toEqual(expect.arrayContaining(['task_id', 'seed', 'actions']));
  });
});
