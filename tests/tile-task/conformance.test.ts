import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { suites } from '../../src/benchmarks/tile-task/conformance';
import type { VectorFile } from '../../src/core/conformance/types';

const FILE = fileURLToPath(new URL('../../../shared/conformance/pathwsi/tile-task-score.json', import.meta.url));

function load(): VectorFile | null {
  if (!existsSync(FILE)) {
    console.warn(`skipping pathwsi vectors: ${FILE} not found (../shared is not checked out here)`);
    return null;
  }
  return JSON.parse(readFileSync(FILE, 'utf8')) as VectorFile;
}

const vectors = load();
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
