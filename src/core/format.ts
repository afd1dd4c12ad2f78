import type { MetricDef } from './metric';

const scale = (def: MetricDef) => (def.format.kind === 'percent' ? 100 : 1);

/** Display a metric value with the registry's format (or `digits`); NaN/null as an em dash. */
export function formatMetric(def: MetricDef, v: number | null | undefined, digits = def.format.digits): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  const s = (v * scale(def)).toFixed(digits);
  return def.format.kind === 'percent' ? `${s}%` : s;
}

/** `[lo, hi]` in the metric's display units, without the percent sign. */
export function formatInterval(def: MetricDef, lo: number, hi: number, digits = def.format.digits): string {
  return `[${(lo * scale(def)).toFixed(digits)}, ${(hi * scale(def)).toFixed(digits)}]`;
}

/**
 * Decimals the data supports: two significant digits of the typical (median) interval
 * half-width, never fewer than 0 nor more than the registry's digits + 2. Without intervals the
 * registry's digits stand.
 */
export function supportedDigits(def: MetricDef, halfWidths: readonly number[]): number {
  const hw = halfWidths.filter((h) => Number.isFinite(h) && h > 0).sort((a, b) => a - b);
  if (hw.length === 0) return def.format.digits;
  const mid = hw[Math.floor(hw.length / 2)]! * scale(def);
  const d = 1 - Math.floor(Math.log10(mid));
  return Math.max(0, Math.min(def.format.digits + 2, d));
}

/** Raw value for `data-v` (sorting, downloads): 6 significant digits, empty when missing. */
export function rawValue(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  return String(Number(v.toPrecision(6)));
}
