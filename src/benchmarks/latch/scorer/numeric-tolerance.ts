import { coerceNumeric, getNestedValue, jsonSafe } from './answer';
import { validateGroundTruth, validateTolerances } from './numeric-config';
import { GraderConfigError, isFiniteNumber, isObject, result, type GraderResult, type JsonObject } from './types';

const NAME = 'numeric_tolerance';

interface FieldCheck {
  pass: boolean;
  error: number;
  failure?: string;
}

function checkField(expected: number, actual: number, tol: JsonObject): FieldCheck {
  const type = (tol.type as string | undefined) ?? 'absolute';
  const value = (tol.value as number | undefined) ?? 0;
  if (type === 'absolute') {
    if (Object.hasOwn(tol, 'lower') && Object.hasOwn(tol, 'upper')) {
      const lower = tol.lower as number;
      const upper = tol.upper as number;
      const pass = expected - lower <= actual && actual <= expected + upper;
      return { pass, error: actual - expected, failure: `${actual} vs ${expected} (allowed: -${lower}/+${upper})` };
    }
    const error = Math.abs(actual - expected);
    return { pass: error <= value, error, failure: `${actual} vs ${expected} (error: ${error}, tolerance: ${value})` };
  }
  if (type === 'relative') {
    const error = expected !== 0 ? Math.abs(actual - expected) / Math.abs(expected) : Infinity;
    return { pass: error <= value, error, failure: `${actual} vs ${expected} (relative error: ${error}, tolerance: ${value})` };
  }
  if (type === 'min') return { pass: actual >= value, error: actual < value ? value - actual : 0, failure: `${actual} (minimum required: ${value})` };
  return { pass: actual <= value, error: actual > value ? actual - value : 0, failure: `${actual} (maximum allowed: ${value})` };
}

/** Which tolerance applies to `field`: its own entry, the global one, or exact equality. */
function toleranceFor(tolerances: JsonObject, field: string): JsonObject {
  const own = tolerances[field];
  if (Object.hasOwn(tolerances, 'type') && !(isObject(own) && Object.hasOwn(own, 'value'))) return tolerances;
  return isObject(own) ? own : { type: 'absolute', value: 0 };
}

/** Every ground-truth field within its tolerance; score = fraction of fields passing. */
export function gradeNumericTolerance(config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const groundTruth = Object.hasOwn(config, 'ground_truth') ? config.ground_truth : {};
  const tolerances = Object.hasOwn(config, 'tolerances') ? config.tolerances : Object.hasOwn(config, 'tolerance') ? config.tolerance : {};
  validateGroundTruth(NAME, groundTruth);
  validateTolerances(NAME, tolerances);
  if (!isObject(answer)) return result(false, 0, {}, `${NAME}: FAIL\n  x agent answer must be an object`, { field_scores: {} });

  const metrics: Record<string, unknown> = {};
  const failures: string[] = [];
  const fieldScores: Record<string, number> = {};
  for (const [field, expected] of Object.entries(groundTruth)) {
    fieldScores[field] = 0;
    const { value: raw, found } = getNestedValue(answer, field);
    if (!found) {
      failures.push(`Missing field: ${field}`);
      continue;
    }
    const coerced = coerceNumeric(raw);
    if (!coerced.ok) {
      failures.push(`${field}: cannot parse ${JSON.stringify(raw)} as number`);
      continue;
    }
    const actual = coerced.value;
    metrics[`${field}_expected`] = expected;
    if (!isFiniteNumber(actual)) {
      metrics[`${field}_actual`] = actual ?? null;
      metrics[`${field}_error`] = Infinity;
      metrics[`${field}_pass`] = false;
      failures.push(actual === null ? `${field}: got null value` : `${field}: expected a finite numeric value`);
      continue;
    }
    const check = checkField(expected, actual, toleranceFor(tolerances, field));
    metrics[`${field}_actual`] = actual;
    metrics[`${field}_error`] = check.error;
    metrics[`${field}_pass`] = check.pass;
    if (check.pass) fieldScores[field] = 1;
    else failures.push(`${field}: ${check.failure}`);
  }
  const fields = Object.keys(groundTruth);
  const passedCount = fields.filter((f) => fieldScores[f] === 1).length;
  const passed = failures.length === 0;
  const reasoning = [`Numeric Tolerance Check: ${passed ? 'PASS' : 'FAIL'}`, ...failures.map((f) => `  - ${f}`)].join('\n');
  return result(passed, passedCount / fields.length, jsonSafe(metrics), reasoning, { field_scores: fieldScores });
}
