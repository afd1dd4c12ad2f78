import type { MetricDef } from './types';
import { METRICS as medvision } from './medvision';
import { METRICS as latch } from './latch';
import { METRICS as clinicalbench } from './clinicalbench';
import { METRICS as tileTask } from './tile-task';

export type { MetricDef } from './types';

/** Every metric, once. Ids are unique across benchmarks (tested). */
export const METRICS: readonly MetricDef[] = [...medvision, ...latch, ...clinicalbench, ...tileTask];

const BY_ID = new Map(METRICS.map((m) => [m.id, m]));

export function metric(id: string): MetricDef {
  const m = BY_ID.get(id);
  if (!m) throw new Error(`unknown metric id ${id}`);
  return m;
}
