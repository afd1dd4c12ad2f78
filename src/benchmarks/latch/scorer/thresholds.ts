import { GraderConfigError, isFiniteNumber, isObject, type JsonObject } from './types';
import { pyStrip } from './python';
import { isPyIntAt } from '../../../core/python-number';

/** `config.scoring` (default {}), which must be an object. */
export function scoringOf(grader: string, config: JsonObject): JsonObject {
  const scoring = Object.hasOwn(config, 'scoring') ? config.scoring : {};
  if (!isObject(scoring)) throw new GraderConfigError(grader, 'scoring must be an object');
  return scoring;
}

/** `config.scoring.pass_thresholds` (default {}), which must be an object. */
export function passThresholdsOf(grader: string, config: JsonObject): JsonObject {
  const scoring = scoringOf(grader, config);
  const t = Object.hasOwn(scoring, 'pass_thresholds') ? scoring.pass_thresholds : {};
  if (!isObject(t)) throw new GraderConfigError(grader, 'scoring.pass_thresholds must be an object');
  return t;
}

/** A fraction in [0, 1] read from `holder[key]`, or `fallback` when absent. */
export function fractionOption(grader: string, holder: JsonObject, key: string, fallback: number): number {
  if (!Object.hasOwn(holder, key)) return fallback;
  const v = holder[key];
  if (!isFiniteNumber(v) || v < 0 || v > 1) throw new GraderConfigError(grader, `${key} must be a number in [0, 1]`);
  return v;
}

/** `expected_count`: absent or null = unset, else a non-negative Python int (`4.0` is rejected). */
export function expectedCountOf(grader: string, config: JsonObject): number | undefined {
  const v = config.expected_count;
  if (v === undefined || v === null) return undefined;
  if (!isPyIntAt(config, 'expected_count') || (v as number) < 0) throw new GraderConfigError(grader, 'expected_count must be a non-negative integer');
  return v as number;
}

/** `answer_field`: absent = `fallback`, else a string that is non-empty after Python `str.strip()`. */
export function answerFieldOf(grader: string, config: JsonObject, fallback: string): string {
  if (!Object.hasOwn(config, 'answer_field')) return fallback;
  const v = config.answer_field;
  if (typeof v !== 'string' || pyStrip(v) === '') throw new GraderConfigError(grader, 'answer_field must be a non-empty string');
  return v;
}

/** Python `sorted()` for strings: by code point. */
export function sortedStrings(values: Iterable<string>): string[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
