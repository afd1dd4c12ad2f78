import * as Plot from '@observablehq/plot';
import type { Board, Row, Section } from '../core/board';
import type { MetricDef } from '../core/metric';
import type { ReportedView } from '../core/reported';
import { memoDrawn } from '../core/draw-memo';
import { shownInterval } from './about';
import {
  CHART_MODELS, FONT, WIDTHS, displayScale, entryName, fitLabel, newTags, shortNames, upIsBetterLabel, placeLabels, plotSvg, primaryDigits, tagMark, textWidth, tickCount, valueTitle,
  type ChartSpec, type ChartVariant, type LegendItem,
} from './charts-kit';

/** One point of a score scatter: x in its own units (Date, billions of parameters, USD), y in the metric's. */
export interface ScatterPoint {
  key: string;
  name: string;
  /** The label in the narrowest variant (defaults to `name`). */
  short?: string;
  x: number | Date;
  y: number;
  interval?: Row['interval'];
  /** The rank range, written "rank 1–2 of N" in the tooltip with `ScatterOptions.ranked` as N. */
  rank?: Row['rankRange'];
  /** Marker: open weights circle, closed weights triangle, no weights (rule-based) square; unknown: a circle, not in the legend. */
  weights: 'open' | 'closed' | 'n/a' | 'unknown';
}

export interface ScatterOptions {
  id: string;
  title: string;
  summary: string;
  section?: string;
  /** The y metric, its column label and display decimals. */
  metric: { def: MetricDef; label: string; digits: number };
  /** `format` names how an x value is written in tooltips and log-axis ticks (`X_FORMATS`). */
  x: { label: string; type: 'utc' | 'log' | 'linear'; format: XFormat };
  points: readonly ScatterPoint[];
  /** The N of each point's "rank r of N": the rows of the section (needed when a point has a rank). */
  ranked?: number;
}

/**
 * What a scatter draws, as plain data (`memoDrawn` keys the drawing by it): the first CHART_MODELS
 * points, and whether there are more. The counts are printed, not drawn (`Counts`): `total` points,
 * and `ranked` of "rank r of N".
 */
type ScatterInputs = Omit<ScatterOptions, 'points' | 'ranked'> & { points: ScatterPoint[]; capped: boolean };
type ScatterCounts = 'total' | 'ranked';

const HEIGHT: Record<number, number> = { 340: 300, 680: 360, 1020: 400 };
const TOP = 30;
const BOTTOM = 42;
const RIGHT = 24;
const R = 5;

/** Log-axis ticks on the 1-2-5 sequence inside `domain`, at least 48 px apart. */
function logTicks(domain: [number, number], px: (v: number) => number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(domain[0])); e <= Math.ceil(Math.log10(domain[1])); e++) {
    for (const m of [1, 2, 5]) {
      const v = Number((m * 10 ** e).toPrecision(3));
      if (v < domain[0] || v > domain[1]) continue;
      if (out.length === 0 || px(v) - px(out[out.length - 1]!) >= 48) out.push(v);
    }
  }
  return out;
}

function padded(lo: number, hi: number, log: boolean): [number, number] {
  if (log) return [lo / 1.5, hi * 1.5];
  const pad = hi > lo ? (hi - lo) * 0.08 : Math.abs(hi) * 0.1 || 1;
  return [lo - pad, hi + pad];
}

/**
 * A score scatter (y: the metric, up is better; x: release date, model size or cost): one marker
 * per entry with its interval as a vertical rule, and a direct label wherever one fits.
 */
export function scatterPlot(o: ScatterOptions): ChartSpec | undefined {
  if (o.points.length < 2) return undefined;
  const { ranked, ...drawn } = o;
  if (ranked === undefined && o.points.some((p) => p.rank)) throw new Error(`scatter ${o.id}: a point has a rank but the chart has no ranked count`);
  return memoDrawn('scatter', { ...drawn, points: o.points.slice(0, CHART_MODELS), capped: o.points.length > CHART_MODELS }, drawScatter, { total: o.points.length, ranked: ranked ?? 0 });
}

