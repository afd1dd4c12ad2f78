import { describe, expect, it } from 'vitest';
import { suites } from '../../src/benchmarks/clinicalbench/conformance/scoring';
import type { VectorFile } from '../../src/core/conformance/types';
import { needShared, readSharedJson } from '../helpers/shared';

const FILES = {
  breakdown: 'conformance/clinicalbench/breakdown.json',
  report_quality: 'conformance/clinicalbench/report_quality.json',
  episodes: 'conformance/clinicalbench/episodes.json',
} as const;

const need = needShared('clinicalbench conformance vectors', ...Object.values(FILES));

for (const [suite, file] of Object.entries(FILES)) {
  const vectors = need.has(file) ? readSharedJson<VectorFile>(file) : null;
  const runner = suites.find((s) => s.suite === suite);

  describe.skipIf(!vectors)(`clinicalbench/${suite} vectors`, () => {
    it('has a runner whose suite name matches the file', () => {
      expect(runner).toBeDefined();
      expect(vectors!.suite).toBe(suite);
    });

    it.each(vectors?.cases.map((c) => [c.id, c] as const) ?? [])('%s', (_id, c) => {
      const outcome = runner!.check(c);
      expect(outcome.diffs).toEqual([]);
    });
  });
}
