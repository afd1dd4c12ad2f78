import * as Plot from '@observablehq/plot';
import type { Board } from '../core/board';
import { memoDrawn } from '../core/draw-memo';
import { formatMetric } from '../core/format';
import type { MetricDef } from '../core/metric';
import { CHART_MODELS, FONT, WIDTHS, displayScale, entryName, fitLabel, namesFor, newTags, plotSvg, primaryDigits, tagMark, textWidth, type ChartSpec, type ChartVariant, type LegendItem } from './charts-kit';

const STEP = 24;
const BINS = 5;
/** Longest column header (vertical text) and row label per variant. */
const HEAD_CAP = 150;
const LABEL_CAP: Record<number, number> = { 340: 130, 680: 260, 1020: 340 };
/** Cell width bounds: narrow enough for 25+ columns to scroll, wide enough for the printed value. */
const CELL_MIN = 40;
const CELL_MAX = 110;

/** The grid cells' key of an entry (`Board['grid'][].model`). */
const gridKey = (r: { model: string; harness: string }) => `${r.model} · ${r.harness}`;

/**
 * Subtask heat grid: entries (rows, rank order) × subtask configs (columns), coloured by the primary
 * metric in five equal bins (darker is better) with the value printed in each cell. The row labels
 * are a separate SVG that stays in view while a wide grid scrolls sideways, so 25+ columns keep
 * 12 px text and full cells at every width.
 */
export function heatGrid(board: Board, sectionId: string): ChartSpec | undefined {
  const section = board.sections.find((s) => s.id === sectionId);
  if (!section) return undefined;
  const rows = section.rows.slice(0, CHART_MODELS);
  const drawn = new Set(rows.map(gridKey));
  const grid = board.grid ?? [];
  const cells = grid.filter((c) => c.section === sectionId && c.value !== null && Number.isFinite(c.value) && drawn.has(c.model));
  if (cells.length === 0) return undefined;
  // A subtask's column header: its label on the board's last grid cell of it (any section).
  const headOf = new Map(grid.map((c) => [c.subtask, c.subtaskLabel ?? c.subtask]));
  return memoDrawn('grid', {
    def: board.primary.def,
    label: board.primary.label,
    digits: primaryDigits(board),
    section: { id: sectionId, title: section.shortTitle ?? section.title },
    capped: section.rows.length > CHART_MODELS,
    rows: rows.map((r) => ({ entryKey: r.entryKey, model: r.model, harness: r.harness, ...(r.synthetic ? { synthetic: true } : {}) })),
    cells: cells.map((c) => ({ model: c.model, subtask: c.subtask, ...(c.subtaskLabel !== undefined ? { subtaskLabel: c.subtaskLabel } : {}), value: c.value!, n: c.n })),
    heads: [...new Set(cells.map((c) => c.subtask))].map((s): [string, string] => [s, headOf.get(s)!]),
  }, drawGrid, { rows: section.rows.length });
}

/** What a heat grid draws, as plain data (`memoDrawn` keys the drawing by it). */
interface GridInputs {
  def: MetricDef;
  label: string;
  digits: number;
  section: { id: string; title: string };
  /** More rows in the section than the CHART_MODELS drawn (their count is printed, not drawn: `Counts`). */
  capped: boolean;
  /** The first CHART_MODELS rows of the section. */
  rows: { entryKey: string; model: string; harness: string; synthetic?: boolean }[];
  /** The drawn rows' finite cells of the section. */
  cells: { model: string; subtask: string; subtaskLabel?: string; value: number; n: number }[];
  /** Each drawn subtask's column header. */
  heads: [subtask: string, head: string][];
}

