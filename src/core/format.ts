import type { MetricDef } from './metric';

// One number style. A metric's values are shown everywhere (tables, phone cards, the home page,
// model and compare pages, chart tooltips, the validate report) with its definition's
// `format`: `digits` fixed decimals, and `percent` values (stored as fractions) scaled by 100 with
// a % sign. Differences between two values (compare, minimum detectable differences) show one
// decimal more. Pages mark every shown value with `data-metric="<id>"` (differences with
// `data-metric-diff`) so tests/site/precision.test.ts can hold the built site to this.

type Format = Pick<MetricDef, 'format'>;
const scale = (def: Format) => (def.format.kind === 'percent' ? 100 : 1);

/** Display a metric value with its definition's format; NaN/null as an em dash. */
export function formatMetric(def: Format, v: number | null | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  const s = (v * scale(def)).toFixed(def.format.digits);
  return def.format.kind === 'percent' ? `${s}%` : s;
}

/** `[lo, hi]` in the metric's display units, without the percent sign. */
export function formatInterval(def: Format, lo: number, hi: number): string {
  return `[${(lo * scale(def)).toFixed(def.format.digits)}, ${(hi * scale(def)).toFixed(def.format.digits)}]`;
}

/** Decimals of a difference between two values of the metric: one more than its values'. */
export const differenceDigits = (def: Format) => def.format.digits + 1;

/**
 * A difference in the metric's display units, one decimal more than its values: "0.0123",
 * "1.23 pp" for percentages (and for metrics whose unit is %). `signed` writes + and − (U+2212).
 */
export function formatDifference(def: Pick<MetricDef, 'format' | 'unit'>, v: number, opts: { signed?: boolean } = {}): string {
  if (!Number.isFinite(v)) return '—';
  const s = (Math.abs(v) * scale(def)).toFixed(differenceDigits(def));
  const sign = v < 0 ? (opts.signed ? '−' : '-') : v > 0 && opts.signed ? '+' : '';
  const pp = def.format.kind === 'percent' || def.unit === '%' ? ' pp' : '';
  return `${sign}${s}${pp}`;
}

/** Raw value for `data-v` (sorting, downloads): 6 significant digits, empty when missing. */
export function rawValue(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  return String(Number(v.toPrecision(6)));
}
