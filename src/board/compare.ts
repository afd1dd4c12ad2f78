import { metric } from '../metrics/registry';
import { pairedBootstrap, type BootstrapResult } from '../stats/bootstrap';
import { pairedMeanDifference } from '../stats/mean-interval';
import { combine, groupSums } from '../stats/group-stat';
import type { ModelResult } from '../ingest/medvision/score-tree';
import type { MetricDef } from '../metrics/types';
import { FAMILIES, FAMILY_STAT, FAMILY_TITLE, summaryGroups } from './medvision-boards';
import { loadMedvision, samplesOf as tableSamples, type MedvisionEntry, type SampleValue } from './medvision-load';
import { loadLatch, perEvalMeans } from './latch';
import { onBoards } from './submission-meta';
import { slugify } from './slug';
import { shortSubtask } from './charts';
import type { RunOutcome } from '../scorers/latch/aggregate';
import { summarizeEpisodes, type SeedRow } from '../scorers/clinicalbench/aggregate';
import { loadClinicalbench } from './clinicalbench';

export interface Difference {
  benchmark: string;
  task: string;
  def: MetricDef;
  /** Shared units (samples, evals). */
  n: number;
  unit: string;
  a: number;
  b: number;
  /** a − b with a paired-bootstrap 95 % interval. */
  diff: number;
  lo: number;
  hi: number;
  /** Which model is better when the interval excludes 0. */
  verdict: 'a' | 'b' | 'tie';
}

function verdict(def: MetricDef, lo: number, hi: number): Difference['verdict'] {
  if (!(lo > 0) && !(hi < 0)) return 'tie';
  const aHigher = lo > 0;
  return (def.direction === 'higher') === aHigher ? 'a' : 'b';
}

type Mv = { e: MedvisionEntry; r: ModelResult };