function drawGrid({ def, label, digits, section, capped, rows, cells: drawnCells, heads: headList }: GridInputs, count: Record<'rows', string>): ChartSpec {
  const byLabel = new Map(rows.map((r) => [gridKey(r), r]));
  const k = displayScale(def);
  const cells = drawnCells.map((c) => {
    const r = byLabel.get(c.model)!;
    const text = formatMetric(def, c.value).replace('%', '');
    return { key: r.entryKey, subtask: c.subtask, v: c.value * k, text, title: `${entryName(r)} — ${c.subtaskLabel ?? c.subtask}: ${label} ${formatMetric(def, c.value)} (n = ${c.n})` };
  });
  const entries = rows.filter((r) => cells.some((c) => c.key === r.entryKey));
  const keys = entries.map((r) => r.entryKey);
  const names = new Map(entries.map((r) => [r.entryKey, entryName(r)]));
  const subtasks = [...new Set(cells.map((c) => c.subtask))].sort();
  const headOf = new Map(headList);
  const heads = new Map(subtasks.map((s) => [s, fitLabel(headOf.get(s) ?? s, HEAD_CAP)]));
  const top = Math.max(...[...heads.values()].map((h) => textWidth(h))) + 14;
  const height = top + entries.length * STEP + 4;
  const valueWidth = Math.max(...cells.map((c) => textWidth(c.text))) + 10;

  // Five equal-width bins over the drawn values; darker = better in either direction.
  const vs = cells.map((c) => c.v);
  const min = Math.min(...vs), max = Math.max(...vs);
  const thresholds = Array.from({ length: BINS - 1 }, (_, i) => min + ((max - min) * (i + 1)) / BINS);
  const palette = Plot.scale({ color: { type: 'quantize', n: BINS, scheme: def.direction === 'lower' ? 'blues' : 'greens', domain: [0, 1] } }).range as string[];
  const colors = def.direction === 'lower' ? [...palette].reverse() : palette;
  const binOf = (v: number) => thresholds.filter((t) => v >= t).length;
  const fmt = (v: number) => (v / k).toFixed(digits);
  const edges = [min, ...thresholds, max];
  const legend: LegendItem[] = colors.map((color, i) => ({ color, label: `${fmt(edges[i]!)}–${fmt(edges[i + 1]!)}${def.format.kind === 'percent' ? ' %' : ''}` })).filter((_, i) => max > min || i === 0);

  const alt = `Heat grid of ${label} per entry and subtask, ${section.title}`;
  const variants: ChartVariant[] = WIDTHS.map((width) => {
    const shown = namesFor(entries, width);
    const labels = new Map(keys.map((key) => [key, fitLabel(shown.get(key)!, LABEL_CAP[width]!)]));
    const labelWidth = Math.max(...[...labels.values()].map((l) => textWidth(l))) + 14;
    const fill = Math.floor((width - labelWidth - 8) / subtasks.length);
    const cell = Math.min(CELL_MAX, Math.max(CELL_MIN, valueWidth, fill));
    const bodyWidth = cell * subtasks.length + 8;
    const y = { type: 'band' as const, domain: keys, range: [top, top + keys.length * STEP] as [number, number], padding: 0, axis: null };
    const labelTags = newTags(keys);
    const sticky = plotSvg({
      width: labelWidth, height, marginLeft: labelWidth, marginRight: 0, marginTop: top, marginBottom: 4,
      style: { background: 'transparent' },
      x: { domain: [0, 1], axis: null },
      y,
      marks: [Plot.axisY(tagMark(labelTags, keys, { label: null, tickSize: 0, tickPadding: 8, tickFormat: (key: string) => labels.get(key) ?? key, title: (key: string) => names.get(key) ?? key, fontSize: FONT }))],
    }, { label: alt, tags: labelTags, rowStep: STEP });
    const tags = newTags(keys);
    const svg = plotSvg({
      width: bodyWidth, height, marginLeft: 4, marginRight: 4, marginTop: top, marginBottom: 4,
      style: { background: 'transparent' },
      x: { type: 'band', domain: subtasks, padding: 0, axis: null },
      y,
      marks: [
        Plot.axisX({ anchor: 'top', tickRotate: -90, tickSize: 0, tickPadding: 6, label: null, tickFormat: (s: string) => heads.get(s) ?? s, title: (s: string) => headOf.get(s) ?? s, fontSize: FONT }),
        Plot.cell(cells, tagMark(tags, cells.map((c) => c.key), { x: 'subtask', y: 'key', fill: (c: { v: number }) => colors[binOf(c.v)], inset: 1, title: 'title' })),
        Plot.text(cells, tagMark(tags, cells.map((c) => c.key), { x: 'subtask', y: 'key', text: 'text', fill: 'black', stroke: 'white', strokeWidth: 3, paintOrder: 'stroke', fontSize: FONT, title: 'title' })),
      ],
    }, { label: alt, tags, rowStep: STEP });
    return { width, height, svg, sticky: { width: labelWidth, svg: sticky } };
  });
  return {
    id: `grid-${section.id}`,
    kind: 'grid',
    title: `${label} per subtask — ${section.title}`,
    summary: `Entries in rank order × ${subtasks.length} subtask configs; the value is printed in each cell, darker is better (${def.direction === 'lower' ? 'lower' : 'higher'} values). A wide grid scrolls sideways; the entry names stay in view.${capped ? ` Showing the top ${CHART_MODELS} of ${count.rows}; the table has all.` : ''}`,
    section: section.id,
    layout: 'rows',
    entries: entries.length,
    variants,
    legend,
  };
}
