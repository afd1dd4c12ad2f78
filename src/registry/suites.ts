import { BENCHMARKS } from '../benchmarks';
import type { SuiteRunner } from '../core/conformance/types';

/** Every known suite, keyed `<vector folder>/<suite>`. Each benchmark brings its own. */
export const SUITES: ReadonlyMap<string, SuiteRunner> = new Map(
  BENCHMARKS.flatMap((b) => b.conformance.suites).map((s) => [`${s.benchmark}/${s.suite}`, s]),
);

/** Vector folders under `../shared/conformance/` some registered benchmark answers for. */
export const KNOWN_BENCHMARKS = new Set(BENCHMARKS.flatMap((b) => b.conformance.folders));
