/** Lookups over the registered benchmarks (`src/benchmarks/index.ts`). */
import { BENCHMARKS } from '../benchmarks';
import type { Benchmark, SubmissionSupport } from '../core/benchmark';

export { BENCHMARKS };

/** The benchmarks of `list` that take score submissions under `results/<id>/`. */
export function submissionBenchmarksOf(list: readonly Benchmark[]): readonly (Benchmark & { submissions: SubmissionSupport })[] {
  return list.filter((b): b is Benchmark & { submissions: SubmissionSupport } => b.submissions !== undefined);
}

/** Ids of the benchmarks that take score submissions under `results/<id>/`. */
export const SUBMISSION_BENCHMARKS: readonly (Benchmark & { submissions: SubmissionSupport })[] = submissionBenchmarksOf(BENCHMARKS);

export function findBenchmark(id: string): Benchmark | undefined {
  return BENCHMARKS.find((b) => b.id === id);
}

export function benchmarkById(id: string): Benchmark {
  const b = findBenchmark(id);
  if (!b) throw new Error(`unknown benchmark ${id}`);
  return b;
}
