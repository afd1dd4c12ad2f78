/**
 * The chart conventions every board chart follows (forest plot, heat grid, scatters; a new chart
 * kind should use these helpers rather than call Observable Plot directly):
 *
 * - **Drawn at build time** by Observable Plot on a linkedom document (`plotSvg`); no JavaScript is
 *   needed to see a chart, and submitted text reaches the SVG only through the DOM (escaped).
 * - **Text is 12 px on screen at every width.** A chart is rendered once per width in `WIDTHS`;
 *   the page shows the widest variant that fits its container (CSS container queries in
 *   `Chart.astro`), and CSS never draws a variant narrower than its viewBox, so 12 px in the
 *   viewBox is ≥ 12 px on screen (a container narrower than the narrowest variant scrolls).
 * - **Labels never collide or leave the SVG.** Text widths are estimated on the safe side
 *   (`textWidth`); margins come from the measured labels, capped per width, and a label longer
 *   than its cap is cut with "…" (`fitLabel`) while its `<title>` keeps the full name. Scatter
 *   labels are placed greedily around their points and dropped when there is no free spot
 *   (`placeLabels`). The e2e test `tests/e2e/charts-overlap.test.ts` checks the rendered result.
 * - **Every mark has a `<title>` tooltip** with the exact value and interval in the metric's
 *   display precision (`valueTitle`).
 * - **Colour and symbol keys are HTML legends** (`LegendItem`) under the chart, not SVG text.
 * - **Filtering redraws**: each mark of an entry is wrapped in `<g data-entry="<entry key>">`
 *   (`tagMark` + `plotSvg`); a chart with `layout: 'rows'` also numbers its rows (`data-row`) and
 *   states its row step, so `board-enhance.ts` can drop filtered rows and close the gap without
 *   re-running Plot; `layout: 'points'` charts hide filtered marks.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import type { Board, Row } from '../core/board';
import type { MetricDef } from '../core/metric';
import { formatInterval, formatMetric } from '../core/format';
import { formatRankRange } from '../core/stats/rank-range';

/** Font size of every chart text, in viewBox units (= CSS px, see above). */
export const FONT = 12;
/** Line height used for label boxes (a 12 px label's box is at most this tall on screen). */
export const LINE = 16;
/** Width variants (viewBox widths, px), narrowest first. */
export const WIDTHS = [340, 680, 1020] as const;
/** Charts show at most this many entries (the best-ranked); the table always has every row. */
export const CHART_MODELS = 20;

export interface LegendItem {
  label: string;
  /** A colour swatch… */
  color?: string;
  /** …or a symbol drawn in currentColor. */
  symbol?: 'circle' | 'circle-filled' | 'triangle' | 'square' | 'line';
}

export interface ChartVariant {
  /** viewBox width = the narrowest container it is shown in. */
  width: number;
  height: number;
  svg: string;
  /** Row labels drawn apart from `svg`, kept visible while `svg` scrolls sideways (heat grid). */
  sticky?: { width: number; svg: string };
}

export interface ChartSpec {
  id: string;
  kind: 'forest' | 'grid' | 'scatter' | (string & {});
  title: string;
  /** Text alternative: what the chart shows, for screen readers (the table holds the numbers). */
  summary: string;
  /** The board section whose filters redraw the chart (absent: not filterable). */
  section?: string;
  /** How filtering redraws it: drop rows and close the gap, or hide points. */
  layout: 'rows' | 'points';
  /** Entries drawn, for the caption's count ("n of N entries shown"). */
  entries: number;
  variants: ChartVariant[];
  legend: LegendItem[];
}

