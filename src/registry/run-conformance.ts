import { SUITES } from './suites';
import type { SuiteRunner, VectorFile } from '../core/conformance/types';

export interface SuiteReport {
  file: string;
  /** `<benchmark>/<suite>` as identified, or the reason it could not be. */
  key: string;
  known: boolean;
  passed: number;
  failed: number;
  failures: { id: string; diffs: string[] }[];
}

/**
 * Run one vector file. `benchmark` is the last folder component of the file's directory,
 * which the conformance README makes the suite's namespace. `suites` defaults to every
 * registered benchmark's (a test may pass `suitesOf(list)`).
 */
export function runVectorFile(file: string, benchmark: string, data: VectorFile, suites: ReadonlyMap<string, SuiteRunner> = SUITES): SuiteReport {
  const key = `${benchmark}/${data.suite}`;
  const runner = suites.get(key);
  if (!runner) return { file, key, known: false, passed: 0, failed: 0, failures: [] };
  const report: SuiteReport = { file, key, known: true, passed: 0, failed: 0, failures: [] };
  for (const c of data.cases) {
    let outcome;
    try {
      outcome = runner.check(c);
    } catch (err) {
      outcome = { ok: false, diffs: [`runner threw: ${err instanceof Error ? err.stack ?? err.message : String(err)}`] };
    }
    if (outcome.ok) report.passed++;
    else {
      report.failed++;
      report.failures.push({ id: String(c.id), diffs: outcome.diffs });
    }
  }
  return report;
}
