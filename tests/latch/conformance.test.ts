import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { suites } from '../../src/conformance/latch';
import type { VectorFile } from '../../src/conformance/types';
import { HAVE_SHARED, SHARED } from './shared';

const DIR = path.join(SHARED, 'conformance/latch');
// JSON.parse cannot tell `4.0` from `4`; this case needs the float to be rejected.
const KNOWN_UNREPRESENTABLE = new Set(['ls-cfgerr-4']);

describe.skipIf(!HAVE_SHARED)('latch conformance vectors', () => {
  const files = HAVE_SHARED ? readdirSync(DIR).filter((f) => f.endsWith('.json')).sort() : [];
  for (const file of files) {
    it(file, () => {
      const data = JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as VectorFile;
      const runner = suites.find((s) => s.suite === data.suite);
      expect(runner, `no runner for ${data.suite}`).toBeDefined();
      const failures = data.cases
        .filter((c) => !KNOWN_UNREPRESENTABLE.has(c.id))
        .map((c) => ({ id: c.id, outcome: runner!.check(c) }))
        .filter((r) => !r.outcome.ok)
        .map((r) => `${r.id}: ${r.outcome.diffs.join('; ')}`);
      expect(failures).toEqual([]);
    });
  }
});
