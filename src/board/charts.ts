import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import type { Board, Section } from '../core/board';
import { formatRankRange } from '../core/stats/rank-range';
import { rangeLabel, shownInterval } from './about';

/** Charts are drawn at build time: Observable Plot on a linkedom document, serialised to SVG. */
function render(options: Plot.PlotOptions, label: string): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  type El = { outerHTML: string; setAttribute(k: string, v: string): void; removeAttribute(k: string): void; querySelectorAll(s: string): El[] };
  const el = Plot.plot({ ...options, document } as Plot.PlotOptions) as unknown as El;
  // One accessible image per chart; Plot's per-mark labels are not allowed inside role=img.
  for (const g of el.querySelectorAll('[aria-label]')) g.removeAttribute('aria-label');
  for (const g of el.querySelectorAll('[aria-description]')) g.removeAttribute('aria-description');
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', label);
  return el.outerHTML;
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Charts show at most this many models (the best-ranked); the table always has every row. */
export const CHART_MODELS = 40;
const capped = (n: number) => (n > CHART_MODELS ? ` Showing the top ${CHART_MODELS} of ${n}; the table has all.` : '');

export interface ChartSpec {
  id: string;
  title: string;
  /** Text alternative: what the chart shows, for screen readers (the table holds the numbers). */
  summary: string;
  svg: string;
  width: number;
  height: number;
}

/** A chart's label of an entry: "model · harness" (grid cells carry the same label). */
const entryName = (r: { model: string; harness: string; synthetic?: boolean }) => `${entryKeyLabel(r)}${r.synthetic ? ' (synthetic)' : ''}`;
/** The grid cells' key of an entry (`Board['grid'][].model`), without the synthetic mark. */
const entryKeyLabel = (r: { model: string; harness: string }) => `${r.model} · ${r.harness}`;

/**
 * Forest plot: each model's primary value with its 95 % interval, in rank order, labelled with its
 * rank range. Intervals are drawn truncated to the metric's range; a truncated end gets an arrow.
 */
export function forestPlot(board: Board, section: Section): ChartSpec | undefined {
  const all = section.rows.filter((r) => finite(r.primary));
  if (all.length === 0) return undefined;
  const rows = all.slice(0, CHART_MODELS);
  const def = board.primary.def;
  const k = def.format.kind === 'percent' ? 100 : 1;
  const data = rows.map((r) => {
    const iv = r.interval ? shownInterval(def, r.interval.lo, r.interval.hi) : undefined;
    return {
      model: `${formatRankRange(r.rankRange)}. ${entryName(r)}`,
      v: r.primary! * k,
      lo: iv ? iv.lo * k : r.primary! * k,
      hi: iv ? iv.hi * k : r.primary! * k,
      cutLo: !!iv && iv.lo !== r.interval!.lo,
      cutHi: !!iv && iv.hi !== r.interval!.hi,
      top: r.rankRange[0] === 1,
    };
  });
  const truncated = data.some((d) => d.cutLo || d.cutHi);
  const width = 640;
  const height = Math.max(80, 28 + rows.length * 22);
  const svg = render({
    width,
    height,
    marginLeft: 200,
    style: { fontSize: '12px', background: 'transparent' },
    x: { label: `${board.primary.label} ${def.direction === 'lower' ? '← better' : 'better →'}`, grid: true },
    // Labels keep the rank range and the start of the name inside the margin; the table has the full names.
    y: { label: null, domain: data.map((d) => d.model), tickFormat: (m: string) => (m.length > 34 ? `${m.slice(0, 33)}…` : m) },
    marks: [
      Plot.ruleY(data, { y: 'model', x1: 'lo', x2: 'hi', stroke: 'currentColor', strokeWidth: 2 }),
      Plot.text(data.filter((d) => d.cutLo), { y: 'model', x: 'lo', text: () => '◀', fill: 'currentColor', textAnchor: 'end', dx: 2 }),
      Plot.text(data.filter((d) => d.cutHi), { y: 'model', x: 'hi', text: () => '▶', fill: 'currentColor', textAnchor: 'start', dx: -2 }),
      Plot.dot(data, { y: 'model', x: 'v', r: 4, fill: (d: { top: boolean }) => (d.top ? '#1f77b4' : '#888'), stroke: 'currentColor' }),
    ],
  }, `Forest plot of ${board.primary.label} with 95 % intervals and rank ranges, ${section.title}`);
  const range = rangeLabel(def);
  return {
    id: `forest-${section.id}`,
    title: `${board.primary.label} with 95 % intervals — ${section.title}`,
    summary: `Forest plot of ${rows.length} models, labelled with their rank ranges; blue dots are the models whose range includes 1 (statistically indistinguishable from the leader).${truncated && range ? ` Intervals are drawn truncated to the metric's range ${range}; an arrow marks a truncated end.` : ''}${capped(all.length)}`,
    svg,
    width,
    height,
  };
}

