import { GraderConfigError, isFiniteNumber, isObject, result, type GraderResult } from './types';

const NAME = 'spatial_adjacency';

const DISTANCE_FIELDS = ['median_ic_to_pc_um', 'p90_ic_to_pc_um'] as const;
const PERCENT_FIELDS = ['pct_ic_within_15um', 'pct_ic_mixed_within_55um'] as const;

const DEFAULT_THRESHOLDS = {
  max_median_ic_to_pc_um: 25,
  max_p90_ic_to_pc_um: 80,
  min_pct_ic_within_15um: 60,
  min_pct_ic_mixed_within_55um: 60,
};
type Thresholds = typeof DEFAULT_THRESHOLDS;

interface SpatialAnswer {
  median_ic_to_pc_um: number;
  p90_ic_to_pc_um: number;
  pct_ic_within_15um: number;
  pct_ic_mixed_within_55um: number;
  adjacency_pass: boolean;
}

function readThresholds(config: unknown): Thresholds {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const scoring = Object.hasOwn(config, 'scoring') ? config.scoring : {};
  if (!isObject(scoring)) throw new GraderConfigError(NAME, 'scoring must be an object');
  const given = Object.hasOwn(scoring, 'pass_thresholds') ? scoring.pass_thresholds : {};
  if (!isObject(given)) throw new GraderConfigError(NAME, 'scoring.pass_thresholds must be an object');
  const out = { ...DEFAULT_THRESHOLDS };
  for (const key of Object.keys(DEFAULT_THRESHOLDS) as (keyof Thresholds)[]) {
    if (!Object.hasOwn(given, key)) continue;
    const v = given[key];
    if (!isFiniteNumber(v) || v < 0) throw new GraderConfigError(NAME, `pass_thresholds.${key} must be a finite non-negative number`);
    if (key.startsWith('min_pct') && v > 100) throw new GraderConfigError(NAME, `pass_thresholds.${key} must be at most 100`);
    out[key] = v;
  }
  return out;
}

function answerProblem(answer: Record<string, unknown>): string | undefined {
  for (const f of [...DISTANCE_FIELDS, ...PERCENT_FIELDS, 'adjacency_pass']) {
    if (!Object.hasOwn(answer, f)) return `missing required field ${f}`;
  }
  for (const f of DISTANCE_FIELDS) {
    const v = answer[f];
    if (!isFiniteNumber(v) || v < 0) return `${f} must be a finite non-negative number`;
  }
  for (const f of PERCENT_FIELDS) {
    const v = answer[f];
    if (!isFiniteNumber(v) || v < 0 || v > 100) return `${f} must be a finite number in [0, 100]`;
  }
  if (typeof answer.adjacency_pass !== 'boolean') return 'adjacency_pass must be a JSON boolean';
  return undefined;
}

/** IC→PC distances and proximity percentages within thresholds, and the agent's own verdict true. */
export function gradeSpatialAdjacency(config: unknown, answer: unknown): GraderResult {
  const t = readThresholds(config);
  if (!isObject(answer)) return result(false, 0, {}, `${NAME}: FAIL\n  x agent answer must be an object`);
  const problem = answerProblem(answer);
  if (problem) return result(false, 0, {}, `Spatial Adjacency Analysis: FAIL\n  x ${problem}`);
  const a = answer as unknown as SpatialAnswer;
  const checks = {
    median_pass: a.median_ic_to_pc_um <= t.max_median_ic_to_pc_um,
    p90_pass: a.p90_ic_to_pc_um <= t.max_p90_ic_to_pc_um,
    within_15um_pass: a.pct_ic_within_15um >= t.min_pct_ic_within_15um,
    mixed_55um_pass: a.pct_ic_mixed_within_55um >= t.min_pct_ic_mixed_within_55um,
  };
  const passed = Object.values(checks).every(Boolean) && a.adjacency_pass;
  const metrics = {
    median_ic_to_pc_um: a.median_ic_to_pc_um,
    p90_ic_to_pc_um: a.p90_ic_to_pc_um,
    pct_ic_within_15um: a.pct_ic_within_15um,
    pct_ic_mixed_within_55um: a.pct_ic_mixed_within_55um,
    adjacency_pass: a.adjacency_pass,
    max_median_threshold: t.max_median_ic_to_pc_um,
    max_p90_threshold: t.max_p90_ic_to_pc_um,
    min_pct_15um_threshold: t.min_pct_ic_within_15um,
    min_pct_55um_threshold: t.min_pct_ic_mixed_within_55um,
    ...checks,
  };
  const failed = Object.entries(checks).filter(([, ok]) => !ok).map(([k]) => k);
  if (!a.adjacency_pass) failed.push('agent marked adjacency_pass as false');
  const reasoning = `Spatial Adjacency Analysis: ${passed ? 'PASS' : 'FAIL'}${failed.length ? `\n  x ${failed.join('; ')}` : ''}`;
  return result(passed, passed ? 1 : 0, metrics, reasoning);
}