/** Em widths of the ASCII characters; others are 0.8 below U+2E80 and 1.1 from there (CJK and wider). */
const ASCII_EM = new Float64Array(128).fill(0.8);
const setEm = (chars: string, em: number) => {
  for (const ch of chars) ASCII_EM[ch.charCodeAt(0)] = em;
};
setEm('abcdefghijklmnopqrstuvwxyz', 0.64);
setEm('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 0.76);
setEm('0123456789', 0.66);
// After the letters and digits: these classes take precedence.
setEm('mwMW@%', 1.0);
setEm('fjrtI -/', 0.46);
setEm("il.,:;'|!()[]{}`", 0.36);

/** The em width of each code point of `text`, in order (a surrogate pair is one code point). */
function emWidths(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) out.push(ASCII_EM[c]!);
    else {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
      out.push(c < 0x2e80 ? 0.8 : 1.1);
    }
  }
  return out;
}

/**
 * Width of `text` at `size` px in any ordinary sans-serif UI font, estimated on the safe side
 * (wider than DejaVu Sans, Helvetica, Segoe UI and Roboto): margins built from it never clip.
 */
export function textWidth(text: string, size = FONT): number {
  let em = 0;
  for (const w of emWidths(text)) em += w;
  return Math.ceil(em * size);
}

const ELLIPSIS_EM = 0.8;

/** `text` cut with "…" to fit `max` px (unchanged when it fits). */
export function fitLabel(text: string, max: number, size = FONT): string {
  const ems = emWidths(text);
  // sums[n]: the em width of the first n code points, added in order as textWidth adds them.
  const sums = [0];
  for (const w of ems) sums.push(sums.at(-1)! + w);
  if (Math.ceil(sums[ems.length]! * size) <= max) return text;
  const chars = [...text];
  // kept[n]: how many of the first n code points are left once trailing white space is trimmed.
  const kept = [0];
  for (let n = 1; n <= chars.length; n++) kept.push(/^\s$/.test(chars[n - 1]!) ? kept[n - 1]! : n);
  let n = chars.length;
  while (n > 1 && Math.ceil((sums[kept[n]!]! + ELLIPSIS_EM) * size) > max) n--;
  return `${chars.slice(0, n).join('').trimEnd()}…`;
}

/** A chart's label of an entry: "model · harness", marked when synthetic. */
export const entryName = (r: { model: string; harness: string; synthetic?: boolean }) => `${r.model} · ${r.harness}${r.synthetic ? ' (synthetic)' : ''}`;

/**
 * The fields of a board row that the charts draw, as plain data: a chart is drawn from these alone,
 * so a stored drawing is keyed by them (`memoDrawn`); a row itself also holds functions.
 */
export type ChartRow = Pick<Row, 'entryKey' | 'model' | 'harness' | 'synthetic' | 'primary' | 'interval' | 'rankRange'>;

export const chartRow = (r: ChartRow): ChartRow => ({
  entryKey: r.entryKey,
  model: r.model,
  harness: r.harness,
  ...(r.synthetic ? { synthetic: true } : {}),
  primary: r.primary,
  ...(r.interval ? { interval: { ...r.interval } } : {}),
  rankRange: [r.rankRange[0], r.rankRange[1]],
});

type Named = { entryKey: string; model: string; harness: string; synthetic?: boolean };
/**
 * Labels for the narrowest variant: the model alone where no other entry of the chart has the same
 * model (the harness is in the tooltip and the table), else "model · harness"; always marked when synthetic.
 */
export function shortNames(rows: readonly Named[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.model, (count.get(r.model) ?? 0) + 1);
  return new Map(rows.map((r) => [r.entryKey, count.get(r.model) === 1 ? `${r.model}${r.synthetic ? ' (synthetic)' : ''}` : entryName(r)]));
}

/** The label of each entry in a variant `width` px wide: short names in the narrowest one. */
export const namesFor = (rows: readonly Named[], width: number): Map<string, string> =>
  width <= WIDTHS[0] ? shortNames(rows) : new Map(rows.map((r) => [r.entryKey, entryName(r)]));

/** Display scale of a metric: values are drawn ×100 for percentages (the axis says "%"). */
export const displayScale = (def: MetricDef) => (def.format.kind === 'percent' ? 100 : 1);

