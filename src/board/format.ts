import type { MetricDef } from '../metrics/types';

/** Display a metric value with the registry's format; NaN/null as an em dash. */
export function formatMetric(def: MetricDef, v: number | null | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  if (def.format.kind === 'percent') return `${(v * 100).toFixed(def.format.digits)}%`;
  return v.toFixed(def.format.digits);
}
