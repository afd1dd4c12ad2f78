import { describe, expect, it } from 'vitest';
import { suites } from '../../src/benchmarks/clinicalbench/conformance/generator';
import type { VectorFile } from '../../src/core/conformance/types';
import { needShared, readSharedJson } from '../helpers/shared';

const FILES = [
  { file: 'python-random.json', suite: 'python-random' },
  { file: 'dataset-easy.json', suite: 'dataset' },
  { file: 'dataset-medium.json', suite: 'dataset' },
  { file: 'dataset-hard.json', suite: 'dataset' },
];

const need = needShared('clinicalbench generator conformance vectors', ...FILES.map(({ file }) => `conformance/clinicalbench/${file}`));

describe.skipIf(!need.ok)('clinicalbench generator conformance vectors', () => {
  for (const { file, suite } of FILES) {
    const vectors: VectorFile = need.ok ? readSharedJson<VectorFile>(`conformance/clinicalbench/${file}`) : { suite: 'absent', cases: [] };
    const runner = suites.find((s) => s.benchmark === 'clinicalbench' && s.suite === suite);

    it(`${file} declares suite ${suite}, which is registered`, () => {
      expect(vectors.suite).toBe(suite);
      expect(runner).toBeDefined();
      expect(vectors.cases.length).toBeGreaterThan(0);
    });

    describe(file, () => {
      it.each(vectors.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
        expect(runner!.check(c).diffs).toEqual([]);
      });
    });
  }
});
