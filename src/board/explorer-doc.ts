/**
 * The explorer's data document (`/explore-data/<benchmark>/<unit>.json`) and the pure selection
 * logic on it: which samples a filter keeps and in which order. The build renders the first rows
 * with these functions and the browser (`src/components/explorer/explorer-enhance.ts`) runs the
 * same ones on the fetched document, so both show the same rows for the same URL.
 */
import type { MetricDef } from '../core/metric';
import { EXPLORER_FILTERS, type ExplorerFilter } from './explorer-paths';

export type DocMetric = Pick<MetricDef, 'id' | 'label' | 'direction' | 'format'>;

/** One entry's result on one sample: v value (null: none), o outcome (s success, f failure, x excluded), a answer, m further metrics, t number of long texts. */
export interface DocCell {
  v: number | null;
  o: 's' | 'f' | 'x';
  a: string;
  m?: (number | null)[];
  t?: number;
}

export interface DocEntry {
  key: string;
  /** "model · harness" */
  label: string;
  modelSlug: string;
  submission: string;
  ranked: boolean;
  synthetic: boolean;
}

export interface ExplorerDoc {
  version: 1;
  benchmark: string;
  benchmarkName: string;
  unit: string;
  label: string;
  unitKind: string;
  sampleNoun: string;
  truth: 'public' | 'hidden';
  metric: DocMetric;
  metrics: { label: string; def: DocMetric }[];
  margin: number;
  fields: string[];
  samples: { id: string; truth?: string; fields: (string | number | null)[] }[];
  entries: DocEntry[];
  /** `cells[entry][sample]`; null: the entry was not run on that sample. */
  cells: (DocCell | null)[][];
  /** Per entry, the path (without the base URL) of its long texts (`texts[sample]`: label/body pairs), or null. */
  texts: (string | null)[];
}

/** One entry's long texts on a unit: `/explore-data/<benchmark>/<unit>/<entry>.json`. */
export type DocTexts = ({ label: string; body: string }[] | null)[];

export interface ExplorerState {
  /** Entry indices shown, in order. */
  entries: number[];
  filter?: ExplorerFilter;
  /** `id` (the unit's order), `spread` (most disagreement first) or an entry index (its worst first). */
  sort: 'id' | 'spread' | number;
}

/** How much the selected entries disagree on sample `s`: Infinity when their outcomes differ, else the spread of their values; −1 with fewer than two results. */
export function disagreement(doc: ExplorerDoc, s: number, entries: readonly number[]): number {
  const cells = entries.map((e) => doc.cells[e]?.[s]).filter((c): c is DocCell => c !== null && c !== undefined && c.o !== 'x');
  if (cells.length < 2) return -1;
  if (cells.some((c) => c.o !== cells[0]!.o)) return Infinity;
  const v = cells.map((c) => c.v).filter((x): x is number => x !== null && Number.isFinite(x));
  return v.length < 2 ? 0 : Math.max(...v) - Math.min(...v);
}

export function keeps(doc: ExplorerDoc, s: number, state: ExplorerState): boolean {
  if (!state.filter) return true;
  const cells = state.entries.map((e) => doc.cells[e]?.[s]).filter((c): c is DocCell => c !== null && c !== undefined);
  if (state.filter === 'error') return cells.some((c) => c.o === 'f');
  if (state.filter === 'success') return cells.length > 0 && cells.every((c) => c.o === 's');
  return disagreement(doc, s, state.entries) >= doc.margin;
}

/** A cell's badness for "worst first": failures, then values from worst to best, then excluded and missing. */
function badness(doc: ExplorerDoc, c: DocCell | null | undefined): number {
  if (!c || c.o === 'x') return -Infinity;
  if (c.o === 'f' || c.v === null) return Infinity;
  return doc.metric.direction === 'lower' ? c.v : -c.v;
}

/** The sample indices the state shows, in its order (ties keep the unit's order). */
export function visibleSamples(doc: ExplorerDoc, state: ExplorerState): number[] {
  const idx = doc.samples.map((_, i) => i).filter((i) => keeps(doc, i, state));
  if (state.sort === 'spread') {
    const d = new Map(idx.map((i) => [i, disagreement(doc, i, state.entries)]));
    idx.sort((a, b) => d.get(b)! - d.get(a)! || a - b);
  } else if (typeof state.sort === 'number') {
    const col = doc.cells[state.sort] ?? [];
    const bad = new Map(idx.map((i) => [i, badness(doc, col[i])]));
    idx.sort((a, b) => (bad.get(b)! > bad.get(a)! ? 1 : bad.get(b)! < bad.get(a)! ? -1 : a - b));
  }
  return idx;
}

