import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HAS_SHARED, sharedPath, warnIfNoShared } from './helpers/shared';
import { findVectorFiles, loadVectorFile } from '../src/ingest/vectors';
import { runVectorFile } from '../src/registry/run-conformance';

warnIfNoShared('conformance vectors');

const root = sharedPath('conformance');
const benchmarks = HAS_SHARED ? readdirSync(root).filter((d) => !d.includes('.')) : [];

describe.skipIf(!HAS_SHARED)('every conformance vector file passes through the same runner as the CLI', () => {
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
