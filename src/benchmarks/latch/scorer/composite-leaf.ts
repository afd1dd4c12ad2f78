import {
  MISSING,
  PredicateInputError,
  SCALAR_OPS,
  applyRole,
  evaluatePredicate,
  predicateConfigError,
  predicateScoreMax,
  resolveAnswerField,
  resolveJsonPath,
  thresholdConfigError,
  type LeafKind,
} from './predicate';
import { GraderConfigError, isObject, type JsonObject } from './types';

/** A bare `{predicate, role, ...}` envelope (no `type`). */
export function isLeaf(node: unknown): boolean {
  return isObject(node) && Object.hasOwn(node, 'predicate') && !Object.hasOwn(node, 'type');
}

export interface LeafOutcome {
  kind: LeafKind;
  passed: boolean;
  score: number;
  scoreMax: number;
  info: Record<string, unknown>;
}

/** A hard-fail leaf contributes no score capacity. */
export function leafScoreMax(leaf: unknown): number {
  if (!isObject(leaf) || leaf.role === 'hard_fail') return 0;
  return predicateScoreMax(leaf.predicate);
}

/** Static configuration error of a composite leaf (roles gate/additive/hard_fail), or undefined. */
export function leafConfigError(leaf: unknown): string | undefined {
  if (!isObject(leaf)) return 'predicate leaf must be an object';
  const field = leaf.answer_field;
  if (field !== undefined && field !== null) {
    if (typeof field !== 'string' || field === '') return 'answer_field must be a non-empty string when configured';
    if (field.startsWith('$')) {
      try {
        resolveJsonPath({}, field);
      } catch (err) {
        return `invalid answer_field JSONPath: ${(err as Error).message}`;
      }
    }
  }
  const role = leaf.role;
  if (role !== 'gate' && role !== 'additive' && role !== 'hard_fail') return `unknown predicate role ${JSON.stringify(role)}`;
  const threshold = Object.hasOwn(leaf, 'threshold') ? leaf.threshold : 1;
  const error = predicateConfigError(leaf.predicate) ?? thresholdConfigError(leaf.predicate, threshold);
  if (error) return error;
  if (role !== 'hard_fail' && leafScoreMax(leaf) <= 0) return 'scoring predicate has no positive score capacity';
  return undefined;
}

/** Grade a leaf on an already-bound value (MISSING = the answer omitted it: fails, and a hard_fail triggers). */
export function evaluateLeaf(leaf: JsonObject, value: unknown, where: string): LeafOutcome {
  const error = leafConfigError(leaf);
  if (error) throw new GraderConfigError(where, error);
  const role = leaf.role as string;
  const kind: LeafKind = role === 'hard_fail' ? 'hard_fail' : 'scoring';
  const scoreMax = leafScoreMax(leaf);
  const pred = leaf.predicate as JsonObject;
  const op = pred.op as string;
  if (value === MISSING) return { kind, passed: false, score: 0, scoreMax, info: { op, role, missing_answer_field: true } };
  let raw: boolean | number;
  try {
    raw = evaluatePredicate(pred, value);
  } catch (err) {
    if (!(err instanceof PredicateInputError)) throw err;
    return { kind, passed: false, score: 0, scoreMax, info: { op, role, invalid_answer: err.message } };
  }
  const threshold = (Object.hasOwn(leaf, 'threshold') ? leaf.threshold : 1) as number;
  const applied = applyRole(role, raw, SCALAR_OPS.has(op), threshold);
  return { ...applied, scoreMax, info: { op, role, raw, is_scalar: SCALAR_OPS.has(op) } };
}

/** Composite binding of a leaf's answer_field: whole answer, `$` path, or a plain key. */
export function bindLeafField(answer: unknown, field: unknown): unknown {
  if (field === undefined || field === null) return answer;
  if (typeof field === 'string' && field.startsWith('$')) {
    try {
      return resolveAnswerField(answer, field);
    } catch {
      return MISSING;
    }
  }
  if (isObject(answer) && typeof field === 'string') return Object.hasOwn(answer, field) ? answer[field] : MISSING;
  return MISSING;
}
