import type { MetricDef } from './types';

/** Metrics of the clinicalbench scorers. */
export const METRICS: MetricDef[] = [];
