/**
 * Paired comparison of two entries (model × harness) on the units both were scored on. Pure: the
 * build (pre-rendered compare pages) and the browser (`/compare/?a=…&b=…`, which fetches the two
 * entries' `/compare-data/<benchmark>/<entry>.json`) run exactly these functions on the same
 * `CompareData`, with the same seeds (named by the shared units' keys), so they print the same
 * numbers.
 *
 * Verdict rule, per row (one task scope of one benchmark):
 *  1. the two entries share at least the benchmark's `minUnits` units in that scope; below it the
 *     numbers are shown without an interval, test or verdict;
 *  2. the row's test: the two-sided percentile p-value of 0 from the same paired bootstrap that
 *     gives the 95 % interval; on binary rows (latch: each eval's majority outcome over its trials)
 *     also the exact McNemar test on the discordant evals, and the row's p is the larger of the two
 *     (both must reject: an intersection–union test, valid at the same level);
 *  3. Holm–Bonferroni over every tested row on the page (all benchmarks the pair shares);
 *  4. a verdict only when the Holm-adjusted p < 0.05 AND the 95 % interval of A − B excludes 0
 *     (and, on binary rows, McNemar's discordant counts lean the same way).
 */
import type { MetricDef } from './metric';
import { escapeHtml } from './escape';
import { formatDifference, formatMetric } from './format';
import { pairedBootstrap } from './stats/bootstrap';
import { combine, groupSums, type GroupStat } from './stats/group-stat';
import { holmAdjust } from './stats/holm';
import { discordant, mcnemarExact, type McNemar } from './stats/mcnemar';
import { pairedMeanDifference } from './stats/mean-interval';
import { keysLabel } from './stats/rng';

/** Family-wise error rate of the verdicts on one page. */
export const ALPHA = 0.05;
/** Replicates of every compare bootstrap (a MedVision scope draws fewer when very large: `replicatesFor`). */
export const COMPARE_REPLICATES = 2000;

/** What compare needs of a metric (JSON-safe: the client page gets it from the data file). */
export type CompareMetric = Pick<MetricDef, 'id' | 'label' | 'direction' | 'format' | 'unit'>;
export const compareMetric = ({ id, label, direction, format, unit }: MetricDef): CompareMetric => ({ id, label, direction, format: { ...format }, unit });

/** One entry's per-unit values of one block of units (a MedVision config, a latch task, a ClinicalBench column). */
export interface UnitBlock {
  id: string;
  /** Unit keys inside the block (doc ids, eval ids, seeds); a unit is shared when block and key match. */
  keys: string[];
  /** The unit's value; null (JSON) or a non-finite number is a failure (counts in n, not in a mean). */
  values: (number | null)[];
  /** Stratum of each unit (index into `CompareData.strata`); -1: left out of stratified scopes. */
  strata?: number[];
  /** Binary outcome per unit for McNemar (1 passed, 0 failed, null undecided: left out). */
  binary?: (0 | 1 | null)[];
}

/** One compared row: which blocks, how units combine, the seed prefix. */
export interface CompareScope {
  task: string;
  /** Metric id (one of `CompareData.metrics`). */
  metric: string;
  /** 'mean': paired mean difference over the units; a GroupStat: paired stratified bootstrap. */
  method: 'mean' | GroupStat;
  blocks: string[];
  /** 'strata': bootstrap strata are the units' strata (units without one are left out); 'none': one stratum. */
  stratify: 'strata' | 'none';
  /** Prefix of the seed label (the rest names the shared units: `keysLabel`). */
  seed: string;
}

/** Everything compare needs of one entry on one benchmark: what `/compare-data/<benchmark>/<entry>.json` holds. */
export interface CompareData {
  version: 1;
  /** Benchmark id and display name. */
  benchmark: string;
  name: string;
  /** Entry key (model × harness). */
  entry: string;
  /** Plural unit noun: "samples", "evals", "seeds". */
  unit: string;
  /** Fewest shared units in a scope for an interval, a test and a verdict. */
  minUnits: number;
  metrics: CompareMetric[];
  strata?: string[];
  blocks: UnitBlock[];
  scopes: CompareScope[];
}

/** A `UnitBlock` in typed arrays, its keys as indices into a `KeyTable` (what a build keeps of every entry). */
export interface PackedBlock {
  id: string;
  keys: Int32Array;
  /** null is stored as NaN: compare reads both as a failure, and JSON writes both as null. */
  values: Float64Array;
  strata?: Int32Array;
  /** 1, 0, or −1 for null. */
  binary?: Int8Array;
}

