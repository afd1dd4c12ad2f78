import { describe, expect, it, vi } from 'vitest';

// Simulate a generator that cannot rebuild one dataset: the episode must be rejected, and the
// ground-truth list it carries must NOT be used instead.
vi.mock('../../src/benchmarks/clinicalbench/scorer/dataset', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/benchmarks/clinicalbench/scorer/dataset')>();
  return {
    ...real,
    regenerateGroundTruth: (seed: number, task: string) => {
      if (seed === 666) throw new RangeError('generator cannot rebuild this dataset');
      return real.regenerateGroundTruth(seed, task);
    },
  };
});

const { parseEpisodeText } = await import('../../src/benchmarks/clinicalbench/formats/read-episodes');
const { scoreEpisodes } = await import('../../src/benchmarks/clinicalbench/formats/score-episodes');

describe('an episode whose dataset cannot be regenerated', () => {
  it('is rejected with a located, clear error even when it carries its own ground truth', () => {
    const gt = { errors: [{ patient_id: 'P0001', error_type: 'invalid_age' }], total_errors: 1, bias_actionable: false };
    const text = JSON.stringify(
      {
        format: 'clinicalbench-episodes',
        episodes: [
          { task_id: 'task_easy', seed: 666, actions: [{ action_type: 'investigate_pattern', variable: 'age' }], ground_truth: gt },
          { task_id: 'task_easy', seed: 42, actions: [{ action_type: 'investigate_pattern', variable: 'age' }] },
        ],
      },
      null,
      2,
    );
    const read = parseEpisodeText(text, 'e.json');
    const { scores, findings } = scoreEpisodes(read, 'e.json');
    expect(scores.map((s) => s.seed)).toEqual([42]);
    expect(findings).toEqual([
      expect.objectContaining({ path: 'e.json', pointer: '$.episodes[0].seed', severity: 'error', line: expect.any(Number) }),
    ]);
    expect(findings[0]!.message).toMatch(/cannot regenerate the dataset for seed 666 \/ task_easy \(generator cannot rebuild this dataset\); episode rejected/);
  });
});
