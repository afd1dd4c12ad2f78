/**
 * Everything a MedVision board row needs from an entry's samples, computed once when the folder is
 * scored (its samples in hand) and cached with its summary instead of them: each family row's and
 * each config row's bootstrap interval. The boards, the dated snapshots (the boards again over each day's members)
 * and the evidence pass then read no samples but the paired MDD's, which asks for them.
 */
import type { ConfigResult, ModelResult } from '../formats/score-tree';
import { crossStratifiedBootstrap, stratifiedBootstrap } from '../../../core/stats/bootstrap';
import { contentLabel } from '../../../core/stats/rng';
import { FAMILY_STAT, strataByConfig, summaryGroups } from './sample-groups';
import { samplesOf, samplesOfConfig, type HasSampleTables } from './sample-table';

/** A bootstrap's bounds (NaN when it had nothing finite to draw). */
export interface Bounds {
  lo: number;
  hi: number;
}

export interface RowStats {
  /** By index into the entry's `results`: the family row's interval (samples stratified by config, the summary's statistic). */
  family: Bounds[];
  /** By index into the entry's `configs`: the config row's interval (pooled mean); undefined when the config has no row. */
  config: (Bounds | undefined)[];
}

const bounds = ({ lo, hi }: Bounds): Bounds => ({ lo, hi });

/** The result a config's row belongs to (its model and family). */
export const resultOfConfig = (results: readonly ModelResult[], c: ConfigResult) => results.find((r) => r.model === c.model && r.task_type === c.task_type);

export function rowStatsOf(e: HasSampleTables & { results: readonly ModelResult[]; configs: readonly ConfigResult[] }): RowStats {
  const family = e.results.map((r) => {
    const groups = summaryGroups(r.task_type, r, samplesOf(e, r));
    // Resample the benchmark's unit (samples, stratified by subtask config); the statistic is
    // upstream's, over the summary's label groups.
    const strata = strataByConfig(groups);
    return bounds(crossStratifiedBootstrap(strata, groups.size, FAMILY_STAT[r.task_type], {
      seedLabel: contentLabel(`medvision/${r.task_type}`, strata.map((st) => st.flatMap((x) => [x.value, x.group]))),
    }));
  });
  const config = e.configs.map((c) => {
    const r = resultOfConfig(e.results, c);
    if (!r || !c.metrics) return undefined;
    const values = samplesOfConfig(e, r, c.config).map((s) => s.value);
    return bounds(stratifiedBootstrap([values], 'pooled', { seedLabel: contentLabel(`medvision/config/${c.config}`, [values]) }));
  });
  return { family, config };
}
