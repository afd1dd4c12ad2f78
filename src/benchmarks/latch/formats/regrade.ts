import type { Finding } from '../../../core/findings';
import { grade } from '../scorer/registry';
import type { EvalSpec, RunResult } from './schemas';

export interface Regraded {
  passed: boolean;
  score: number;
  error?: string;
  /** The graders' own explanation (one block per grader), shown by the per-sample explorer. */
  reasoning?: string;
}

/**
 * Grade an answer with an eval's grader(s). `graders[]` follows upstream helpers: passed = all,
 * score = mean of the entries' scores (the seed does not pin this).
 */
export function regradeAnswer(spec: EvalSpec, answer: unknown): Regraded {
  const specs = spec.graders ?? (spec.grader ? [spec.grader] : []);
  try {
    const results = specs.map((g) => grade(g.type, g.config, answer));
    return { passed: results.every((r) => r.passed), score: results.reduce((s, r) => s + r.score, 0) / Math.max(results.length, 1), reasoning: results.map((r) => r.reasoning).join('\n\n') };
  } catch (err) {
    return { passed: false, score: 0, error: err instanceof Error ? err.message : String(err) };
  }
}

/** A disagreement between the recorded grader_result and ours is a finding (not hidden). */
export function compareWithRecorded(path: string, run: RunResult, ours: Regraded): Finding[] {
  const version = run.latch_eval_tools_version ?? 'unknown';
  const evalId = run.result.test_id;
  if (ours.error) return [{ path, pointer: '$.result', severity: 'error', message: `eval ${evalId}: cannot re-grade: ${ours.error}` }];
  const recorded = run.result.grader_result;
  const out: Finding[] = [];
  const recordedPassed = recorded?.passed ?? run.result.passed;
  if (recordedPassed !== ours.passed) {
    out.push({
      path,
      pointer: '$.result.grader_result.passed',
      severity: 'warning',
      message: `eval ${evalId}: recorded passed=${String(recordedPassed)}, recomputed ${ours.passed} (latch_eval_tools_version ${version})`,
    });
  }
  const recordedScore = recorded?.score;
  if (typeof recordedScore === 'number' && Math.abs(recordedScore - ours.score) > 1e-9 * Math.max(1, Math.abs(recordedScore))) {
    out.push({
      path,
      pointer: '$.result.grader_result.score',
      severity: 'warning',
      message: `eval ${evalId}: recorded score=${recordedScore}, recomputed ${ours.score} (latch_eval_tools_version ${version})`,
    });
  }
  return out;
}