function medvisionResults(slug: string): Map<string, Mv> {
  const out = new Map<string, Mv>();
  for (const e of loadMedvision()) {
    if (!onBoards(e.submission, e.findings) || slugify(e.submission.model.name) !== slug) continue;
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

function fromBoot(benchmark: string, task: string, def: MetricDef, n: number, unit: string, ab: BootstrapResult, aVal: number, bVal: number): Difference {
  const diff = -ab.estimate; // bootstrap gives b − a
  return { benchmark, task, def, n, unit, a: aVal, b: bVal, diff, lo: -ab.hi, hi: -ab.lo, verdict: verdict(def, -ab.hi, -ab.lo) };
}

function medvisionDiffs(slugA: string, slugB: string): Difference[] {
  const A = medvisionResults(slugA);
  const B = medvisionResults(slugB);
  const out: Difference[] = [];
  for (const family of FAMILIES) {
    const a = A.get(family);
    const b = B.get(family);
    if (!a || !b) continue;
    const def = family === 'Detection' ? metric('mv-iou') : metric('mv-mre');
    const label = `seed:${slugA}|${slugB}|${family}`;
    const groups = summaryGroups(family, a.r, samplesOf(a));
    const { ga, gb, n } = align(groups, samplesOf(b));
    if (n > 0) {
      const boot = pairedBootstrap(ga, gb, FAMILY_STAT[family], { seedLabel: label });
      out.push(fromBoot('MedVision', `${FAMILY_TITLE[family]} (model summary${family === 'Detection' ? ', T/L' : ''})`, def, n, 'shared samples', boot, statOf(ga, family), statOf(gb, family)));
    }
    const byConfig = new Map<string, SampleValue[]>();
    for (const s of samplesOf(a)) byConfig.set(s.config, [...(byConfig.get(s.config) ?? []), s]);
    for (const [config, list] of [...byConfig].sort(([x], [y]) => x.localeCompare(y))) {
      const al = align(new Map([[config, list]]), samplesOf(b).filter((s) => s.config === config));
      if (al.n === 0) continue;
      const boot = pairedBootstrap(al.ga, al.gb, 'pooled', { seedLabel: `${label}|${config}` });
      out.push(fromBoot('MedVision', `${FAMILY_TITLE[family]} · ${shortSubtask(config)}`, def, al.n, 'shared samples', boot, pooled(al.ga), pooled(al.gb)));
    }
  }
  return out;
}

const statOf = (g: number[][], family: (typeof FAMILIES)[number]) => combine(FAMILY_STAT[family], groupSums(g));
const pooled = (g: number[][]) => combine('pooled', groupSums(g));

async function latchDiffs(slugA: string, slugB: string): Promise<Difference[]> {
  const entries = (await loadLatch()).filter((e) => onBoards(e.submission, e.findings));
  const runsOf = (slug: string) => entries.filter((e) => slugify(e.submission!.model.name) === slug).flatMap((e) => e.outcomes);
  const ra = runsOf(slugA);
  const rb = runsOf(slugB);
  if (!ra.length || !rb.length) return [];
  const def = metric('latch-accuracy');
  const scopes: [string, (o: RunOutcome) => boolean][] = [['Overall', () => true]];
  for (const t of [...new Set([...ra, ...rb].map((o) => o.task).filter((t): t is string => !!t))].sort()) scopes.push([`Task: ${t}`, (o) => o.task === t]);
  const out: Difference[] = [];
  for (const [task, keep] of scopes) {
    const ma = perEvalMeans(ra.filter(keep));
    const mb = perEvalMeans(rb.filter(keep));
    const shared = Object.keys(ma).filter((k) => k in mb).sort();
    if (!shared.length) continue;
    const xa = shared.map((k) => ma[k]!);
    const xb = shared.map((k) => mb[k]!);
    const d = pairedMeanDifference(xb, xa, `latch|${slugA}|${slugB}|${task}`); // a − b
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    out.push({ benchmark: 'Latch', task, def, n: shared.length, unit: 'shared evals', a: mean(xa), b: mean(xb), diff: d.estimate, lo: d.lo, hi: d.hi, verdict: verdict(def, d.lo, d.hi) });
  }
  return out;
}

async function clinicalDiffs(slugA: string, slugB: string): Promise<Difference[]> {
  const entries = (await loadClinicalbench()).filter((e) => onBoards(e.submission, e.findings));
  const rowsOf = (slug: string) => {
    const eps = entries.filter((e) => slugify(e.submission!.model.name) === slug).flatMap((e) => e.episodes);
    return eps.length ? summarizeEpisodes(eps).rows : [];
  };
  const ra = rowsOf(slugA);
  const rb = rowsOf(slugB);
  if (!ra.length || !rb.length) return [];
  const cols: [string, keyof SeedRow, MetricDef][] = [
    ['Average', 'average', metric('cb-average')],
    ['Easy', 'easy', metric('cb-benchmark-score')],
    ['Medium', 'medium', metric('cb-benchmark-score')],
    ['Hard', 'hard', metric('cb-benchmark-score')],
  ];
  const out: Difference[] = [];
  for (const [task, key, def] of cols) {
    const mb = new Map(rb.map((r) => [r.seed, r[key] as number | null]));
    const shared = ra.filter((r) => typeof r[key] === 'number' && typeof mb.get(r.seed) === 'number');
    if (!shared.length) continue;
    const xa = shared.map((r) => r[key] as number);
    const xb = shared.map((r) => mb.get(r.seed) as number);
    const d = pairedMeanDifference(xb, xa, `clinicalbench|${slugA}|${slugB}|${task}`);
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    out.push({ benchmark: 'ClinicalBench', task, def, n: shared.length, unit: 'shared seeds', a: mean(xa), b: mean(xb), diff: d.estimate, lo: d.lo, hi: d.hi, verdict: verdict(def, d.lo, d.hi) });
  }
  return out;
}

export interface ComparePair {
  a: { slug: string; name: string };
  b: { slug: string; name: string };
  diffs: Difference[];
}

export async function comparePair(a: { slug: string; name: string }, b: { slug: string; name: string }): Promise<ComparePair> {
  return { a, b, diffs: [...medvisionDiffs(a.slug, b.slug), ...(await latchDiffs(a.slug, b.slug)), ...(await clinicalDiffs(a.slug, b.slug))] };
}

/** Model pairs to pre-render: pairs sharing a benchmark, for benchmarks with at most `cap` models. */
export function comparePairs<T extends { slug: string; submissions: readonly { benchmark: string }[] }>(models: readonly T[], cap = 40): [T, T][] {
  const sorted = [...models].sort((x, y) => x.slug.localeCompare(y.slug));
  const out: [T, T][] = [];
  for (const bench of new Set(sorted.flatMap((m) => m.submissions.map((s) => s.benchmark)))) {
    const group = sorted.filter((m) => m.submissions.some((s) => s.benchmark === bench));
    if (group.length > cap) continue;
    for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) out.push([group[i]!, group[j]!]);
  }
  const seen = new Set<string>();
  return out.filter(([a, b]) => !seen.has(`${a.slug}/${b.slug}`) && !!seen.add(`${a.slug}/${b.slug}`)).sort(([a, b], [c, d]) => a.slug.localeCompare(c.slug) || b.slug.localeCompare(d.slug));
}
