import {
  MISSING,
  PredicateInputError,
  SCALAR_OPS,
  applyRole,
  evaluatePredicate,
  predicateConfigError,
  predicateScoreMax,
  resolveAnswerField,
  thresholdConfigError,
} from './predicate';
import { GraderConfigError, isObject, result, type GraderResult, type JsonObject } from './types';

const NAME = 'predicate_leaf';

/** Bind the graded value: whole answer, a plain key, or a `$` JSONPath. */
function bindRootField(answer: unknown, field: unknown): { value: unknown; label: string } {
  if (field === undefined || field === null) return { value: answer, label: '<root>' };
  if (typeof field !== 'string' || field === '') throw new GraderConfigError(NAME, 'answer_field must be a non-empty string when configured');
  if (field.startsWith('$')) {
    try {
      return { value: resolveAnswerField(answer, field), label: field };
    } catch (err) {
      throw new GraderConfigError(NAME, `invalid jsonpath in answer_field: ${(err as Error).message}`);
    }
  }
  return { value: isObject(answer) && Object.hasOwn(answer, field) ? answer[field] : MISSING, label: field };
}

/** A bare predicate at the root of an eval: role gate or hard_fail. */
export function gradePredicateLeaf(config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const predicate = config.predicate;
  const role = config.role;
  const threshold = Object.hasOwn(config, 'threshold') ? config.threshold : 1;
  const scoreMax = predicateScoreMax(predicate);
  const configError = predicateConfigError(predicate) ?? thresholdConfigError(predicate, threshold);
  if (configError) throw new GraderConfigError(NAME, configError);
  if ((role === 'gate' || role === 'additive') && scoreMax <= 0) throw new GraderConfigError(NAME, 'scoring predicate has no positive score capacity');
  const { value, label } = bindRootField(answer, config.answer_field);
  if (role === 'additive') throw new GraderConfigError(NAME, "role 'additive' is invalid at root; valid only inside average_of, list_match, or dict_match");
  if (role !== 'gate' && role !== 'hard_fail') throw new GraderConfigError(NAME, `unknown role ${JSON.stringify(role)}; expected one of gate, hard_fail`);

  const pred = predicate as JsonObject;
  const op = pred.op as string;
  const isScalar = SCALAR_OPS.has(op);
  const title = `Predicate-leaf ${typeof config.name === 'string' && config.name ? `'${config.name}'` : '(unnamed)'} [op=${op}, role=${role}]`;
  if (value === MISSING) {
    return result(false, 0, { op, role, answer_field: label, missing_answer_field: true }, `${title}: FAIL\n  x answer is missing the graded field: ${label}`, {
      score_max: scoreMax,
      field_scores: { [label]: 0 },
    });
  }
  let raw: boolean | number;
  try {
    raw = evaluatePredicate(pred, value);
  } catch (err) {
    if (!(err instanceof PredicateInputError)) throw err;
    return result(false, 0, { invalid_answer: err.message }, `${title}: FAIL — ${err.message}`, { score_max: scoreMax, field_scores: {} });
  }
  const { passed, score } = applyRole(role, raw, isScalar, threshold as number);
  const metrics = { op, role, raw_result: raw, is_scalar: isScalar, threshold: isScalar ? threshold : null, answer_field: config.answer_field ?? null, score_max: scoreMax };
  const verdict = isScalar ? `score ${raw} (threshold ${String(threshold)})` : `predicate result: ${String(raw)}`;
  return result(passed, score, metrics, `${title}: ${passed ? 'PASS' : 'FAIL'}\n  ${verdict}`, { score_max: scoreMax, field_scores: { [label]: score } });
}
