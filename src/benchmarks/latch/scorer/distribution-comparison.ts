import { pyStrip } from './python';
import { GraderConfigError, isFiniteNumber, isObject, result, type GraderResult } from './types';

const NAME = 'distribution_comparison';

interface DistributionConfig {
  distribution: Record<string, number>;
  totalCells?: number;
  pctTolerance: number;
  totalCellsTolerance: number;
}

function toleranceValue(tolerances: Record<string, unknown>, key: string, fallback: number): number {
  if (!Object.hasOwn(tolerances, key)) return fallback;
  const entry = tolerances[key];
  if (!isObject(entry)) throw new GraderConfigError(NAME, `tolerances.${key} must be an object`);
  if (!Object.hasOwn(entry, 'value')) return fallback;
  const v = entry.value;
  if (!isFiniteNumber(v) || v < 0) throw new GraderConfigError(NAME, `tolerances.${key}.value must be a finite non-negative number`);
  return v;
}

function readConfig(config: unknown): DistributionConfig {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const gt = config.ground_truth;
  if (!isObject(gt)) throw new GraderConfigError(NAME, 'ground_truth must be an object');
  const dist = gt.cell_type_distribution;
  if (!isObject(dist) || Object.keys(dist).length === 0) {
    throw new GraderConfigError(NAME, 'ground_truth.cell_type_distribution must be a non-empty object');
  }
  for (const [k, v] of Object.entries(dist)) {
    // Upstream distribution.py _validate_configuration: cell-type names must be non-empty after str.strip().
    if (pyStrip(k) === '') throw new GraderConfigError(NAME, 'cell-type names must be non-empty strings');
    if (!isFiniteNumber(v)) throw new GraderConfigError(NAME, `ground_truth.cell_type_distribution[${JSON.stringify(k)}] must be a finite number`);
  }
  const total = gt.total_cells;
  if (total !== undefined && total !== null && !isFiniteNumber(total)) {
    throw new GraderConfigError(NAME, 'ground_truth.total_cells must be a finite number');
  }
  const tolerances = Object.hasOwn(config, 'tolerances') ? config.tolerances : {};
  if (!isObject(tolerances)) throw new GraderConfigError(NAME, 'tolerances must be an object');
  const out: DistributionConfig = {
    distribution: dist as Record<string, number>,
    pctTolerance: toleranceValue(tolerances, 'cell_type_percentages', 3.0),
    totalCellsTolerance: toleranceValue(tolerances, 'total_cells', 0),
  };
  if (isFiniteNumber(total)) out.totalCells = total;
  return out;
}

/** Every ground-truth category within ± the tolerance in absolute percentage points (case-sensitive names). */
export function gradeDistributionComparison(config: unknown, answer: unknown): GraderResult {
  const cfg = readConfig(config);
  const agentDist = isObject(answer) ? answer.cell_type_distribution : undefined;
  if (!isObject(answer) || !isObject(agentDist)) {
    return result(false, 0, {}, 'Distribution Comparison: FAIL\n  x cell_type_distribution must be an object');
  }
  // Upstream distribution.py evaluate_answer: a blank answer key fails the whole answer.
  if (Object.keys(agentDist).some((k) => pyStrip(k) === '')) {
    return result(false, 0, {}, 'Distribution Comparison: FAIL\n  x cell_type_distribution keys must be non-empty strings');
  }
  const metrics: Record<string, unknown> = {};
  const failures: string[] = [];
  if (cfg.totalCells !== undefined) {
    const actual = answer.total_cells;
    metrics.total_cells_expected = cfg.totalCells;
    if (isFiniteNumber(actual)) {
      const diff = Math.abs(actual - cfg.totalCells);
      Object.assign(metrics, { total_cells_actual: actual, total_cells_diff: diff, total_cells_pass: diff <= cfg.totalCellsTolerance });
      if (diff > cfg.totalCellsTolerance) failures.push(`total_cells: ${actual} vs ${cfg.totalCells} (diff: ${diff})`);
    } else {
      Object.assign(metrics, { total_cells_actual: actual ?? null, total_cells_diff: null, total_cells_pass: false });
      failures.push('total_cells: missing or not a finite number');
    }
  }
  for (const [cellType, expected] of Object.entries(cfg.distribution)) {
    const actual = agentDist[cellType];
    metrics[`${cellType}_expected`] = expected;
    if (!isFiniteNumber(actual)) {
      Object.assign(metrics, { [`${cellType}_actual`]: actual ?? null, [`${cellType}_diff`]: null, [`${cellType}_pass`]: false });
      failures.push(Object.hasOwn(agentDist, cellType) ? `${cellType}: not a finite number` : `Missing cell type: ${cellType}`);
      continue;
    }
    const diff = Math.abs(actual - expected);
    const pass = diff <= cfg.pctTolerance;
    Object.assign(metrics, { [`${cellType}_actual`]: actual, [`${cellType}_diff`]: diff, [`${cellType}_pass`]: pass });
    if (!pass) failures.push(`${cellType}: ${actual}% vs ${expected}% (diff: ${diff}%)`);
  }
  const extra = Object.keys(agentDist).filter((k) => !Object.hasOwn(cfg.distribution, k));
  if (extra.length) metrics.extra_cell_types = extra.sort();
  const passed = failures.length === 0;
  const reasoning = [`Distribution Comparison: ${passed ? 'PASS' : 'FAIL'} (tolerance ±${cfg.pctTolerance} points)`, ...failures.map((f) => `  - ${f}`)].join('\n');
  return result(passed, passed ? 1 : 0, metrics, reasoning);
}
