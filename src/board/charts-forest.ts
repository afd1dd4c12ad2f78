import * as Plot from '@observablehq/plot';
import type { Board, Section } from '../core/board';
import { memoDrawn } from '../core/draw-memo';
import type { MetricDef } from '../core/metric';
import { formatRankRange } from '../core/stats/rank-range';
import { rangeLabel, shownInterval } from './about';
import {
  CHART_MODELS, FONT, WIDTHS, chartRow, displayScale, entryName, fitLabel, namesFor, metricAxisLabel, newTags, plotSvg, primaryDigits, tagMark, textWidth, tickCount, valueTitle,
  type ChartRow, type ChartSpec, type ChartVariant, type LegendItem,
} from './charts-kit';

/** Row height and the top band that holds the axis label and tick labels. */
const STEP = 24;
/** Row height of the narrowest variant: the name above, the interval below. */
const STACKED_STEP = 40;
const TOP = 48;
const BOTTOM = 6;
const RIGHT = 30;
/** Widest row-label column per width variant. */
const LABEL_CAP: Record<number, number> = { 340: 132, 680: 280, 1020: 400 };
export const LEADER_COLOR = '#1d5bb8';
export const OTHER_COLOR = '#8a8f98';

/** What a forest plot draws, as plain data (`memoDrawn` keys the drawing by it). */
interface ForestInputs {
  def: MetricDef;
  label: string;
  digits: number;
  section: { id: string; title: string };
  /** More rows with a finite value than the CHART_MODELS drawn. */
  capped: boolean;
  rows: ChartRow[];
}

/** Printed, not drawn (`Counts`): the section's rows ("rank 3 of N") and those with a finite value ("the top 20 of N"). */
type ForestCounts = 'rows' | 'finite';

/**
 * Forest plot: each entry's primary value with its 95 % interval, in rank order, labelled with its
 * rank range. Intervals are drawn truncated to the metric's range; a truncated end gets an arrow.
 */
export function forestPlot(board: Board, section: Section): ChartSpec | undefined {
  const all = section.rows.filter((r) => r.primary !== null && Number.isFinite(r.primary));
  if (all.length === 0) return undefined;
  return memoDrawn('forest', {
    def: board.primary.def,
    label: board.primary.label,
    digits: primaryDigits(board),
    section: { id: section.id, title: section.title },
    capped: all.length > CHART_MODELS,
    rows: all.slice(0, CHART_MODELS).map(chartRow),
  }, drawForest, { rows: section.rows.length, finite: all.length });
}

