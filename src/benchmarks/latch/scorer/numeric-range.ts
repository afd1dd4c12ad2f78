import { coerceNumeric, getNestedValue } from './answer';
import { validateGroundTruth, validateRanges } from './numeric-config';
import { GraderConfigError, isObject, result, type GraderResult } from './types';

const NAME = 'numeric_range';

/** Every ground-truth field strictly inside its open interval; score = fraction passing. */
export function gradeNumericRange(config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const groundTruth = Object.hasOwn(config, 'ground_truth') ? config.ground_truth : {};
  validateGroundTruth(NAME, groundTruth);
  const ranges = validateRanges(NAME, groundTruth, Object.hasOwn(config, 'ranges') ? config.ranges : {});
  if (!isObject(answer)) return result(false, 0, {}, `${NAME}: FAIL\n  x agent answer must be an object`, { field_scores: {} });

  const metrics: Record<string, unknown> = {};
  const failures: string[] = [];
  const fieldScores: Record<string, number> = {};
  for (const [field, expected] of Object.entries(groundTruth)) {
    const { min, max } = ranges[field]!;
    Object.assign(metrics, { [`${field}_expected`]: expected, [`${field}_min`]: min, [`${field}_max`]: max });
    metrics[`${field}_actual`] = null;
    metrics[`${field}_pass`] = false;
    fieldScores[field] = 0;
    const { value: raw, found } = getNestedValue(answer, field);
    if (!found) {
      failures.push(`Missing field: ${field}`);
      continue;
    }
    const coerced = coerceNumeric(raw);
    if (!coerced.ok) {
      metrics[`${field}_actual`] = raw;
      failures.push(`${field}: cannot parse ${JSON.stringify(raw)} as number`);
      continue;
    }
    const actual = coerced.value;
    metrics[`${field}_actual`] = actual ?? null;
    if (typeof actual !== 'number') {
      failures.push(`${field}: expected a number, got ${JSON.stringify(actual)}`);
      continue;
    }
    const inside = min < actual && actual < max;
    metrics[`${field}_pass`] = inside;
    if (inside) fieldScores[field] = 1;
    else failures.push(`${field}: ${actual} not in open interval (${min}, ${max})`);
  }
  const fields = Object.keys(groundTruth);
  const passedCount = fields.filter((f) => fieldScores[f] === 1).length;
  const passed = failures.length === 0;
  const reasoning = [`Numeric Range Check: ${passed ? 'PASS' : 'FAIL'}`, ...failures.map((f) => `  - ${f}`)].join('\n');
  return result(passed, passedCount / fields.length, metrics, reasoning, { field_scores: fieldScores });
}
