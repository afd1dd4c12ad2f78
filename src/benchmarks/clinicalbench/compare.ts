import { AVERAGE_COLUMN, TASK_COLUMNS } from './columns';
import { compareMetric, type CompareData, type CompareScope, type UnitBlock } from '../../core/compare';
import type { MetricDef } from '../../core/metric';
import { entryKeyOf, rankedEntries } from '../../board/submission-meta';
import type { Admitted } from '../../core/benchmark';
import { summarizeEpisodes } from './scorer/aggregate';
import { loadClinicalbench } from './boards/boards';

/**
 * Fewest shared seeds in a column for an interval, a test and a verdict. Compare's own constant:
 * boards have no per-benchmark `minUnits` yet.
 */
export const CLINICALBENCH_MIN_SEEDS = 3;

/** An entry's per-seed scores, per difficulty and on the average (ranked submissions only). */
export async function clinicalbenchCompareData(slug: string, admitted: Admitted): Promise<CompareData | undefined> {
  const eps = rankedEntries(await loadClinicalbench(), admitted)
    .filter((e) => entryKeyOf(e.submission) === slug)
    .flatMap((e) => e.episodes);
  if (!eps.length) return undefined;
  const rows = summarizeEpisodes(eps).rows;
  const blocks: UnitBlock[] = [];
  const scopes: CompareScope[] = [];
  const metrics = new Map<string, MetricDef>();
  for (const c of [AVERAGE_COLUMN, ...TASK_COLUMNS]) {
    const played = rows.filter((r) => typeof r[c.rowKey] === 'number').sort((x, y) => x.seed - y.seed);
    blocks.push({ id: c.name, keys: played.map((r) => String(r.seed)), values: played.map((r) => r[c.rowKey] as number) });
    scopes.push({ task: c.name, metric: c.def.id, method: 'mean', blocks: [c.name], stratify: 'none', seed: `compare/clinicalbench/${c.name}` });
    metrics.set(c.def.id, c.def);
  }
  return { version: 1, benchmark: 'clinicalbench', name: 'ClinicalBench', entry: slug, unit: 'seeds', minUnits: CLINICALBENCH_MIN_SEEDS, metrics: [...metrics.values()].map(compareMetric), blocks, scopes };
}