/** A metric's axis name: "MRE (ratio)", with "%" for percentages. */
export function metricAxisName(label: string, def: MetricDef): string {
  const unit = def.format.kind === 'percent' ? '%' : def.unit && def.unit !== '%' && !label.includes(def.unit) ? def.unit : '';
  return `${label}${unit ? ` (${unit})` : ''}`;
}

/** The value axis label of a horizontal chart: "MRE (ratio), lower is better". */
export const metricAxisLabel = (label: string, def: MetricDef) => `${metricAxisName(label, def)}, ${def.direction === 'lower' ? 'lower' : 'higher'} is better`;

/** The y axis label of a chart drawn up-is-better: "↑ better: MRE (ratio), lower values". */
export const upIsBetterLabel = (label: string, def: MetricDef) => `↑ better: ${metricAxisName(label, def)}${def.direction === 'lower' ? ', lower values' : ''}`;

/** Decimals of the board's primary metric, as its table shows them (supported by the intervals). */
export function primaryDigits(board: Board): number {
  return board.primary.def.format.digits; // one number style: the metric's own decimals (src/core/format.ts)
}

/** Tooltip text of an entry's value: "name — MRE 0.123 [0.100, 0.150] (95 % bootstrap), rank 1–2 of 5". */
export function valueTitle(o: { name: string; label: string; def: MetricDef; digits: number; value: number; interval?: Row['interval']; rank?: { range: Row['rankRange']; of: number | string } }): string {
  const iv = o.interval ? ` ${formatInterval(o.def, o.interval.lo, o.interval.hi)} (${Math.round((o.interval.level ?? 0.95) * 100)} % ${o.interval.method === 'bootstrap' ? 'bootstrap' : 't'} interval)` : '';
  const rank = o.rank ? `, rank ${formatRankRange(o.rank.range)} of ${o.rank.of}` : '';
  return `${o.name} — ${o.label} ${formatMetric(o.def, o.value)}${iv}${rank}`;
}

/** Tagged marks: Plot draws one element per datum, in data order; `plotSvg` wraps each in its entry's group. */
export interface Tags {
  /** Class name → entry key of each datum, in order. */
  marks: Map<string, string[]>;
  /** Row index of each entry key (`layout: 'rows'`). */
  rows?: Map<string, number>;
}

export const newTags = (rows?: readonly string[]): Tags => ({ marks: new Map(), ...(rows ? { rows: new Map(rows.map((k, i) => [k, i])) } : {}) });

/** Options for a mark whose elements belong to entries: `keys[i]` is datum i's entry key. */
export function tagMark<const O extends object>(tags: Tags, keys: readonly string[], options: O): O & { className: string } {
  const className = `eb-tag-${tags.marks.size}`;
  tags.marks.set(className, [...keys]);
  return { ...options, className };
}

interface El {
  tagName: string;
  outerHTML: string;
  children: ArrayLike<El>;
  parentNode: El | null;
  ownerDocument: { createElementNS(ns: string, t: string): El };
  setAttribute(k: string, v: string): void;
  getAttribute(k: string): string | null;
  removeAttribute(k: string): void;
  querySelectorAll(s: string): El[];
  insertBefore(a: El, b: El): void;
  appendChild(a: El): void;
  remove(): void;
}

export interface PlotSvgOptions {
  /** The text alternative of the one accessible image. */
  label: string;
  tags?: Tags;
  /** Row step in px (`layout: 'rows'`), written as `data-row-step` for the filter redraw. */
  rowStep?: number;
}

/** Attributes that hold coordinates: Plot writes them with up to 17 significant digits. */
const GEOMETRY = ['d', 'transform', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'width', 'height', 'points'];
/** A coordinate to 1/100 px: invisible on screen, and a chart's bytes drop by a third (long random digits do not compress). */
const roundCoords = (v: string) => v.replace(/-?\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100));