function drawScatter(o: ScatterInputs, count: Record<ScatterCounts, string>): ChartSpec {
  const { points } = o;
  const format = X_FORMATS[o.x.format];
  const { def, label, digits } = o.metric;
  const k = displayScale(def);
  const data = points.map((p) => {
    const iv = p.interval ? shownInterval(def, p.interval.lo, p.interval.hi) : undefined;
    return {
      ...p,
      xv: p.x instanceof Date ? p.x.getTime() : p.x,
      v: p.y * k,
      lo: (iv?.lo ?? p.y) * k,
      hi: (iv?.hi ?? p.y) * k,
      title: `${valueTitle({ name: p.name, label, def, digits, value: p.y, ...(p.interval ? { interval: p.interval } : {}), ...(p.rank ? { rank: { range: p.rank, of: count.ranked } } : {}) })}; ${o.x.label}: ${format(p.x)}`,
    };
  });
  const log = o.x.type === 'log';
  const [x0, x1] = padded(Math.min(...data.map((d) => d.xv)), Math.max(...data.map((d) => d.xv)), log);
  const yd = padded(Math.min(...data.map((d) => d.lo)), Math.max(...data.map((d) => d.hi)), false);
  const ticksY = [yd[0], yd[1]].map((v) => textWidth(String(Number(v.toPrecision(3)))));
  const marginLeft = Math.max(...ticksY) + 24;
  const alt = `${label} against ${o.x.label.toLowerCase()}${o.section ? `, ${o.title}` : ''}`;
  const variants: ChartVariant[] = WIDTHS.map((width) => {
    const height = HEIGHT[width]!;
    const xRange: [number, number] = [marginLeft, width - RIGHT];
    // Up is better: a lower-is-better metric runs downwards.
    const yRange: [number, number] = def.direction === 'lower' ? [TOP, height - BOTTOM] : [height - BOTTOM, TOP];
    const toDomain = (v: number) => (o.x.type === 'utc' ? new Date(v) : v);
    const xScale = Plot.scale({ x: { type: o.x.type, domain: [toDomain(x0), toDomain(x1)], range: xRange } });
    const yScale = Plot.scale({ y: { type: 'linear', domain: yd, range: yRange } });
    const px = data.map((d) => ({ x: xScale.apply(toDomain(d.xv)) as number, y: yScale.apply(d.v) as number, text: fitLabel(width <= WIDTHS[0] ? (d.short ?? d.name) : d.name, width * 0.45) }));
    const spots = placeLabels(px, { x: xRange[0], y: TOP, w: xRange[1] - xRange[0], h: height - BOTTOM - TOP }, R);
    const placed = data.flatMap((d, i) => (spots[i] ? [{ key: d.key, text: px[i]!.text, title: d.name, ...spots[i]! }] : []));
    const tags = newTags();
    const keys = data.map((d) => d.key);
    const byAnchor = (a: 'start' | 'end' | 'middle') => placed.filter((p) => p.anchor === a);
    const svg = plotSvg({
      width, height, marginLeft, marginRight: RIGHT, marginTop: TOP, marginBottom: BOTTOM,
      style: { background: 'transparent' },
      x: { type: o.x.type, domain: [toDomain(x0), toDomain(x1)], range: xRange, axis: null },
      y: { domain: yd, range: yRange, axis: null },
      symbol: { domain: ['open', 'closed', 'n/a', 'unknown'], range: ['circle', 'triangle', 'square', 'circle'] },
      marks: [
        Plot.gridY({ strokeOpacity: 0.15, ticks: 5 }),
        Plot.axisY({ ticks: 5, label: fitLabel(upIsBetterLabel(label, def), width - 8), labelArrow: 'none', labelAnchor: 'top', fontSize: FONT }),
        Plot.axisX({ ticks: log ? logTicks([x0, x1], (v) => xScale.apply(v) as number) : tickCount(xRange[1] - xRange[0]), label: o.x.label, labelArrow: 'none', labelAnchor: 'right', labelOffset: 34, fontSize: FONT, ...(log ? { tickFormat: (v: number) => format(v) } : {}) }),
        Plot.ruleX(data, tagMark(tags, keys, { x: (d: { xv: number }) => toDomain(d.xv), y1: 'lo', y2: 'hi', stroke: 'currentColor', strokeOpacity: 0.5, strokeWidth: 1.5, title: 'title' })),
        Plot.dot(data, tagMark(tags, keys, { x: (d: { xv: number }) => toDomain(d.xv), y: 'v', r: R, symbol: (d: ScatterPoint) => d.weights, fill: 'currentColor', fillOpacity: 0.85, stroke: 'currentColor', title: 'title' })),
        // The placements are pixels; scale.invert takes them back to data coordinates.
        ...(['start', 'end', 'middle'] as const).map((a) => {
          const ps = byAnchor(a);
          return Plot.text(ps, tagMark(tags, ps.map((p) => p.key), { x: (p: { x: number }) => xScale.invert!(p.x), y: (p: { y: number }) => yScale.invert!(p.y), text: 'text', textAnchor: a, fill: 'currentColor', fontSize: FONT, title: 'title' }));
        }),
      ],
    }, { label: alt, tags });
    return { width, height, svg };
  });
  const kinds = new Set(data.map((d) => d.weights));
  const legend: LegendItem[] = [
    ...(kinds.has('open') ? [{ label: 'open weights', symbol: 'circle-filled' as const }] : []),
    ...(kinds.has('closed') ? [{ label: 'closed weights', symbol: 'triangle' as const }] : []),
    ...(kinds.has('n/a') ? [{ label: 'no weights (rule-based agent)', symbol: 'square' as const }] : []),
    { label: '95 % interval', symbol: 'line' as const },
  ];
  const capped = o.capped ? ` Showing the top ${CHART_MODELS} of ${count.total} by rank; the table has all.` : '';
  return { id: o.id, kind: 'scatter', title: o.title, summary: `${o.summary}${capped}`, ...(o.section ? { section: o.section } : {}), layout: 'points', entries: data.length, variants, legend };
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Every ranked row with an x value, in rank order (the plot draws the first CHART_MODELS and says so). */
function boardPoints(board: Board, section: Section, x: (r: Row) => number | Date | undefined): ScatterPoint[] {
  const rows = section.rows;
  const short = shortNames(rows);
  return rows.flatMap((r) => {
    const xv = x(r);
    if (xv === undefined || !finite(r.primary)) return [];
    return [{ key: r.entryKey, name: entryName(r), short: short.get(r.entryKey)!, x: xv, y: r.primary, ...(r.interval ? { interval: r.interval } : {}), rank: r.rankRange, weights: r.weights }];
  });
}

const isoDay = (x: number | Date) => new Date(x).toISOString().slice(0, 10);

/** Score vs model release date (registry `release_date`). */
export function scoreVsDate(board: Board, section: Section): ChartSpec | undefined {
  const points = boardPoints(board, section, (r) => (r.releaseDate ? new Date(`${r.releaseDate}T00:00:00Z`) : undefined));
  return scatterPlot({
    id: `date-${section.id}`,
    title: `${board.primary.label} vs release date — ${section.title}`,
    summary: 'One marker per entry at its model’s release date (model registry), with its 95 % interval; up is better.',
    section: section.id,
    metric: { def: board.primary.def, label: board.primary.label, digits: primaryDigits(board) },
    x: { label: 'Model release date', type: 'utc', format: 'day' },
    points,
    ranked: section.rows.length,
  });
}

/** "7B" style parameter count → "7B"; 0.5 → "500M". */
export const formatParams = (b: number | Date) => (Number(b) >= 1 ? `${Number(Number(b).toPrecision(3))}B` : `${Number((Number(b) * 1000).toPrecision(3))}M`);

/** Score vs model size (registry `params`), on a log scale; boards whose models give no size have none. */
export function scoreVsSize(board: Board, section: Section): ChartSpec | undefined {
  const points = boardPoints(board, section, (r) => r.paramsB);
  return scatterPlot({
    id: `size-${section.id}`,
    title: `${board.primary.label} vs model size — ${section.title}`,
    summary: 'One marker per entry whose model registry record gives a parameter count (log scale), with its 95 % interval; up is better. Entries of unknown size are not drawn.',
    section: section.id,
    metric: { def: board.primary.def, label: board.primary.label, digits: primaryDigits(board) },
    x: { label: 'Parameters (log scale)', type: 'log', format: 'params' },
    points,
    ranked: section.rows.length,
  });
}

const usd = (v: number | Date) => `$${Number(Number(v).toPrecision(3))}`;

/** How a scatter writes its x values. */
const X_FORMATS = { day: isoDay, params: formatParams, usd } satisfies Record<string, (x: number | Date) => string>;
type XFormat = keyof typeof X_FORMATS;

/**
 * Published cost per run against the published score of a reported table (values as published,
 * never recomputed); none when fewer than two rows publish a cost.
 */
export function reportedCostScore(view: ReportedView): ChartSpec | undefined {
  const cs = view.costScore;
  if (!cs || cs.points.length < 2) return undefined;
  const def: MetricDef = { id: `${view.id}-score`, label: cs.score, keys: [], benchmark: 'reported', unit: '', direction: 'higher', format: { kind: 'fixed', digits: 2 }, summary: 'as published', range: [0, 100] };
  const sorted = [...cs.points].sort((a, b) => b.value - a.value);
  // Short labels (narrowest variant): the model alone where the table has it once.
  const model = (name: string) => name.split(' · ')[0]!;
  const once = (name: string) => sorted.filter((p) => model(p.name) === model(name)).length === 1;
  return scatterPlot({
    id: `cost-${view.id}`,
    title: `${cs.score} vs cost per run, as published — ${view.title}`,
    summary: 'Reported figures, not recomputed by evalboard: one marker per published row with its published mean cost per eval run (log scale) and its published 95 % interval; up is better.',
    metric: { def, label: cs.score, digits: 2 },
    x: { label: 'Cost per run (USD, log scale)', type: 'log', format: 'usd' },
    points: sorted.map((p) => ({ key: p.name, name: p.name, short: once(p.name) ? model(p.name) : p.name, x: p.cost, y: p.value, ...(p.lo !== undefined && p.hi !== undefined ? { interval: { lo: p.lo, hi: p.hi, method: cs.interval } } : {}), weights: 'unknown' as const })),
  });
}
