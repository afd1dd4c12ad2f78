import { BENCHMARKS } from '../benchmarks';
import type { Benchmark } from '../core/benchmark';
import type { SuiteRunner } from '../core/conformance/types';

/** The suites of the benchmarks in `list`, keyed `<vector folder>/<suite>`. */
export function suitesOf(list: readonly Benchmark[]): ReadonlyMap<string, SuiteRunner> {
  return new Map(list.flatMap((b) => b.conformance.suites).map((s) => [`${s.benchmark}/${s.suite}`, s]));
}

/** Every known suite, keyed `<vector folder>/<suite>`. Each benchmark brings its own. */
export const SUITES: ReadonlyMap<string, SuiteRunner> = suitesOf(BENCHMARKS);

/** Vector folders under `../shared/conformance/` some registered benchmark answers for. */
export const KNOWN_BENCHMARKS = new Set(BENCHMARKS.flatMap((b) => b.conformance.folders));
