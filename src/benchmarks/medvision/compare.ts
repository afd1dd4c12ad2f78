import { metric } from './metrics';
import { pairedBootstrap } from '../../core/stats/bootstrap';
import { contentLabel } from '../../core/stats/rng';
import { combine, groupSums } from '../../core/stats/group-stat';
import { fromBootstrap, type Difference } from '../../core/compare';
import { entryKeyOf, rankedEntries } from '../../board/submission-meta';
import type { Admitted } from '../../core/benchmark';
import type { ModelResult } from './formats/score-tree';
import { FAMILIES, FAMILY_STAT, FAMILY_TITLE, shortSubtask, summaryGroups } from './boards/boards';
import { loadMedvision, samplesOf as tableSamples, type MedvisionEntry, type SampleValue } from './boards/load';

type Mv = { e: MedvisionEntry; r: ModelResult };

function resultsOf(slug: string, admitted: Admitted): Map<string, Mv> {
  const out = new Map<string, Mv>();
  for (const e of rankedEntries(loadMedvision(), admitted)) {
    if (entryKeyOf(e.submission) !== slug) continue; // an entry is model × harness
    for (const r of e.results) {
      const prev = out.get(r.task_type);
      if (!prev || r.n_samples > prev.r.n_samples) out.set(r.task_type, { e, r });
    }
  }
  return out;
}

const samplesOf = ({ e, r }: Mv) => tableSamples(e, r);

/** Align two models' samples on shared keys, stratified by A's groups (or by config). */
function align(a: Map<string, SampleValue[]>, bValues: readonly SampleValue[]) {
  const b = new Map(bValues.map((s) => [s.key, s.value]));
  const ga: number[][] = [];
  const gb: number[][] = [];
  for (const [, list] of [...a].sort(([x], [y]) => x.localeCompare(y))) {
    const xa: number[] = [];
    const xb: number[] = [];
    for (const s of list) {
      const v = b.get(s.key);
      if (v === undefined) continue;
      xa.push(s.value);
      xb.push(v);
    }
    if (xa.length) { ga.push(xa); gb.push(xb); }
  }
  return { ga, gb, n: ga.reduce((s, g) => s + g.length, 0) };
}

const statOf = (g: number[][], family: (typeof FAMILIES)[number]) => combine(FAMILY_STAT[family], groupSums(g));
const pooled = (g: number[][]) => combine('pooled', groupSums(g));

/** Paired bootstrap per family (model-summary groups) and per subtask config, on shared samples. */
export async function compareMedvision(slugA: string, slugB: string, admitted: Admitted): Promise<Difference[]> {
  const A = resultsOf(slugA, admitted);
  const B = resultsOf(slugB, admitted);
  const out: Difference[] = [];
  for (const family of FAMILIES) {
    const a = A.get(family);
    const b = B.get(family);
    if (!a || !b) continue;
    const def = family === 'Detection' ? metric('mv-iou') : metric('mv-mre');
    const groups = summaryGroups(family, a.r, samplesOf(a));
    const { ga, gb, n } = align(groups, samplesOf(b));
    const shared = { benchmark: 'MedVision', def, unit: 'shared samples' };
    if (n > 0) {
      const boot = pairedBootstrap(ga, gb, FAMILY_STAT[family], { seedLabel: contentLabel(`compare/medvision/${family}`, [...ga, ...gb]) });
      out.push(fromBootstrap({ ...shared, task: `${FAMILY_TITLE[family]} (model summary${family === 'Detection' ? ', T/L' : ''})`, n, boot, a: statOf(ga, family), b: statOf(gb, family) }));
    }
    const byConfig = new Map<string, SampleValue[]>();
    for (const s of samplesOf(a)) byConfig.set(s.config, [...(byConfig.get(s.config) ?? []), s]);
    for (const [config, list] of [...byConfig].sort(([x], [y]) => x.localeCompare(y))) {
      const al = align(new Map([[config, list]]), samplesOf(b).filter((s) => s.config === config));
      if (al.n === 0) continue;
      const boot = pairedBootstrap(al.ga, al.gb, 'pooled', { seedLabel: contentLabel(`compare/medvision/${family}/${config}`, [...al.ga, ...al.gb]) });
      out.push(fromBootstrap({ ...shared, task: `${FAMILY_TITLE[family]} · ${shortSubtask(config)}`, n: al.n, boot, a: pooled(al.ga), b: pooled(al.gb) }));
    }
  }
  return out;
}
