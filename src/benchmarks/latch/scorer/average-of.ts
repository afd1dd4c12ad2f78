import { childLine, collectHardFails, evaluateChild, readChildren, type GraderLookup } from './children';
import { GraderConfigError, isFiniteNumber, isObject, result, type GraderResult, type JsonObject } from './types';
import { isPyIntAt } from '../../../core/python-number';

const NAME = 'average_of';

/** Whether the pass rule holds; an inconsistent rule is a configuration error. */
function passRuleHolds(config: JsonObject, count: number, passedCount: number, rawTotal: number): boolean {
  const rule = Object.hasOwn(config, 'pass_rule') ? config.pass_rule : 'all';
  const has = (k: string) => Object.hasOwn(config, k);
  if (rule === 'all') {
    if (has('min_passing_children') || has('score_threshold')) throw new GraderConfigError(NAME, 'min_passing_children and score_threshold need their matching pass_rule');
    return passedCount === count;
  }
  if (rule === 'min_passing') {
    if (has('score_threshold')) throw new GraderConfigError(NAME, "score_threshold is invalid with pass_rule='min_passing'");
    const min = config.min_passing_children;
    if (!isPyIntAt(config, 'min_passing_children') || (min as number) < 0 || (min as number) > count) {
      throw new GraderConfigError(NAME, 'min_passing_children must be an integer between 0 and the number of scoring children');
    }
    return passedCount >= (min as number);
  }
  if (rule === 'score_threshold') {
    if (has('min_passing_children')) throw new GraderConfigError(NAME, "min_passing_children is invalid with pass_rule='score_threshold'");
    const threshold = config.score_threshold;
    if (!isFiniteNumber(threshold) || threshold < 0) throw new GraderConfigError(NAME, 'score_threshold must be a finite non-negative number');
    // The seed: compared with the raw sum of child scores, not the normalised score.
    return rawTotal >= threshold;
  }
  throw new GraderConfigError(NAME, 'pass_rule must be one of all/min_passing/score_threshold');
}

/** Normalised partial credit Σscore/Σscore_max with its own binary pass rule. */
export function gradeAverageOf(lookup: GraderLookup, config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const children = readChildren(NAME, config);
  const outcomes = children.map((child, i) => evaluateChild(lookup, NAME, child, answer, i, true));
  const scoring = outcomes.filter((o) => o.kind === 'positive');
  for (const o of scoring) if (!(o.scoreMax > 0)) throw new GraderConfigError(NAME, `${o.label}: scoring child must have positive score capacity`);
  if (scoring.length === 0) throw new GraderConfigError(NAME, 'average_of has no scoring children');
  const scored = scoring.filter((o) => !o.systemError);
  const rawTotal = scored.reduce((s, o) => s + o.score, 0);
  const denominator = scoring.reduce((s, o) => s + o.scoreMax, 0);
  const passedCount = scored.filter((o) => o.passed).length;
  const ruleHolds = passRuleHolds(config, scoring.length, passedCount, rawTotal);
  const systemErrors = scoring.filter((o) => o.systemError).map((o) => o.label);
  const hardFails = collectHardFails(outcomes);
  const blocked = systemErrors.length > 0 || hardFails.triggered.length > 0 || hardFails.unavailable.length > 0;
  const score = blocked ? 0 : Math.min(1, Math.max(0, rawTotal / denominator));
  const passed = ruleHolds && !blocked;
  const metrics: Record<string, unknown> = {
    type: 'average_of',
    pass_rule: config.pass_rule ?? 'all',
    scoring_count: scoring.length,
    scoring_passed: passedCount,
    scoring_total_score: rawTotal,
    score_denominator: denominator,
    failed_children: scored.filter((o) => !o.passed).map((o) => o.label),
    hard_fail_triggered: hardFails.triggered,
  };
  if (hardFails.unavailable.length) metrics.hard_fail_unavailable = hardFails.unavailable;
  if (systemErrors.length) Object.assign(metrics, { grader_system_error: true, system_error_children: systemErrors });
  const reasoning = [`average_of [pass_rule=${String(metrics.pass_rule)}]: ${passed ? 'PASS' : 'FAIL'} (normalized score=${score})`, ...outcomes.map(childLine)].join('\n');
  return result(passed, score, metrics, reasoning, { field_scores: Object.fromEntries(scoring.map((o) => [o.label, o.score])) });
}
