// A synthetic MedVision corpus of N entries (3 subtasks — one per family — × `perSubtask` samples)
// with its reference, reviews and registry, for the 200-entry tests (compare, explorer).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_CONFIGS, TASK_TAG, demoRecords, type DemoModel } from '../../src/benchmarks/medvision/demo/generator';
import { buildMedvisionReferenceFromTree } from '../../src/benchmarks/medvision/reference/read';
import { writeDemoSubmission } from '../../src/ingest/demo-files';
import { writeReference } from '../../src/ingest/references';
import { mulberry32, hashSeed } from '../../src/core/prng';

export function writeScaleCorpus(opts: { tmp: string; entries: number; perSubtask: number; seed: string }): void {
  const results = join(opts.tmp, 'results');
  const configs = (['TL', 'AD', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!);
  const rand = mulberry32(hashSeed(opts.seed));
  const target = { resultsRoot: results, reviewsRoot: join(opts.tmp, 'reviews'), modelsRoot: join(opts.tmp, 'models') };
  for (let i = 0; i < opts.entries; i++) {
    const model: DemoModel = {
      name: `scale-model-${String(i).padStart(3, '0')}`,
      org: `Org ${String.fromCharCode(65 + (i % 12))}`,
      weights: i % 3 ? 'open' : 'closed',
      release_date: '2026-01-01',
      relError: 0.1 + rand() * 0.5,
      failRate: rand() * 0.1,
      boxJitter: 0.1 + rand() * 0.5,
    };
    const id = `${model.name}-scale`;
    for (const cfg of configs) {
      const parsed = join(results, 'medvision', id, 'Results', TASK_TAG[cfg.family], model.name, 'parsed');
      mkdirSync(parsed, { recursive: true });
      writeFileSync(join(parsed, `20260901_120000_samples_${cfg.config}.jsonl`), [...demoRecords(model, cfg, opts.perSubtask)].join('\n') + '\n');
    }
    writeDemoSubmission(target, { id, benchmark: 'medvision', model, harness: { name: 'medvision_bm', version: '1.2.0' }, notes: 'synthetic scale test', reviewText: 'synthetic' });
  }
  const reference = buildMedvisionReferenceFromTree(join(results, 'medvision', 'scale-model-000-scale', 'Results'), {
    version: 'scale',
    source: 'synthetic: tests/helpers/scale-corpus.ts',
    synthetic: true,
    treeClass: 'pilot',
    caps: { full: opts.perSubtask, pilot: opts.perSubtask },
  });
  writeReference(join(opts.tmp, 'references'), 'medvision', 'scale', reference);
}
