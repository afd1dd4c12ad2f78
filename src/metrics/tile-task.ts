import type { MetricDef } from './types';

/** Metrics of the tile-task scorers. */
export const METRICS: MetricDef[] = [];
