import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { suites } from '../../src/benchmarks/latch/conformance';
import { loadVectorFile } from '../../src/ingest/vectors';
import { needShared, sharedPath } from '../helpers/shared';

const DIR = sharedPath('conformance/latch');
const need = needShared('latch conformance vectors', 'conformance/latch');

describe.skipIf(!need.ok)('latch conformance vectors', () => {
  const files = need.ok ? readdirSync(DIR).filter((f) => f.endsWith('.json')).sort() : [];
  for (const file of files) {
    // Loaded like the CLI does, so float literals (`expected_count: 4.0`) stay distinguishable from ints.
    it(file, async () => {
      const loaded = await loadVectorFile(path.join(DIR, file));
      expect(loaded.error).toBeUndefined();
      const data = loaded.data!;
      const runner = suites.find((s) => s.suite === data.suite);
      expect(runner, `no runner for ${data.suite}`).toBeDefined();
      const failures = data.cases
        .map((c) => ({ id: c.id, outcome: runner!.check(c) }))
        .filter((r) => !r.outcome.ok)
        .map((r) => `${r.id}: ${r.outcome.diffs.join('; ')}`);
      expect(failures).toEqual([]);
    });
  }
});