/** One entry's `CompareData` with its blocks packed. */
export type PackedCompareData = Omit<CompareData, 'blocks'> & { blocks: PackedBlock[] };

/** Unit key strings interned to indices (one table per benchmark: entries share their units' keys). */
export class KeyTable {
  private readonly ids = new Map<string, number>();
  private readonly keys: string[] = [];
  id(key: string): number {
    let i = this.ids.get(key);
    if (i === undefined) this.ids.set(key, (i = this.keys.push(key) - 1));
    return i;
  }
  key(id: number): string {
    return this.keys[id]!;
  }
}

/** `d` in typed arrays: ≈ 16 bytes per unit instead of a string and two boxed numbers. */
export function packCompareData(d: CompareData, table: KeyTable): PackedCompareData {
  return {
    ...d,
    blocks: d.blocks.map((b) => ({
      id: b.id,
      keys: Int32Array.from(b.keys, (k) => table.id(k)),
      values: Float64Array.from(b.values, (v) => (v === null ? NaN : v)),
      ...(b.strata ? { strata: Int32Array.from(b.strata) } : {}),
      ...(b.binary ? { binary: Int8Array.from(b.binary, (v) => (v === null ? -1 : v)) } : {}),
    })),
  };
}

/** The `CompareData` a packed one was made from (null failures come back as NaN: the same to compare and to JSON). */
export function unpackCompareData(p: PackedCompareData, table: KeyTable): CompareData {
  return {
    ...p,
    blocks: p.blocks.map((b) => ({
      id: b.id,
      keys: Array.from(b.keys, (i) => table.key(i)),
      values: Array.from(b.values),
      ...(b.strata ? { strata: Array.from(b.strata) } : {}),
      ...(b.binary ? { binary: Array.from(b.binary, (v) => (v < 0 ? null : (v as 0 | 1))) } : {}),
    })),
  };
}

export type Verdict = 'a' | 'b' | 'tie' | 'insufficient';

/** One paired comparison row. */
export interface Difference {
  /** Benchmark display name. */
  benchmark: string;
  task: string;
  def: CompareMetric;
  /** Shared units. */
  n: number;
  /** "shared samples" */
  unit: string;
  minUnits: number;
  a: number;
  b: number;
  /** a − b, with a paired 95 % interval (NaN below the minimum). */
  diff: number;
  lo: number;
  hi: number;
  replicates: number;
  /** Two-sided percentile-bootstrap p of 0; null when not tested. */
  pBoot: number | null;
  /** Binary rows: discordant units (b: only A passed; c: only B passed), exact p, and the units with an outcome on both sides. */
  mcnemar?: McNemar & { pairs: number };
  /** The row's test p (pBoot, or the larger of pBoot and McNemar's p); null when not tested. */
  p: number | null;
  /** Holm-adjusted over every tested row of the page. */
  pAdj: number | null;
  verdict: Verdict;
  /** Why this verdict, in one line. */
  reason: string;
}

/** Which side the interval of a − b favours, given the metric's direction. */
export function verdictOf(def: Pick<MetricDef, 'direction'>, lo: number, hi: number): 'a' | 'b' | 'tie' {
  if (!(lo > 0) && !(hi < 0)) return 'tie';
  const aHigher = lo > 0;
  return (def.direction === 'higher') === aHigher ? 'a' : 'b';
}

export const mean = (x: readonly number[]) => x.reduce((s, v) => s + v, 0) / x.length;

/** Code-unit order: identical in every JS engine and locale (never localeCompare). */
export const byCodeUnit = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The canonical order of a pair of entry keys: pages, seeds and groupings never depend on which was picked first. */
export const canonicalPair = (x: string, y: string): [string, string] => (byCodeUnit(x, y) <= 0 ? [x, y] : [y, x]);

/** A value as compare hashes and resamples it: every failure is the one NaN, −0 is 0 (JSON round-trips neither). */
const canon = (v: number | null | undefined): number => (typeof v !== 'number' || !Number.isFinite(v) ? NaN : v === 0 ? 0 : v);

/** The JSON file's text as CompareData (null values are failures). */
export function parseCompareData(text: string): CompareData {
  const d = JSON.parse(text) as CompareData;
  if (d.version !== 1 || !Array.isArray(d.blocks) || !Array.isArray(d.scopes)) throw new Error('not a compare-data file (version 1)');
  return d;
}

