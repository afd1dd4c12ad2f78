/** A ClinicalBench entry's coverage of its reference's seed × task set (pure). */
import type { ReferenceVersion } from '../../../ingest/references';
import type { ClinicalbenchReference } from './schema';

export interface SeedCoverage {
  version?: string;
  /** Reference (seed, task) pairs played, of those `tasks` selects. */
  units: number;
  total: number;
  missing: string[];
  /** Seeds played that the reference does not hold (never on a board). */
  extra: number[];
}

/** The version holding the most of the played seeds (ties: the first by name). */
export function pickSeedVersion(seeds: readonly number[], refs: readonly ReferenceVersion<ClinicalbenchReference>[]): ReferenceVersion<ClinicalbenchReference> | undefined {
  let best: ReferenceVersion<ClinicalbenchReference> | undefined;
  let bestN = 0;
  for (const r of refs) {
    const n = new Set(seeds.filter((s) => r.data.seeds.includes(s))).size;
    if (n > bestN) {
      best = r;
      bestN = n;
    }
  }
  return best;
}

export function seedCoverage(played: readonly { seed: number; task: string }[], ref: ReferenceVersion<ClinicalbenchReference> | undefined, tasks?: readonly string[]): SeedCoverage {
  const have = new Set(played.map((p) => `${p.seed}\u0000${p.task}`));
  if (!ref) return { units: 0, total: 0, missing: [], extra: [...new Set(played.map((p) => p.seed))].sort((a, b) => a - b) };
  const useTasks = ref.data.tasks.filter((t) => !tasks || tasks.includes(t));
  const missing: string[] = [];
  let units = 0;
  for (const seed of ref.data.seeds) {
    for (const t of useTasks) {
      if (have.has(`${seed}\u0000${t}`)) units++;
      else missing.push(`seed ${seed} × ${t}`);
    }
  }
  const extra = [...new Set(played.map((p) => p.seed).filter((s) => !ref.data.seeds.includes(s)))].sort((a, b) => a - b);
  return { version: ref.version, units, total: ref.data.seeds.length * useTasks.length, missing, extra };
}
