/** Lookups over the registered benchmarks (`src/benchmarks/index.ts`). */
import { BENCHMARKS } from '../benchmarks';
import type { Benchmark, SubmissionSupport } from '../core/benchmark';

export { BENCHMARKS };

/** Ids of the benchmarks that take score submissions under `results/<id>/`. */
export const SUBMISSION_BENCHMARKS: readonly (Benchmark & { submissions: SubmissionSupport })[] = BENCHMARKS.filter(
  (b): b is Benchmark & { submissions: SubmissionSupport } => b.submissions !== undefined,
);

export function findBenchmark(id: string): Benchmark | undefined {
  return BENCHMARKS.find((b) => b.id === id);
}

export function benchmarkById(id: string): Benchmark {
  const b = findBenchmark(id);
  if (!b) throw new Error(`unknown benchmark ${id}`);
  return b;
}
