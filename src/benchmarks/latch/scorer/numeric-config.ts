import { pyStrip } from './python';
import { GraderConfigError, isFiniteNumber, isObject, type JsonObject } from './types';

/** Ground truth: a non-empty object of finite numbers keyed by non-blank field names. */
export function validateGroundTruth(grader: string, groundTruth: unknown): asserts groundTruth is Record<string, number> {
  if (!isObject(groundTruth) || Object.keys(groundTruth).length === 0) {
    throw new GraderConfigError(grader, 'ground_truth must be a non-empty object');
  }
  for (const [field, expected] of Object.entries(groundTruth)) {
    if (pyStrip(field) === '') throw new GraderConfigError(grader, 'ground_truth field names must be non-empty strings');
    if (!isFiniteNumber(expected)) throw new GraderConfigError(grader, `ground_truth[${JSON.stringify(field)}] must be a finite number`);
  }
}

const TOLERANCE_TYPES = new Set(['absolute', 'relative', 'min', 'max']);

function validateToleranceEntry(grader: string, entry: unknown, where: string): void {
  const fail = (msg: string): never => {
    throw new GraderConfigError(grader, `${where}${msg}`);
  };
  if (!isObject(entry)) fail(' must be an object');
  const e = entry as JsonObject;
  const type = Object.hasOwn(e, 'type') ? e.type : 'absolute';
  if (typeof type !== 'string' || !TOLERANCE_TYPES.has(type)) fail(`.type must be one of absolute/relative/min/max, got ${JSON.stringify(type)}`);
  const hasValue = Object.hasOwn(e, 'value');
  const hasLower = Object.hasOwn(e, 'lower');
  const hasUpper = Object.hasOwn(e, 'upper');
  if (type === 'absolute') {
    if (hasLower !== hasUpper) fail(' must configure both lower and upper together');
    if (hasLower) {
      for (const key of ['lower', 'upper']) {
        const v = e[key];
        if (!isFiniteNumber(v) || v < 0) fail(`.${key} must be a finite non-negative number`);
      }
      return;
    }
    if (!hasValue) return;
  } else if (hasLower || hasUpper) fail('.lower/upper are only valid for absolute tolerance');
  if (!hasValue) fail(`.value is required for ${String(type)} tolerance`);
  const value = e.value;
  if (!isFiniteNumber(value)) fail('.value must be a finite number');
  if ((type === 'absolute' || type === 'relative') && (value as number) < 0) fail('.value must be a finite non-negative number');
}

/** Tolerances: `{}` (exact), one global entry with `type`, or one entry per field. */
export function validateTolerances(grader: string, tolerances: unknown): asserts tolerances is JsonObject {
  if (!isObject(tolerances)) throw new GraderConfigError(grader, 'tolerances must be an object');
  if (Object.keys(tolerances).length === 0) return;
  if (Object.hasOwn(tolerances, 'type')) return validateToleranceEntry(grader, tolerances, 'tolerances');
  for (const [field, entry] of Object.entries(tolerances)) {
    if (pyStrip(field) === '') throw new GraderConfigError(grader, 'tolerance field names must be non-empty strings');
    validateToleranceEntry(grader, entry, `tolerances[${JSON.stringify(field)}]`);
  }
}

export interface OpenRange {
  min: number;
  max: number;
}

/** Every ground-truth field needs an open interval (min, max) that contains its ground truth. */
export function validateRanges(grader: string, groundTruth: Record<string, number>, ranges: unknown): Record<string, OpenRange> {
  if (!isObject(ranges) || Object.keys(ranges).length === 0) throw new GraderConfigError(grader, 'ranges must be a non-empty object');
  const out: Record<string, OpenRange> = {};
  for (const [field, expected] of Object.entries(groundTruth)) {
    const name = JSON.stringify(field);
    if (!Object.hasOwn(ranges, field)) throw new GraderConfigError(grader, `ranges is missing the configured ground-truth field ${name}`);
    const range = ranges[field];
    if (!isObject(range)) throw new GraderConfigError(grader, `ranges[${name}] must be an object`);
    const { min, max } = range;
    if (!isFiniteNumber(min)) throw new GraderConfigError(grader, `ranges[${name}].min must be a finite number`);
    if (!isFiniteNumber(max)) throw new GraderConfigError(grader, `ranges[${name}].max must be a finite number`);
    if (min >= max) throw new GraderConfigError(grader, `ranges[${name}] must define min < max`);
    if (!(min < expected && expected < max)) {
      throw new GraderConfigError(grader, `ground_truth[${name}] must lie inside its configured open interval`);
    }
    out[field] = { min, max };
  }
  return out;
}