interface Aligned {
  /** Strata, in code-unit order of their names; each holds the pairs in block, then key order. */
  ga: number[][];
  gb: number[][];
  /** Binary outcomes, flattened in the same order (only when both blocks carry them). */
  binA?: (0 | 1 | null)[];
  binB?: (0 | 1 | null)[];
  /** Each stratum's shared units as block id, key, block id, key, … (what the seed is named by). */
  units: string[][];
  n: number;
}

function align(A: CompareData, B: CompareData, sa: CompareScope, sb: CompareScope): Aligned {
  const aBlocks = new Map(A.blocks.map((b) => [b.id, b]));
  const bBlocks = new Map(B.blocks.map((b) => [b.id, b]));
  const ids = sa.blocks.filter((id) => sb.blocks.includes(id) && aBlocks.has(id) && bBlocks.has(id)).sort(byCodeUnit);
  const strata = new Map<string, { xa: number[]; xb: number[]; ba: (0 | 1 | null)[]; bb: (0 | 1 | null)[]; units: string[] }>();
  let binary = ids.length > 0;
  let n = 0;
  for (const id of ids) {
    const ba = aBlocks.get(id)!;
    const bb = bBlocks.get(id)!;
    if (!ba.binary || !bb.binary) binary = false;
    const inB = new Map(bb.keys.map((k, i) => [k, i]));
    const order = ba.keys.map((k, i) => [k, i] as const).sort(([x], [y]) => byCodeUnit(x, y));
    for (const [key, i] of order) {
      const j = inB.get(key);
      if (j === undefined) continue;
      let name = '';
      if (sa.stratify === 'strata') {
        const s = ba.strata?.[i] ?? -1;
        if (s < 0 || (bb.strata?.[j] ?? -1) < 0) continue;
        name = A.strata?.[s] ?? String(s);
      }
      let g = strata.get(name);
      if (!g) strata.set(name, (g = { xa: [], xb: [], ba: [], bb: [], units: [] }));
      g.xa.push(canon(ba.values[i]));
      g.xb.push(canon(bb.values[j]));
      g.ba.push(ba.binary?.[i] ?? null);
      g.bb.push(bb.binary?.[j] ?? null);
      g.units.push(id, key);
      n++;
    }
  }
  const groups = [...strata].sort(([x], [y]) => byCodeUnit(x, y)).map(([, g]) => g);
  return {
    ga: groups.map((g) => g.xa),
    gb: groups.map((g) => g.xb),
    units: groups.map((g) => g.units),
    ...(binary ? { binA: groups.flatMap((g) => g.ba), binB: groups.flatMap((g) => g.bb) } : {}),
    n,
  };
}

/** Shared units of two entries on one benchmark, summed over scopes (0: nothing to compare). */
export function sharedUnits(A: CompareData, B: CompareData): number {
  let n = 0;
  for (const sa of A.scopes) {
    const sb = B.scopes.find((s) => s.task === sa.task);
    if (sb) n += align(A, B, sa, sb).n;
  }
  return n;
}

