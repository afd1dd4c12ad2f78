import type { MetricDef } from './types';
export const METRICS: MetricDef[] = [];
