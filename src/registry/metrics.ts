import { BENCHMARKS } from '../benchmarks';
import type { Benchmark } from '../core/benchmark';
import type { MetricDef } from '../core/metric';

export type { MetricDef } from '../core/metric';

/** Every metric of the benchmarks in `list`, in list order. */
export function metricsOf(list: readonly Benchmark[]): readonly MetricDef[] {
  return list.flatMap((b) => b.metrics);
}

/** Every metric of every registered benchmark, once. Ids are unique across benchmarks (tested). */
export const METRICS: readonly MetricDef[] = metricsOf(BENCHMARKS);

const BY_ID = new Map(METRICS.map((m) => [m.id, m]));

export function metric(id: string): MetricDef {
  const m = BY_ID.get(id);
  if (!m) throw new Error(`unknown metric id ${id}`);
  return m;
}
