import { evaluateLeaf, leafConfigError, leafScoreMax } from './composite-leaf';
import { matchKey, hashKey } from './match-key';
import { MISSING } from './predicate';
import { pyStr } from './python';
import { GraderConfigError, isFiniteNumber, isObject, result, type GraderResult, type JsonObject } from './types';
import { isFloatLiteral, isPyIntAt } from '../../../core/python-number';

const NAME = 'list_match';

interface ListMatchConfig {
  answerField: string;
  matchKeyField: string;
  normalize: unknown;
  dedupeBy?: string;
  perTupleRule: string;
  k?: number;
  tuplePassMin: number;
  additiveScoreMin: number;
  rows: JsonObject[];
}

function fail(msg: string): never {
  throw new GraderConfigError(NAME, msg);
}

const isNonNegInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function readConfig(config: unknown): ListMatchConfig {
  if (!isObject(config)) fail('config must be an object');
  const c = config as JsonObject;
  const nonEmpty = (v: unknown) => typeof v === 'string' && v !== '';
  if (!nonEmpty(c.answer_field)) fail('answer_field must be a non-empty string');
  if (!nonEmpty(c.match_key)) fail('match_key must be a non-empty string');
  const normalize = Object.hasOwn(c, 'match_key_normalize') ? c.match_key_normalize : 'none';
  if (typeof normalize !== 'string') fail('match_key_normalize must be a string');
  const dedupe = c.deduplicate_by;
  if (dedupe !== undefined && dedupe !== null && !nonEmpty(dedupe)) fail('deduplicate_by must be a non-empty string when configured');
  const perTupleRule = Object.hasOwn(c, 'per_tuple_rule') ? c.per_tuple_rule : 'gates_all_pass';
  if (!nonEmpty(perTupleRule)) fail('per_tuple_rule must be a non-empty string');
  const k = c.k;
  if (k !== undefined && k !== null && !(isNonNegInt(k) && k > 0 && isPyIntAt(c, 'k'))) fail('k must be a positive integer when configured');
  const tuplePassMin = Object.hasOwn(c, 'tuple_pass_min') ? c.tuple_pass_min : 0;
  if (!isNonNegInt(tuplePassMin) || isFloatLiteral(c, 'tuple_pass_min')) fail('tuple_pass_min must be a non-negative integer');
  if (typeof k === 'number' && (tuplePassMin as number) > k) fail('tuple_pass_min cannot exceed k');
  const additiveScoreMin = Object.hasOwn(c, 'additive_score_min') ? c.additive_score_min : 0;
  if (!isFiniteNumber(additiveScoreMin) || additiveScoreMin < 0) fail('additive_score_min must be a finite non-negative number');
  const rows = c.ground_truth;
  if (!Array.isArray(rows) || rows.length === 0) fail('ground_truth must be a non-empty list');
  if ((tuplePassMin as number) > (rows as unknown[]).length) fail('tuple_pass_min cannot exceed ground_truth size');
  const seen = new Set<string>();
  let positive = 0;
  for (const [i, row] of (rows as unknown[]).entries()) {
    if (!isObject(row)) fail(`ground_truth[${i}] must be an object`);
    const r = row as JsonObject;
    if (!Object.hasOwn(r, c.match_key as string)) fail(`ground_truth[${i}] is missing match_key ${JSON.stringify(c.match_key)}`);
    const key = matchKey(r[c.match_key as string], normalize);
    if (seen.has(key)) fail(`ground_truth contains duplicate match key ${JSON.stringify(r[c.match_key as string])}`);
    seen.add(key);
    const fields = r.fields;
    if (!isObject(fields) || Object.keys(fields).length === 0) fail(`ground_truth[${i}].fields must be a non-empty object`);
    for (const [name, leaf] of Object.entries(fields as JsonObject)) {
      const error = leafConfigError(leaf);
      if (error) fail(`ground_truth[${i}].fields[${JSON.stringify(name)}]: ${error}`);
      if ((leaf as JsonObject).role !== 'hard_fail') positive++;
    }
  }
  if (positive === 0) fail('list_match must contain at least one positive predicate leaf');
  const out: ListMatchConfig = {
    answerField: c.answer_field as string,
    matchKeyField: c.match_key as string,
    normalize,
    perTupleRule: perTupleRule as string,
    tuplePassMin: tuplePassMin as number,
    additiveScoreMin,
    rows: rows as JsonObject[],
  };
  if (typeof dedupe === 'string') out.dedupeBy = dedupe;
  if (typeof k === 'number') out.k = k;
  return out;
}

