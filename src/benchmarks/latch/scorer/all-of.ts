import { childLine, collectHardFails, evaluateChild, readChildren, type GraderLookup } from './children';
import { GraderConfigError, isObject, result, type GraderResult } from './types';

const NAME = 'all_of';

/** Strict AND: 1 only when every positive child passes and no hard-fail triggers; else 0. */
export function gradeAllOf(lookup: GraderLookup, config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const children = readChildren(NAME, config);
  const passRule = Object.hasOwn(config, 'pass_rule') ? config.pass_rule : 'all';
  if (passRule !== 'all') throw new GraderConfigError(NAME, "strict all_of only supports pass_rule='all'; use graders[] or average_of for partial credit");
  if (Object.hasOwn(config, 'min_passing_children') || Object.hasOwn(config, 'score_threshold')) {
    throw new GraderConfigError(NAME, 'min_passing_children and score_threshold are invalid for strict all_of');
  }
  const outcomes = children.map((child, i) => evaluateChild(lookup, NAME, child, answer, i, false));
  const required = outcomes.filter((o) => o.kind === 'positive');
  if (required.length === 0) throw new GraderConfigError(NAME, 'all_of has no positive required children');
  const scored = required.filter((o) => !o.systemError);
  const failed = scored.filter((o) => !o.passed).map((o) => o.label);
  const systemErrors = required.filter((o) => o.systemError).map((o) => o.label);
  const hardFails = collectHardFails(outcomes);
  const passed = !failed.length && !systemErrors.length && !hardFails.triggered.length && !hardFails.unavailable.length;
  const metrics: Record<string, unknown> = {
    type: 'all_of',
    pass_rule: 'all',
    scoring_count: required.length,
    scoring_passed: scored.filter((o) => o.passed).length,
    scoring_total_score: scored.reduce((s, o) => s + o.score, 0),
    score_denominator: required.reduce((s, o) => s + o.scoreMax, 0),
    failed_children: failed,
    hard_fail_triggered: hardFails.triggered,
  };
  if (hardFails.unavailable.length) metrics.hard_fail_unavailable = hardFails.unavailable;
  if (systemErrors.length) Object.assign(metrics, { grader_system_error: true, system_error_children: systemErrors });
  const reasoning = [`all_of [strict AND]: ${passed ? 'PASS' : 'FAIL'}`, ...outcomes.map(childLine)].join('\n');
  return result(passed, passed ? 1 : 0, metrics, reasoning, { field_scores: Object.fromEntries(required.map((o) => [o.label, o.score])) });
}
