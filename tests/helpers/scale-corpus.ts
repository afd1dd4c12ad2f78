// The 200-entry tests' corpus (compare, explorer): 3 subtasks — one per family — of the demo.
import { DEMO_CONFIGS } from '../../src/benchmarks/medvision/demo/generator';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';

export function writeScaleCorpus(opts: { tmp: string; entries: number; perSubtask: number; seed: string }): void {
  const configs = (['TL', 'AD', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!);
  writeMedvisionCorpus({ root: opts.tmp, entries: opts.entries, configs, perSubtask: opts.perSubtask, seed: opts.seed, prefix: 'scale', treeClass: 'pilot' });
}
