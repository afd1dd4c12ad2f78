import type { ModelResult } from '../formats/score-tree';
import type { GroupedSample } from '../../../core/stats/bootstrap';
import type { GroupStat } from '../../../core/stats/group-stat';
import { classifyDetectionRegion } from '../scorer/summary';
import type { TaskType } from '../scorer/sample';
import { GROUP_KEY as G } from '../scorer/keys';
import type { SampleValue } from './sample-table';

/** The model-summary statistic of each family, over label groups (see stats/group-stat). */
export const FAMILY_STAT: Record<TaskType, GroupStat> = { TL: 'weighted-skip-empty', AD: 'weighted-all', Detection: 'weighted-skip-empty' };

/** Per-sample primaries grouped as the model summary groups them (Detection: T/L regions only). */
export function summaryGroups(family: TaskType, r: ModelResult, samples: readonly SampleValue[]): Map<string, SampleValue[]> {
  const out = new Map<string, SampleValue[]>();
  for (const s of samples) {
    if (!s.group || !(s.group in r.groups)) continue;
    if (family === 'Detection' && classifyDetectionRegion(s.group, r.groups[s.group]![G.n] ?? 0) !== 'T/L') continue;
    const g = out.get(s.group) ?? [];
    g.push(s);
    out.set(s.group, g);
  }
  return out;
}

/** The summary's samples regrouped by subtask config (sorted), each tagged with its label group's index. */
export function strataByConfig(groups: ReadonlyMap<string, readonly SampleValue[]>): GroupedSample[][] {
  const byConfig = new Map<string, GroupedSample[]>();
  [...groups.values()].forEach((list, group) => {
    for (const s of list) {
      const stratum = byConfig.get(s.config);
      if (stratum) stratum.push({ value: s.value, group });
      else byConfig.set(s.config, [{ value: s.value, group }]);
    }
  });
  return [...byConfig].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v);
}