/** The rows of one benchmark before Holm: A's scopes that B has too, on their shared units. */
function rowsOf(A: CompareData, B: CompareData): Difference[] {
  if (A.benchmark !== B.benchmark) throw new RangeError(`compare-data of two benchmarks (${A.benchmark}, ${B.benchmark})`);
  const defs = new Map([...A.metrics, ...B.metrics].map((d) => [d.id, d]));
  const out: Difference[] = [];
  for (const sa of A.scopes) {
    const sb = B.scopes.find((s) => s.task === sa.task && s.metric === sa.metric && s.method === sa.method);
    if (!sb) continue;
    const def = defs.get(sa.metric);
    if (!def) throw new RangeError(`unknown metric ${sa.metric}`);
    const { ga, gb, binA, binB, units, n } = align(A, B, sa, sb);
    if (n === 0) continue;
    const xa = ga.flat();
    const xb = gb.flat();
    const a = sa.method === 'mean' ? mean(xa) : combine(sa.method, groupSums(ga));
    const b = sa.method === 'mean' ? mean(xb) : combine(sa.method, groupSums(gb));
    const minUnits = Math.max(A.minUnits, B.minUnits);
    const base = { benchmark: A.name, task: sa.task, def, n, unit: `shared ${A.unit}`, minUnits, a, b, pAdj: null };
    if (n < minUnits) {
      out.push({ ...base, diff: a - b, lo: NaN, hi: NaN, replicates: 0, pBoot: null, p: null, verdict: 'insufficient', reason: `only ${n} shared ${n === 1 ? A.unit.replace(/s$/, '') : A.unit}: a verdict needs at least ${minUnits}` });
      continue;
    }
    let diff: number, lo: number, hi: number, replicates: number, pBoot: number;
    const seedLabel = keysLabel(sa.seed, units);
    if (sa.method === 'mean') {
      const d = pairedMeanDifference(xb, xa, seedLabel, COMPARE_REPLICATES); // mean of a − b
      ({ estimate: diff, lo, hi } = d);
      replicates = d.replicates;
      pBoot = d.p ?? NaN;
    } else {
      const boot = pairedBootstrap(ga, gb, sa.method, { seedLabel, replicates: COMPARE_REPLICATES }); // b − a
      diff = -boot.estimate;
      lo = -boot.hi;
      hi = -boot.lo;
      replicates = boot.replicates;
      pBoot = boot.p ?? NaN;
    }
    const pb = Number.isFinite(pBoot) ? pBoot : null;
    let mcnemar: Difference['mcnemar'];
    if (binA && binB) {
      const d = discordant(binA, binB);
      mcnemar = { ...mcnemarExact(d.b, d.c), pairs: d.pairs };
    }
    const p = pb === null ? null : mcnemar ? Math.max(pb, mcnemar.p) : pb;
    out.push({ ...base, diff, lo, hi, replicates, pBoot: pb, ...(mcnemar ? { mcnemar } : {}), p, verdict: 'tie', reason: p === null ? 'no finite bootstrap replicates' : '' });
  }
  return out;
}

const fmtP = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/** Holm over the tested rows, then the verdict rule (see the top of this file). */
function decide(rows: Difference[]): Difference[] {
  const adj = holmAdjust(rows.map((r) => r.p));
  return rows.map((r, i) => {
    const pAdj = adj[i] ?? null;
    if (r.verdict === 'insufficient' || pAdj === null) return { ...r, pAdj };
    const side = verdictOf(r.def, r.lo, r.hi);
    if (pAdj >= ALPHA) return { ...r, pAdj, verdict: 'tie', reason: `Holm-adjusted p = ${fmtP(pAdj)} ≥ ${ALPHA}` };
    if (side === 'tie') return { ...r, pAdj, verdict: 'tie', reason: 'the 95 % interval includes 0' };
    if (r.mcnemar && r.mcnemar.b !== r.mcnemar.c && r.mcnemar.b > r.mcnemar.c !== r.diff > 0) return { ...r, pAdj, verdict: 'tie', reason: 'McNemar and the bootstrap lean opposite ways' };
    return { ...r, pAdj, verdict: side, reason: `Holm-adjusted p = ${fmtP(pAdj)}, interval excludes 0` };
  });
}

/**
 * Every row of one page: the pair's data on each benchmark both were scored on (A first, in
 * canonical order), Holm-adjusted together.
 */
export function compareData(pairs: readonly (readonly [CompareData, CompareData])[]): Difference[] {
  return decide(pairs.flatMap(([a, b]) => rowsOf(a, b)));
}

/** A side of a compare page: `slug` the entry key, `name` "model · harness", `modelSlug` the model page. */
export interface CompareSide { slug: string; name: string; modelSlug?: string }

const value = (d: Difference, v: number) => `<span data-metric="${escapeHtml(d.def.id)}">${formatMetric(d.def, v)}</span>`;
const signed = (d: Difference, v: number) => formatDifference(d.def, v, { signed: true });
/** JSON numbers for `data-raw` (NaN as null). */
const raw = (d: Difference) => JSON.stringify({ n: d.n, a: d.a, b: d.b, diff: d.diff, lo: d.lo, hi: d.hi, p: d.p, pAdj: d.pAdj, replicates: d.replicates, verdict: d.verdict, ...(d.mcnemar ? { mcnemar: d.mcnemar } : {}) });

/**
 * The tables of a compare page as markup, one per benchmark: the pre-rendered page and the
 * client compare page insert this same string, so the two can only differ in their data.
 */
