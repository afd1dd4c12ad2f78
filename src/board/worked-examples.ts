/** The worked example shown on a metric's page, from the benchmark that defines the metric. */
import { benchmarkById } from '../registry/benchmarks';
import type { MetricDef } from '../core/metric';
import type { WorkedExample } from '../core/worked-example';

export type { WorkedExample } from '../core/worked-example';

export function workedExample(def: MetricDef): WorkedExample {
  return benchmarkById(def.benchmark).workedExample(def);
}