/** Render Plot options to an SVG string following the conventions above. */
export function plotSvg(options: Plot.PlotOptions, o: PlotSvgOptions): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const el = Plot.plot({ ...options, document } as Plot.PlotOptions) as unknown as El;
  for (const s of el.querySelectorAll('style')) s.remove();
  el.removeAttribute('class');
  el.setAttribute('font-size', String(FONT));
  for (const [cls, keys] of o.tags?.marks ?? []) {
    for (const g of el.querySelectorAll(`.${cls}`)) {
      const items = Array.from(g.children).filter((c) => c.tagName.toLowerCase() !== 'title');
      if (items.length !== keys.length) throw new Error(`chart "${o.label}": mark ${cls} drew ${items.length} elements for ${keys.length} data`);
      items.forEach((item, i) => {
        const wrap = item.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'g');
        wrap.setAttribute('data-entry', keys[i]!);
        const row = o.tags?.rows?.get(keys[i]!);
        if (row !== undefined) wrap.setAttribute('data-row', String(row));
        g.insertBefore(wrap, item);
        wrap.appendChild(item);
      });
      g.removeAttribute('class');
    }
  }
  // One accessible image per chart; Plot's per-mark labels are not allowed inside role=img.
  for (const g of el.querySelectorAll('[aria-label]')) g.removeAttribute('aria-label');
  for (const g of el.querySelectorAll('[aria-description]')) g.removeAttribute('aria-description');
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', o.label);
  if (o.rowStep !== undefined) el.setAttribute('data-row-step', String(o.rowStep));
  for (const node of [el, ...el.querySelectorAll('*')]) {
    for (const a of GEOMETRY) {
      const v = node.getAttribute(a);
      if (v !== null && v !== '') node.setAttribute(a, roundCoords(v));
    }
  }
  return el.outerHTML;
}

export interface Box { x: number; y: number; w: number; h: number }
const hit = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Greedy direct labels for points (pixel coordinates), in priority order: each label takes the
 * first of right / left / above / below that stays inside `frame` and clear of the points and of
 * the labels already placed; a label with no free spot is dropped (its point keeps its tooltip).
 */
export function placeLabels(points: readonly { x: number; y: number; text: string }[], frame: Box, radius = 6): ({ x: number; y: number; anchor: 'start' | 'end' | 'middle' } | undefined)[] {
  const taken: Box[] = points.map((p) => ({ x: p.x - radius, y: p.y - radius, w: 2 * radius, h: 2 * radius }));
  return points.map((p) => {
    const w = textWidth(p.text);
    const gap = radius + 3;
    const options: [Box, { x: number; y: number; anchor: 'start' | 'end' | 'middle' }][] = [
      [{ x: p.x + gap, y: p.y - LINE / 2, w, h: LINE }, { x: p.x + gap, y: p.y, anchor: 'start' }],
      [{ x: p.x - gap - w, y: p.y - LINE / 2, w, h: LINE }, { x: p.x - gap, y: p.y, anchor: 'end' }],
      [{ x: p.x - w / 2, y: p.y - gap - LINE, w, h: LINE }, { x: p.x, y: p.y - gap - LINE / 2, anchor: 'middle' }],
      [{ x: p.x - w / 2, y: p.y + gap, w, h: LINE }, { x: p.x, y: p.y + gap + LINE / 2, anchor: 'middle' }],
    ];
    for (const [box, at] of options) {
      const inside = box.x >= frame.x && box.y >= frame.y && box.x + box.w <= frame.x + frame.w && box.y + box.h <= frame.y + frame.h;
      if (inside && !taken.some((t) => hit(t, box))) {
        taken.push(box);
        return at;
      }
    }
    return undefined;
  });
}

/** Plot's x ticks for a frame `px` wide: one per ~90 px, at least 2. */
export const tickCount = (px: number) => Math.max(2, Math.floor(px / 90));
