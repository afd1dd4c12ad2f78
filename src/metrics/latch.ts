import type { MetricDef } from './types';

/** Metrics of the latch scorers. */
export const METRICS: MetricDef[] = [];
