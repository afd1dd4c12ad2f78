import { evaluateLeaf, leafConfigError, leafScoreMax } from './composite-leaf';
import { MISSING } from './predicate';
import { GraderConfigError, isObject, result, type GraderResult, type JsonObject } from './types';

const NAME = 'dict_match';

function fail(msg: string): never {
  throw new GraderConfigError(NAME, msg);
}

function validate(config: unknown): JsonObject {
  if (!isObject(config)) fail('config must be an object');
  const c = config as JsonObject;
  if (typeof c.answer_field !== 'string' || c.answer_field === '') fail('answer_field must be a non-empty string');
  const rule = Object.hasOwn(c, 'per_entry_rule') ? c.per_entry_rule : 'gates_all_pass';
  if (typeof rule !== 'string' || rule === '') fail('per_entry_rule must be a non-empty string');
  if (Object.hasOwn(c, 'all_keys_required') && typeof c.all_keys_required !== 'boolean') fail('all_keys_required must be a boolean');
  const gt = c.ground_truth;
  if (!isObject(gt) || Object.keys(gt).length === 0) fail('ground_truth must be a non-empty object');
  let positive = 0;
  for (const [key, entry] of Object.entries(gt as JsonObject)) {
    const where = `ground_truth[${JSON.stringify(key)}]`;
    if (!isObject(entry)) fail(`${where} must be an object`);
    const e = entry as JsonObject;
    const leaves = Object.hasOwn(e, 'predicate') ? { '': e } : e.fields;
    if (!isObject(leaves) || Object.keys(leaves).length === 0) fail(`${where}.fields must be a non-empty object`);
    for (const [name, leaf] of Object.entries(leaves as JsonObject)) {
      const error = leafConfigError(leaf);
      if (error) fail(`${where}${name ? `.fields[${JSON.stringify(name)}]` : ''}: ${error}`);
      if ((leaf as JsonObject).role !== 'hard_fail') positive++;
    }
  }
  if (positive === 0) fail('dict_match must contain at least one positive predicate leaf');
  return c;
}

function entryCapacity(entry: JsonObject): number {
  if (Object.hasOwn(entry, 'predicate')) return leafScoreMax(entry);
  return Object.values(entry.fields as JsonObject).reduce((s: number, leaf) => s + leafScoreMax(leaf), 0);
}

/** Key-by-key grading of an answer object; omitted keys stay in the denominator. */
export function gradeDictMatch(config: unknown, answer: unknown): GraderResult {
  const c = validate(config);
  const field = c.answer_field as string;
  const perEntryRule = Object.hasOwn(c, 'per_entry_rule') ? c.per_entry_rule : 'gates_all_pass';
  const given = isObject(answer) ? answer[field] : undefined;
  if (!isObject(given)) return result(false, 0, { error: `agent_answer.${field} must be an object` }, `dict_match: FAIL\n  x ${field} must be an object`, { field_scores: {} });
  const fieldScores: Record<string, number> = {};
  const failing: string[] = [];
  const triggered: string[] = [];
  let raw = 0;
  let denominator = 0;
  for (const [key, entryValue] of Object.entries(c.ground_truth as JsonObject)) {
    const entry = entryValue as JsonObject;
    denominator += entryCapacity(entry);
    if (!Object.hasOwn(given, key)) {
      fieldScores[key] = 0;
      failing.push(key);
      continue;
    }
    const value = given[key];
    if (Object.hasOwn(entry, 'predicate')) {
      const o = evaluateLeaf(entry, value, NAME);
      fieldScores[key] = o.score;
      if (o.kind !== 'hard_fail') raw += o.score;
      else if (!o.passed) triggered.push(key);
      if (!o.passed) failing.push(key);
      continue;
    }
    let allOk = true;
    let gatesOk = true;
    for (const [name, leaf] of Object.entries(entry.fields as JsonObject)) {
      const fieldValue = isObject(value) && Object.hasOwn(value, name) ? value[name] : MISSING;
      const o = evaluateLeaf(leaf as JsonObject, fieldValue, NAME);
      fieldScores[`${key}.${name}`] = o.score;
      if (o.kind !== 'hard_fail') raw += o.score;
      else if (!o.passed) triggered.push(`${key}.${name}`);
      if (!o.passed) allOk = false;
      if ((leaf as JsonObject).role === 'gate' && !o.passed) gatesOk = false;
    }
    if (!(perEntryRule === 'gates_all_pass' ? gatesOk : allOk)) failing.push(key);
  }
  const veto = triggered.length > 0;
  const nothingGraded = denominator <= 0;
  const score = veto || nothingGraded ? 0 : Math.min(1, Math.max(0, raw / denominator));
  const passed = failing.length === 0 && !veto && !nothingGraded;
  const entries = Object.keys(c.ground_truth as JsonObject).length;
  const metrics: Record<string, unknown> = {
    entries_total: entries,
    entries_passed: entries - failing.length,
    raw_score: raw,
    score_denominator: denominator,
    hard_fail_triggered: triggered,
    failing_keys: failing,
  };
  if (c.all_keys_required === false) metrics.all_keys_required_ignored = 'omitted keys are graded as failures';
  return result(passed, score, metrics, `dict_match (answer_field=${field}): ${passed ? 'PASS' : 'FAIL'}${failing.length ? `\n  x failing: ${failing.join(', ')}` : ''}`, {
    field_scores: fieldScores,
  });
}
