import { describe, expect, it } from 'vitest';
import { regenerateGroundTruth } from '../../src/benchmarks/clinicalbench/scorer/dataset';
import type { VectorFile } from '../../src/core/conformance/types';
import { needShared, readSharedJson } from '../helpers/shared';

interface EpisodeInput {
  task_id: string;
  seed: number;
  ground_truth: unknown;
}

const EPISODES = 'conformance/clinicalbench/episodes.json';
const need = needShared('regenerated ground truth vs the recorded episodes', EPISODES);

describe.skipIf(!need.ok)('regenerated ground truth matches every recorded episode', () => {
  const episodes = need.ok ? readSharedJson<VectorFile>(EPISODES).cases : [];
  it.each(episodes.map((c) => [c.id, c.input as EpisodeInput] as const))('%s', (_id, input) => {
    expect(regenerateGroundTruth(input.seed, input.task_id)).toStrictEqual(input.ground_truth);
  });
});

describe('regenerateGroundTruth rejects what it cannot regenerate', () => {
  it('rejects an unknown task instead of falling back to task_easy like the env', () => {
    expect(() => regenerateGroundTruth(42, 'task_extreme')).toThrow(/unknown ClinicalBench task "task_extreme"/);
  });

  it('rejects a non-integer seed', () => {
    expect(() => regenerateGroundTruth(4.5, 'task_easy')).toThrow(/seed must be an integer/);
  });

  it('accepts big-int seeds and treats −s like s', () => {
    expect(regenerateGroundTruth(-42, 'task_medium')).toStrictEqual(regenerateGroundTruth(42, 'task_medium'));
    expect(regenerateGroundTruth(2n ** 70n, 'task_easy').n_patients).toBe(300);
  });
});