export interface CompareHtmlOptions {
  /** The per-sample explorer link (without the base URL) showing both entries where they disagree on a benchmark (by display name); absent: no link. */
  explore?: (benchmarkName: string) => string | undefined;
}

export function compareTablesHtml(a: CompareSide, b: CompareSide, diffs: readonly Difference[], base: string, opts: CompareHtmlOptions = {}): string {
  const e = escapeHtml;
  if (diffs.length === 0) return '<p data-empty><strong>No shared units.</strong> These two entries were not scored on any common units, so there is nothing to compare.</p>';
  const tested = diffs.filter((d) => d.p !== null).length;
  const parts: string[] = [];
  parts.push(`<p class="small" data-holm="${tested}">Verdicts: at least the benchmark's minimum of shared units, Holm–Bonferroni over the ${tested} tested row${tested === 1 ? '' : 's'} on this page (adjusted p &lt; ${ALPHA}) and a 95 % interval of A − B that excludes 0. Binary outcomes (latch: each eval's majority over its trials) also need the exact McNemar test on the discordant evals.</p>`);
  for (const bench of [...new Set(diffs.map((d) => d.benchmark))]) {
    const rows = diffs.filter((d) => d.benchmark === bench);
    const binary = rows.some((d) => d.mcnemar);
    const explore = opts.explore?.(bench);
    const exploreLink = explore ? `<a href="${e(`${base}${explore}`)}" data-explore>where do these two disagree?</a>` : '';
    parts.push(`<section><h2>${e(bench)}</h2><p class="small muted">A verdict needs at least ${rows[0]!.minUnits} ${e(rows[0]!.unit)}.${exploreLink ? ` Per-sample results side by side: ${exploreLink}` : ''}</p>`);
    parts.push(`<div class="table-wrap" role="region" aria-label="${e(bench)} differences" tabindex="0"><table class="board" data-compare data-benchmark="${e(bench)}">`);
    parts.push(`<thead><tr><th scope="col" class="l">Task</th><th scope="col" class="l">Metric</th><th scope="col">Shared n</th><th scope="col">A</th><th scope="col">B</th><th scope="col">A − B</th><th scope="col">95 % interval</th>${binary ? '<th scope="col">McNemar (b, c; p)</th>' : ''}<th scope="col">p (Holm)</th><th scope="col" class="l">Verdict</th></tr></thead><tbody>`);
    for (const d of rows) {
      const verdict =
        d.verdict === 'a' ? `<span class="pos">${e(a.name)} is better</span>`
        : d.verdict === 'b' ? `<span class="neg">${e(b.name)} is better</span>`
        : d.verdict === 'insufficient' ? '<span class="muted">too few shared units</span>'
        : '<span class="muted">no clear difference</span>';
      const mc = d.mcnemar ? `${d.mcnemar.b}, ${d.mcnemar.c}; ${fmtP(d.mcnemar.p)}` : '—';
      parts.push(
        `<tr data-task="${e(d.task)}" data-raw="${e(raw(d))}">` +
          `<th scope="row" class="l">${e(d.task)}${explore ? ` <a class="small" href="${e(`${base}${explore}`)}" data-explore-row aria-label="${e(`samples of both entries on ${d.task}`)}">samples</a>` : ''}</th>` +
          `<td class="l"><a href="${e(`${base}metrics/${d.def.id}/`)}">${e(d.def.label)}</a> <span class="muted small">(${d.def.direction} better)</span></td>` +
          `<td>${d.n.toLocaleString('en-US')} <span class="muted small">${e(d.unit.replace('shared ', ''))}</span></td>` +
          `<td>${value(d, d.a)}</td>` +
          `<td>${value(d, d.b)}</td>` +
          `<td><span data-metric-diff="${e(d.def.id)}">${signed(d, d.diff)}</span></td>` +
          `<td class="ci">${Number.isFinite(d.lo) && Number.isFinite(d.hi) ? `<span data-metric-diff="${e(d.def.id)}">[${signed(d, d.lo)}, ${signed(d, d.hi)}]</span>` : '—'}</td>` +
          (binary ? `<td>${mc}</td>` : '') +
          `<td>${d.p === null ? '—' : `${fmtP(d.p)} (${d.pAdj === null ? '—' : fmtP(d.pAdj)})`}</td>` +
          `<td class="l">${verdict}<br><span class="muted small">${e(d.reason)}</span></td></tr>`,
      );
    }
    parts.push('</tbody></table></div></section>');
  }
  return parts.join('');
}
