// A synthetic MedVision corpus: N entries on the given demo subtasks with `perSubtask` samples
// each, their registry files, accepted reviews and the version's reference (from the first entry's
// tree). Used by the explorer bench and the 200-entry tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TASK_TAG, demoRecords, type DemoConfig, type DemoModel } from '../../src/benchmarks/medvision/demo/generator';
import { buildMedvisionReferenceFromTree } from '../../src/benchmarks/medvision/reference/read';
import { writeDemoSubmission } from '../../src/ingest/demo-files';
import { writeReference } from '../../src/ingest/references';
import { mulberry32, hashSeed } from '../../src/core/prng';

export interface MedvisionCorpus {
  /** Holds results/, reviews/, models/ and references/. */
  root: string;
  entries: number;
  configs: readonly DemoConfig[];
  perSubtask: number;
  /** Seeds the models' error and failure rates. */
  seed: string;
  /** Model names are `<prefix>-000`…; submission ids add `-<prefix>`. */
  prefix: string;
  treeClass: 'full' | 'pilot';
}

export function writeMedvisionCorpus(c: MedvisionCorpus): void {
  const results = join(c.root, 'results');
  const rand = mulberry32(hashSeed(c.seed));
  const target = { resultsRoot: results, reviewsRoot: join(c.root, 'reviews'), modelsRoot: join(c.root, 'models') };
  const ids: string[] = [];
  for (let i = 0; i < c.entries; i++) {
    const model: DemoModel = {
      name: `${c.prefix}-model-${String(i).padStart(3, '0')}`,
      org: `Org ${String.fromCharCode(65 + (i % 12))}`,
      weights: i % 3 ? 'open' : 'closed',
      release_date: '2026-01-01',
      relError: 0.1 + rand() * 0.5,
      failRate: rand() * 0.1,
      boxJitter: 0.1 + rand() * 0.5,
    };
    const id = `${model.name}-${c.prefix}`;
    ids.push(id);
    for (const cfg of c.configs) {
      const parsed = join(results, 'medvision', id, 'Results', TASK_TAG[cfg.family], model.name, 'parsed');
      mkdirSync(parsed, { recursive: true });
      writeFileSync(join(parsed, `20260901_120000_samples_${cfg.config}.jsonl`), [...demoRecords(model, cfg, c.perSubtask)].join('\n') + '\n');
    }
    writeDemoSubmission(target, { id, benchmark: 'medvision', model, harness: { name: 'medvision_bm', version: '1.2.0' }, notes: `synthetic corpus (${c.seed})`, reviewText: 'synthetic' });
  }
  const reference = buildMedvisionReferenceFromTree(join(results, 'medvision', ids[0]!, 'Results'), {
    version: c.prefix,
    source: `synthetic: scripts/lib/medvision-corpus.ts (${c.seed})`,
    synthetic: true,
    treeClass: c.treeClass,
    caps: { full: c.perSubtask, pilot: c.perSubtask },
  });
  writeReference(join(c.root, 'references'), 'medvision', c.prefix, reference);
}