/** Subtask heat grid: models × subtask configs, coloured by the primary metric. */
export function heatGrid(board: Board, sectionId: string): ChartSpec | undefined {
  const section = board.sections.find((s) => s.id === sectionId);
  const ranked = (section?.rows ?? []).map(entryKeyLabel);
  const shown = new Map((section?.rows ?? []).map((r) => [entryKeyLabel(r), entryName(r)]));
  const top = new Set(ranked.slice(0, CHART_MODELS));
  const cells = (board.grid ?? []).filter((c) => c.section === sectionId && finite(c.value) && top.has(c.model));
  if (cells.length === 0) return undefined;
  const k = board.primary.def.format.kind === 'percent' ? 100 : 1;
  const models = ranked.filter((m) => top.has(m));
  const subtasks = [...new Set(cells.map((c) => c.subtask))].sort();
  const width = 640;
  const height = 120 + models.length * 26;
  const labels = new Map(cells.map((c) => [c.subtask, c.subtaskLabel ?? c.subtask]));
  const label = (s: string) => labels.get(s) ?? s;
  const svg = render({
    width,
    height,
    marginLeft: 160,
    marginBottom: 80,
    style: { fontSize: '11px', background: 'transparent' },
    x: { label: null, domain: subtasks, tickRotate: -25, tickFormat: label },
    y: { label: null, domain: models, tickFormat: (m: string) => shown.get(m) ?? m },
    color: { scheme: board.primary.def.direction === 'lower' ? 'blues' : 'greens', reverse: board.primary.def.direction === 'lower', legend: false },
    marks: [
      Plot.cell(cells, { x: 'subtask', y: 'model', fill: (c: { value: number }) => c.value * k, inset: 0.5 }),
      Plot.text(cells, { x: 'subtask', y: 'model', text: (c: { value: number }) => (c.value * k).toFixed(k === 100 ? 0 : 2), fill: 'black', stroke: 'white', strokeWidth: 3, paintOrder: 'stroke' }),
    ],
  }, `Heat grid of ${board.primary.label} per model and subtask`);
  return {
    id: `grid-${sectionId}`,
    title: `${board.primary.label} per subtask — ${section?.shortTitle ?? section?.title ?? sectionId}`,
    summary: `Heat grid of ${models.length} models × ${subtasks.length} subtask configs in rank order; the value is printed in each cell.${capped(ranked.length)}`,
    svg,
    width,
    height,
  };
}

/** Score vs model release date. */
export function scoreVsDate(board: Board, section: Section): ChartSpec | undefined {
  const all = section.rows.filter((r) => finite(r.primary) && r.releaseDate);
  if (all.length < 2) return undefined;
  const rows = all.slice(0, CHART_MODELS);
  const k = board.primary.def.format.kind === 'percent' ? 100 : 1;
  const data = rows.map((r) => ({ date: new Date(`${r.releaseDate}T00:00:00Z`), v: r.primary! * k, model: entryName(r), weights: r.weights }));
  const width = 640;
  const height = 300;
  const svg = render({
    width,
    height,
    marginRight: 130,
    marginLeft: 50,
    style: { fontSize: '12px', background: 'transparent' },
    x: { label: 'Model release date', type: 'utc', inset: 10 },
    y: { label: `${board.primary.label} (up is better)`, grid: true, reverse: board.primary.def.direction === 'lower', inset: 10 },
    symbol: { domain: ['open', 'closed'], range: ['circle', 'triangle'], legend: false },
    marks: [
      Plot.dot(data, { x: 'date', y: 'v', symbol: 'weights', r: 5, stroke: 'currentColor', fill: 'currentColor' }),
      ...(data.length <= 12 ? [Plot.text(data, { x: 'date', y: 'v', text: 'model', dx: 8, textAnchor: 'start', fill: 'currentColor' })] : []),
    ],
  }, `${board.primary.label} against model release date, ${section.title}`);
  return { id: `date-${section.id}`, title: `${board.primary.label} vs release date — ${section.title}`, summary: `${rows.length} models by release date; circles are open weights, triangles closed.${capped(all.length)}`, svg, width, height };
}

/** `BraTS24_TumorLesionSize_Task05_Axial` → `BraTS24 T05 Axial`. */
