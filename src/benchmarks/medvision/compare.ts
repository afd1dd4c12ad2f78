import { metric } from './metrics';
import { compareMetric, type CompareData, type CompareScope, type UnitBlock } from '../../core/compare';
import { entryKeyOf, rankedEntries } from '../../board/submission-meta';
import type { Admitted } from '../../core/benchmark';
import type { ModelResult } from './formats/score-tree';
import { FAMILIES, FAMILY_STAT, FAMILY_TITLE, shortSubtask, summaryGroups } from './boards/boards';
import { loadMedvision, type MedvisionEntry } from './boards/load';
import { samplesOf } from './boards/sample-table';

/**
 * Fewest shared samples in a scope (a family's model summary, or one subtask config) for an
 * interval, a test and a verdict. Compare's own constant: boards have no per-benchmark `minUnits` yet.
 */
export const MEDVISION_MIN_SAMPLES = 30;

/** Per family, the entry's result with the most samples (an entry is model × harness). */
function resultsOf(slug: string, admitted: Admitted): Map<string, { e: MedvisionEntry; r: ModelResult }> {
  const out = new Map<string, { e: MedvisionEntry; r: ModelResult }>();
  for (const e of rankedEntries(loadMedvision(), admitted)) {
    if (entryKeyOf(e.submission) !== slug) continue;
    for (const r of e.results) {
      const prev = out.get(r.task_type);
      if (!prev || r.n_samples > prev.r.n_samples) out.set(r.task_type, { e, r });
    }
  }
  return out;
}

/**
 * What `medvisionCompareData(slug, admitted)` reads: the entry's ranked submissions, each named
 * by its tables' score-cache name (kind: the references; key: the folder's content and the scoring
 * code), which is also what its scored summary is a function of.
 */
export async function medvisionCompareDataKey(slug: string, admitted: Admitted): Promise<string | undefined> {
  const parts: [string, string][] = [];
  for (const e of rankedEntries(loadMedvision(), admitted)) {
    if (entryKeyOf(e.submission) !== slug) continue;
    parts.push([e.id, e.samplesKey()]);
  }
  return JSON.stringify(['medvision-compare-data/1', slug, parts]);
}

/**
 * An entry's per-sample primaries: one block per subtask config (keys: doc ids), each sample's
 * label group as its stratum when the model summary counts it (Detection: T/L regions only).
 * Scopes: per family the model-summary statistic stratified by label group, per config the pooled mean.
 */
export async function medvisionCompareData(slug: string, admitted: Admitted): Promise<CompareData | undefined> {
  const results = resultsOf(slug, admitted);
  if (!results.size) return undefined;
  const strata: string[] = [];
  const stratumOf = new Map<string, number>();
  const blocks: UnitBlock[] = [];
  const scopes: CompareScope[] = [];
  const metrics = new Map<string, ReturnType<typeof metric>>();
  for (const family of FAMILIES) {
    const hit = results.get(family);
    if (!hit) continue;
    const def = family === 'Detection' ? metric('mv-iou') : metric('mv-mre');
    metrics.set(def.id, def);
    const samples = samplesOf(hit.e, hit.r);
    const inSummary = new Map<string, string>();
    for (const [group, list] of summaryGroups(family, hit.r, samples)) for (const s of list) inSummary.set(s.key, group);
    const byConfig = new Map<string, typeof samples>();
    for (const s of samples) {
      const list = byConfig.get(s.config);
      if (list) list.push(s);
      else byConfig.set(s.config, [s]);
    }
    const configs = [...byConfig.keys()].sort();
    const ids = configs.map((c) => `${family}/${c}`);
    scopes.push({ task: `${FAMILY_TITLE[family]} (model summary${family === 'Detection' ? ', T/L' : ''})`, metric: def.id, method: FAMILY_STAT[family], blocks: ids, stratify: 'strata', seed: `compare/medvision/${family}` });
    configs.forEach((config, i) => {
      const list = [...byConfig.get(config)!].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
      blocks.push({
        id: ids[i]!,
        keys: list.map((s) => s.key.slice(config.length + 1)),
        values: list.map((s) => (Number.isFinite(s.value) ? s.value : null)),
        strata: list.map((s) => {
          const g = inSummary.get(s.key);
          if (g === undefined) return -1;
          if (!stratumOf.has(g)) stratumOf.set(g, strata.push(g) - 1);
          return stratumOf.get(g)!;
        }),
      });
      scopes.push({ task: `${FAMILY_TITLE[family]} · ${shortSubtask(config)}`, metric: def.id, method: 'pooled', blocks: [ids[i]!], stratify: 'none', seed: `compare/medvision/${family}/${config}` });
    });
  }
  return { version: 1, benchmark: 'medvision', name: 'MedVision', entry: slug, unit: 'samples', minUnits: MEDVISION_MIN_SAMPLES, metrics: [...metrics.values()].map(compareMetric), strata, blocks, scopes };
}
