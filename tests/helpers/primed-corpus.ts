// The temp corpus of the scoring-matrix tests (tests/site/prime-*.test.ts): `entries` MedVision
// pilot entries on one TL, one AD and one Detection subtask (32 samples each: above the boards'
// minimum of 30, so every entry is ranked) plus the latch and ClinicalBench demos, the
// environment pointed at it, and `against`, which runs code in a fresh module graph on one cache
// folder and returns the cache log it wrote. Call at a test file's top level: it registers the
// clean-up with `afterAll`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, vi } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS } from '../../src/benchmarks/medvision/demo/generator';
import { writeLatchDemo } from '../../src/benchmarks/latch/demo/write';
import { writeClinicalbenchDemo } from '../../src/benchmarks/clinicalbench/demo/write';

export interface PrimedCorpus {
  tmp: string;
  results: string;
  against<T>(cache: string, fn: () => Promise<T>): Promise<{ value: T; log: string[] }>;
}

export function primedCorpus(opts: { name: string; entries: number; seed: string; prefix: string }): PrimedCorpus {
  const tmp = mkdtempSync(join(tmpdir(), `evalboard-${opts.name}-`));
  const results = join(tmp, 'results');
  const log = join(tmp, 'cache.log');
  const saved = { ...process.env };
  for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES', 'EVALBOARD_NO_CACHE']) delete process.env[k];
  process.env.EVALBOARD_RESULTS = results;
  process.env.EVALBOARD_CACHE_LOG = log;
  afterAll(() => {
    process.env = saved;
    rmSync(tmp, { recursive: true, force: true });
  });

  const configs = (['TL', 'AD', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!);
  const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined); // the demo writers say what they wrote
  writeMedvisionCorpus({ root: tmp, entries: opts.entries, configs, perSubtask: 32, seed: opts.seed, prefix: opts.prefix, treeClass: 'pilot' });
  const target = { resultsRoot: results, reviewsRoot: join(tmp, 'reviews'), modelsRoot: join(tmp, 'models') };
  writeLatchDemo(target);
  writeClinicalbenchDemo(target);
  quiet.mockRestore();

  return {
    tmp,
    results,
    async against(cache, fn) {
      process.env.EVALBOARD_CACHE_DIR = join(tmp, cache);
      writeFileSync(log, '');
      vi.resetModules();
      const value = await fn();
      return { value, log: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
    },
  };
}
