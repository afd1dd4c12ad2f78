import { describe, expect, it } from 'vitest';
import { suites } from '../../src/benchmarks/tile-task/conformance';
import type { VectorFile } from '../../src/core/conformance/types';
import { needShared, readSharedJson } from '../helpers/shared';

const FILE = 'conformance/pathwsi/tile-task-score.json';
const need = needShared('pathwsi/tile-task-score vectors', FILE);
const vectors = need.ok ? readSharedJson<VectorFile>(FILE) : null;
const runner = suites.find((s) => s.suite === 'tile-task-score');

describe.skipIf(!vectors)('pathwsi/tile-task-score vectors', () => {
  it('has a runner for the suite', () => {
    expect(runner).toBeDefined();
    expect(vectors!.suite).toBe('tile-task-score');
  });

  it.each(vectors?.cases.map((c) => [c.id, c] as const) ?? [])('%s', (_id, c) => {
    expect(runner!.check(c).diffs).toEqual([]);
  });
});