/** Largest reachable additive score: the k highest row capacities (all rows without k). */
function additiveDenominator(rows: JsonObject[], k: number | undefined): number {
  const capacities = rows.map((row) =>
    Object.values(row.fields as JsonObject)
      .filter((leaf) => isObject(leaf) && leaf.role === 'additive')
      .reduce((s: number, leaf) => s + leafScoreMax(leaf), 0),
  );
  capacities.sort((a, b) => b - a);
  return (k === undefined ? capacities : capacities.slice(0, k)).reduce((s, v) => s + v, 0);
}

/** Pair the agent's rows with ground-truth rows by match_key and grade each field with its predicate leaf. */
export function gradeListMatch(config: unknown, answer: unknown): GraderResult {
  const cfg = readConfig(config);
  const denominator = additiveDenominator(cfg.rows, cfg.k);
  const scoreMax = denominator > 0 ? 1 : 0;
  let list = isObject(answer) ? answer[cfg.answerField] : undefined;
  if (!Array.isArray(list)) return result(false, 0, { error: `agent_answer.${cfg.answerField} must be a list` }, `list_match: FAIL\n  x ${cfg.answerField} must be a list`, { score_max: scoreMax, field_scores: {} });
  if (cfg.dedupeBy !== undefined) {
    const seen = new Set<string>();
    list = list.filter((row) => {
      if (!isObject(row)) return true;
      const key = hashKey(row[cfg.dedupeBy!] ?? null);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  const rows = cfg.k === undefined ? (list as unknown[]) : (list as unknown[]).slice(0, cfg.k);
  const truthByKey = new Map(cfg.rows.map((row) => [matchKey(row[cfg.matchKeyField], cfg.normalize), row]));
  const consumed = new Set<string>();
  const fieldScores: Record<string, number> = {};
  const triggered: string[] = [];
  const lines: string[] = [];
  let tuplePassCount = 0;
  let additive = 0;
  for (const [i, row] of rows.entries()) {
    if (!isObject(row)) {
      lines.push(`  x tuple[${i}]: not an object`);
      continue;
    }
    const keyValue = Object.hasOwn(row, cfg.matchKeyField) ? row[cfg.matchKeyField] : null;
    const key = matchKey(keyValue, cfg.normalize);
    const truth = truthByKey.get(key);
    if (!truth || consumed.has(key)) {
      lines.push(`  x ${pyStr(keyValue)}: ${truth ? 'duplicate match_key' : 'match_key not in ground truth'}`);
      continue;
    }
    consumed.add(key);
    let gatesPass = true;
    let allPass = true;
    for (const [field, leaf] of Object.entries(truth.fields as JsonObject)) {
      const outcome = evaluateLeaf(leaf as JsonObject, Object.hasOwn(row, field) ? row[field] : MISSING, NAME);
      const role = (leaf as JsonObject).role;
      fieldScores[`${pyStr(keyValue)}.${field}`] = outcome.score;
      if (outcome.kind === 'hard_fail') {
        if (!outcome.passed) triggered.push(`${pyStr(keyValue)}.${field}`);
        continue;
      }
      if (!outcome.passed) allPass = false;
      if (role === 'gate' && !outcome.passed) gatesPass = false;
      if (role === 'additive') additive += outcome.score;
    }
    const tuplePassed = cfg.perTupleRule === 'gates_all_pass' ? gatesPass : allPass;
    if (tuplePassed) tuplePassCount++;
    lines.push(`  ${tuplePassed ? '+' : 'x'} ${pyStr(keyValue)}`);
  }
  const veto = triggered.length > 0;
  const nothingGraded = consumed.size === 0;
  const passed = tuplePassCount >= cfg.tuplePassMin && additive >= cfg.additiveScoreMin && !veto && !nothingGraded;
  const score = veto || denominator <= 0 ? 0 : Math.min(1, Math.max(0, additive / denominator));
  const metrics: Record<string, unknown> = {
    k: cfg.k ?? null,
    tuple_pass_count: tuplePassCount,
    tuple_pass_min: cfg.tuplePassMin,
    additive_score: additive,
    additive_score_min: cfg.additiveScoreMin,
    additive_score_denominator: denominator,
    n_tuples_evaluated: rows.length,
    hard_fail_triggered: triggered,
  };
  if (nothingGraded) metrics.composite_error = 'answer matched none of the ground-truth entries';
  const reasoning = [`list_match (answer_field=${cfg.answerField}): ${passed ? 'PASS' : 'FAIL'}`, ...lines, `  tuple_pass: ${tuplePassCount}/${cfg.tuplePassMin}  additive_score: ${additive}/${cfg.additiveScoreMin}`].join('\n');
  return result(passed, score, metrics, reasoning, { score_max: scoreMax, field_scores: fieldScores });
}