function drawForest({ def, label, digits, section, capped, rows }: ForestInputs, count: Record<ForestCounts, string>): ChartSpec {
  const k = displayScale(def);
  const data = rows.map((r) => {
    const iv = r.interval ? shownInterval(def, r.interval.lo, r.interval.hi) : undefined;
    const v = r.primary!;
    return {
      key: r.entryKey,
      name: entryName(r),
      rank: formatRankRange(r.rankRange),
      v: v * k,
      lo: (iv ? iv.lo : v) * k,
      hi: (iv ? iv.hi : v) * k,
      cutLo: !!iv && iv.lo !== r.interval!.lo,
      cutHi: !!iv && iv.hi !== r.interval!.hi,
      leader: r.rankRange[0] === 1,
      title: valueTitle({ name: entryName(r), label, def, digits, value: v, ...(r.interval ? { interval: r.interval } : {}), rank: { range: r.rankRange, of: count.rows } }),
    };
  });
  const lo = Math.min(...data.map((d) => d.lo));
  const hi = Math.max(...data.map((d) => d.hi));
  const pad = hi > lo ? (hi - lo) * 0.04 : Math.abs(hi) * 0.05 || 1;
  const domain = [lo - pad, hi + pad];
  const rankWidth = Math.max(...data.map((d) => textWidth(d.rank)));
  const alt = `Forest plot of ${label} with 95 % intervals and rank ranges, ${section.title}`;
  const variants: ChartVariant[] = WIDTHS.map((width) => {
    // The narrowest variant stacks each entry's name above its interval: full names on a phone.
    const stacked = width <= WIDTHS[0];
    const step = stacked ? STACKED_STEP : STEP;
    const lift = stacked ? 8 : 0;
    const height = TOP + data.length * step + BOTTOM;
    const names = namesFor(rows, width);
    const marginLeft = stacked ? rankWidth + 14 : Math.max(...data.map((d) => textWidth(`${d.rank}  ${fitLabel(names.get(d.key)!, LABEL_CAP[width]! - rankWidth - 8)}`))) + 12;
    const labels = new Map(data.map((d) => [d.key, stacked ? d.rank : `${d.rank}  ${fitLabel(names.get(d.key)!, LABEL_CAP[width]! - rankWidth - 8)}`]));
    const stackedNames = data.map((d) => ({ ...d, label: fitLabel(names.get(d.key)!, width - marginLeft - 4) }));
    const tags = newTags(data.map((d) => d.key));
    const keys = (ds: typeof data) => ds.map((d) => d.key);
    const cutLo = data.filter((d) => d.cutLo), cutHi = data.filter((d) => d.cutHi);
    const ticks = tickCount(width - marginLeft - RIGHT);
    const svg = plotSvg({
      width, height, marginLeft, marginTop: TOP, marginBottom: BOTTOM, marginRight: RIGHT,
      style: { background: 'transparent' },
      x: { domain, axis: null },
      y: { type: 'band', domain: data.map((d) => d.key), range: [TOP, TOP + data.length * step], padding: 0, axis: null },
      marks: [
        Plot.gridX({ ticks, strokeOpacity: 0.15 }),
        Plot.axisX({ anchor: 'top', ticks, label: fitLabel(metricAxisLabel(label, def), width - 8), labelArrow: 'none', labelAnchor: 'right', labelOffset: 38, fontSize: FONT }),
        Plot.axisY(tagMark(tags, keys(data), { label: null, tickSize: 0, tickPadding: 8, dy: -lift, tickFormat: (key: string) => labels.get(key) ?? key, title: (key: string) => data.find((d) => d.key === key)!.title, fontSize: FONT })),
        ...(stacked ? [Plot.text(stackedNames, tagMark(tags, keys(data), { x: () => domain[0], y: 'key', dy: -lift, text: 'label', textAnchor: 'start', fill: 'currentColor', fontSize: FONT, title: 'title' }))] : []),
        Plot.ruleY(data, tagMark(tags, keys(data), { y: 'key', dy: lift, x1: 'lo', x2: 'hi', stroke: 'currentColor', strokeWidth: 2, title: 'title' })),
        Plot.text(cutLo, tagMark(tags, keys(cutLo), { y: 'key', dy: lift, x: 'lo', text: () => '◀', fill: 'currentColor', textAnchor: 'end', dx: 2, fontSize: FONT })),
        Plot.text(cutHi, tagMark(tags, keys(cutHi), { y: 'key', dy: lift, x: 'hi', text: () => '▶', fill: 'currentColor', textAnchor: 'start', dx: -2, fontSize: FONT })),
        Plot.dot(data, tagMark(tags, keys(data), { y: 'key', dy: lift, x: 'v', r: 5, fill: (d: { leader: boolean }) => (d.leader ? LEADER_COLOR : OTHER_COLOR), stroke: 'currentColor', title: 'title' })),
      ],
    }, { label: alt, tags, rowStep: step });
    return { width, height, svg };
  });
  const truncated = data.some((d) => d.cutLo || d.cutHi);
  const range = rangeLabel(def);
  const legend: LegendItem[] = [
    { label: 'rank range includes 1 (statistically indistinguishable from the leader)', color: LEADER_COLOR },
    ...(data.some((d) => !d.leader) ? [{ label: 'other entries', color: OTHER_COLOR }] : []),
    { label: '95 % interval', symbol: 'line' as const },
  ];
  return {
    id: `forest-${section.id}`,
    kind: 'forest',
    title: `${label} with 95 % intervals — ${section.title}`,
    summary: `Forest plot of ${rows.length} ${rows.length === 1 ? 'entry' : 'entries'} in rank order, each labelled with its rank range.${truncated && range ? ` Intervals are drawn truncated to the metric's range ${range}; an arrow marks a truncated end.` : ''}${capped ? ` Showing the top ${CHART_MODELS} of ${count.finite}; the table has all.` : ''}`,
    section: section.id,
    layout: 'rows',
    entries: rows.length,
    variants,
    legend,
  };
}