/** Rows of the first screen (the rest is loaded on demand). */
export const FIRST_ROWS = 25;
/** A unit of at most this many samples is rendered whole (every anchor works without JS). */
export const WHOLE_UNIT_ROWS = FIRST_ROWS + 15;

/** Entries shown when the URL selects none: the first `DEFAULT_ENTRIES` of the unit's order (ranked, best on the unit first). */
export const DEFAULT_ENTRIES = 20;
export const defaultEntries = (doc: { entries: readonly unknown[] }) => doc.entries.slice(0, DEFAULT_ENTRIES).map((_, i) => i);

/** The state a query string asks for (`e`, `f`, `s`: see `explorer-paths.ts`); unknown values are ignored. */
export function stateFromQuery(doc: { entries: readonly { key: string }[] }, query: string): ExplorerState {
  const q = new URLSearchParams(query);
  const byKey = new Map(doc.entries.map((e, i) => [e.key, i]));
  const picked = (q.get('e') ?? '').split(',').map((k) => byKey.get(k)).filter((i): i is number => i !== undefined);
  const entries = picked.length > 0 ? [...new Set(picked)] : defaultEntries(doc);
  const f = q.get('f');
  const filter = EXPLORER_FILTERS.find((x) => x === f);
  const s = q.get('s') ?? '';
  const sortEntry = s.startsWith('e:') ? byKey.get(s.slice(2)) : undefined;
  const sort = s === 'spread' ? 'spread' : sortEntry !== undefined ? sortEntry : 'id';
  return { entries, ...(filter ? { filter } : {}), sort };
}

/** The query string of a state (the inverse of `stateFromQuery`; the default entries, no filter and `id` sort are left out). */
export function queryOfState(doc: { entries: readonly { key: string }[] }, state: ExplorerState): string {
  const q = new URLSearchParams();
  const dflt = defaultEntries(doc);
  const isDefault = state.entries.length === dflt.length && state.entries.every((e, i) => e === dflt[i]);
  if (!isDefault) q.set('e', state.entries.map((i) => doc.entries[i]!.key).join(','));
  if (state.filter) q.set('f', state.filter);
  if (state.sort === 'spread') q.set('s', 'spread');
  else if (typeof state.sort === 'number') q.set('s', `e:${doc.entries[state.sort]!.key}`);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** One entry's tally on a unit: samples run, successes, failures, excluded, and the mean of its values (failures without a value and excluded samples left out). */
export interface EntrySummary {
  run: number;
  success: number;
  failure: number;
  excluded: number;
  mean: number | null;
}

/** Each entry's tally on the unit (`EntrySummary`). */
export function entrySummaries(doc: Pick<ExplorerDoc, 'cells'>): EntrySummary[] {
  return doc.cells.map((col) => {
    let run = 0, success = 0, failure = 0, excluded = 0, sum = 0, n = 0;
    for (const c of col) {
      if (!c) continue;
      run++;
      if (c.o === 's') success++;
      else if (c.o === 'f') failure++;
      else excluded++;
      if (c.o !== 'x' && c.v !== null && Number.isFinite(c.v)) {
        sum += c.v;
        n++;
      }
    }
    return { run, success, failure, excluded, mean: n > 0 ? sum / n : null };
  });
}

/**
 * What the unit page renders, without the unit's whole data document: the document cut to the
 * cells the page can show without JavaScript (the default state's: the first `DEFAULT_ENTRIES`
 * entries on the first `WHOLE_UNIT_ROWS` samples, every sample kept in the unit's order; the other
 * entries keep their identity and an empty column), the unit's sample count and each entry's
 * tally over all its samples. A build caches it beside the document, so rendering a cached unit's
 * page reads at most DEFAULT_ENTRIES × WHOLE_UNIT_ROWS cells instead of parsing every entry's
 * cells (O(entries × samples) per unit).
 */
export interface ExplorerPageView {
  doc: ExplorerDoc;
  sampleCount: number;
  tally: EntrySummary[];
}

export function pageView(doc: ExplorerDoc): ExplorerPageView {
  return {
    doc: { ...doc, samples: doc.samples.slice(0, WHOLE_UNIT_ROWS), cells: doc.cells.map((col, e) => (e < DEFAULT_ENTRIES ? col.slice(0, WHOLE_UNIT_ROWS) : [])) },
    sampleCount: doc.samples.length,
    tally: entrySummaries(doc),
  };
}
