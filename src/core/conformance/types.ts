/** One case of a conformance vector file (../shared/conformance/README.md). */
export interface VectorCase {
  id: string;
  input: unknown;
  expected: unknown;
  [extra: string]: unknown;
}

export interface VectorFile {
  suite: string;
  source?: string;
  notes?: string;
  cases: VectorCase[];
}

/** Result of checking one case: `ok`, or the differences that make it fail. */
export interface CaseOutcome {
  ok: boolean;
  /** Human-readable differences, e.g. `$.IoU: expected 0.5, got 0.4`. */
  diffs: string[];
}

/**
 * A suite runner: knows one `<benchmark>/<suite>` pair and checks a single case.
 * Runners are pure: they get the parsed case and return an outcome; they must not throw
 * (a throwing scorer on a non-error case is a failure the runner reports).
 */
export interface SuiteRunner {
  benchmark: string;
  suite: string;
  check(c: VectorCase): CaseOutcome;
}
