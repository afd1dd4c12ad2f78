import type { BootstrapResult } from './stats/bootstrap';
import type { MetricDef } from './metric';

/** One paired comparison of two models on the units both were scored on. */
export interface Difference {
  /** Benchmark display name. */
  benchmark: string;
  task: string;
  def: MetricDef;
  /** Shared units (samples, evals). */
  n: number;
  unit: string;
  a: number;
  b: number;
  /** a − b with a paired 95 % interval. */
  diff: number;
  lo: number;
  hi: number;
  /** Which model is better when the interval excludes 0. */
  verdict: 'a' | 'b' | 'tie';
}

/** Which side the interval of a − b favours, given the metric's direction. */
export function verdictOf(def: MetricDef, lo: number, hi: number): Difference['verdict'] {
  if (!(lo > 0) && !(hi < 0)) return 'tie';
  const aHigher = lo > 0;
  return (def.direction === 'higher') === aHigher ? 'a' : 'b';
}

export interface BootDifference {
  benchmark: string;
  task: string;
  def: MetricDef;
  n: number;
  unit: string;
  /** Bootstrap of b − a. */
  boot: BootstrapResult;
  a: number;
  b: number;
}

/** A Difference from a paired bootstrap of b − a (the bootstrap's orientation), turned into a − b. */
export function fromBootstrap({ boot, ...d }: BootDifference): Difference {
  return { ...d, diff: -boot.estimate, lo: -boot.hi, hi: -boot.lo, verdict: verdictOf(d.def, -boot.hi, -boot.lo) };
}

export const mean = (x: readonly number[]) => x.reduce((s, v) => s + v, 0) / x.length;
