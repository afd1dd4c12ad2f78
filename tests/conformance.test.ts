import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needShared, sharedPath } from './helpers/shared';
import { findVectorFiles, loadVectorFile } from '../src/ingest/vectors';
import { runVectorFile } from '../src/registry/run-conformance';

const need = needShared('conformance vectors', 'conformance');
const root = sharedPath('conformance');
const benchmarks = need.ok ? readdirSync(root).filter((d) => !d.includes('.')) : [];

describe.skipIf(!need.ok)('every conformance vector file passes through the same runner as the CLI', () => {
  for (const benchmark of benchmarks) {
    describe(benchmark, async () => {
      const files = await findVectorFiles([join(root, benchmark)]);
      for (const file of files) {
        it(file.slice(root.length + 1), async () => {
          const loaded = await loadVectorFile(file);
          expect(loaded.error).toBeUndefined();
          const report = runVectorFile(file, loaded.benchmark, loaded.data!);
          expect(report.known, `no runner for ${report.key}`).toBe(true);
          expect(report.failures.slice(0, 5)).toEqual([]);
          expect(report.passed).toBe(loaded.data!.cases.length);
        });
      }
    });
  }
});
