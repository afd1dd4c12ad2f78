/** Predicate AST evaluator and restricted JSONPath resolver (boolean ops → bool, scalar ops → number). */
import { pyFloat } from './python';
import { isFiniteNumber, isObject, type JsonObject } from './types';

export const SCALAR_OPS = new Set(['f1', 'jaccard', 'weighted_label']);
const BOOLEAN_OPS = ['equals', 'in', 'unordered_set_eq', 'and', 'or', 'not', 'any', 'every', 'none', 'field', 'jaccard_ge', 'abs_diff_lte'];
const KNOWN_OPS = new Set([...BOOLEAN_OPS, ...SCALAR_OPS]);

/** The answer does not supply the graded field. */
export const MISSING: unique symbol = Symbol('missing');
export type Bound = unknown;

/** A value the predicate cannot evaluate (upstream ValueError/TypeError → invalid answer). */
export class PredicateInputError extends Error {}

const TOKEN = /\.([A-Za-z_][A-Za-z_0-9]*)|\[\*\]/y;

export function resolveJsonPath(value: unknown, path: unknown): unknown[] {
  if (typeof path !== 'string' || !path.startsWith('$')) throw new PredicateInputError(`jsonpath must start with '$', got ${JSON.stringify(path)}`);
  const rest = path.slice(1);
  let current: unknown[] = [value];
  let pos = 0;
  while (pos < rest.length) {
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(rest);
    if (!m) throw new PredicateInputError(`unsupported jsonpath token in ${path} at offset ${pos + 1}`);
    const name = m[1];
    if (name !== undefined) current = current.filter((v) => isObject(v) && Object.hasOwn(v, name)).map((v) => (v as JsonObject)[name]);
    else current = current.flatMap((v) => (Array.isArray(v) ? v : []));
    pos = TOKEN.lastIndex;
  }
  return current;
}

/** `$`-path binding: a list for `[*]` paths, else the first match or MISSING. */
export function resolveAnswerField(value: unknown, path: string): unknown {
  const matches = resolveJsonPath(value, path);
  if (path.includes('[*]')) return matches;
  return matches.length ? matches[0] : MISSING;
}

/** Python `==` on JSON values (True == 1, 1 == 1.0, deep for lists and dicts). */
export function pyEquals(a: unknown, b: unknown): boolean {
  const num = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);
  const x = num(a);
  const y = num(b);
  if (typeof x === 'number' || typeof y === 'number') return typeof x === 'number' && typeof y === 'number' && x === y;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => pyEquals(v, b[i]));
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && pyEquals(a[k], b[k]));
  }
  return a === b;
}

/** Key with Python hash-equality for hashable scalars; lists/dicts are unhashable in a set. */
function setKey(v: unknown): string {
  if (typeof v === 'string') return `s${v}`;
  if (typeof v === 'boolean') return `n${v ? 1 : 0}`;
  if (typeof v === 'number') return `n${v}`;
  if (v === null) return 'None';
  throw new PredicateInputError(`unhashable type: '${Array.isArray(v) ? 'list' : 'dict'}'`);
}

export function asSet(value: unknown): Set<string> {
  if (Array.isArray(value)) return new Set(value.map(setKey));
  if (typeof value === 'string') return new Set([setKey(value)]);
  throw new PredicateInputError('expected list/tuple/set/str for set-valued op');
}

function valuesEqual(actual: unknown, expected: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'string') {
    const parsed = pyFloat(actual);
    return parsed !== undefined && Number.isFinite(parsed) && parsed === expected;
  }
  return pyEquals(actual, expected);
}

function coerceNumeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const parsed = pyFloat(value);
    return parsed !== undefined && Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

function f1(predicted: Set<string>, expected: Set<string>): number {
  if (!predicted.size && !expected.size) return 1;
  if (!predicted.size || !expected.size) return 0;
  const tp = [...predicted].filter((x) => expected.has(x)).length;
  if (tp === 0) return 0;
  const precision = tp / predicted.size;
  const recall = tp / expected.size;
  return (2 * precision * recall) / (precision + recall);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 1;
  const union = new Set([...a, ...b]).size;
  return union ? [...a].filter((x) => b.has(x)).length / union : 0;
}

function maxJaccard(value: Set<string>, possible: unknown[]): number {
  return possible.length ? Math.max(...possible.map((c) => jaccard(value, asSet(c)))) : 0;
}

const truthy = (v: boolean | number): boolean => (typeof v === 'number' ? v !== 0 : v);

export function evaluatePredicate(pred: JsonObject, value: unknown): boolean | number {
  const op = pred.op;
  const body = pred.body as JsonObject;
  switch (op) {
    case 'equals':
      return valuesEqual(value, pred.arg);
    case 'abs_diff_lte': {
      const n = coerceNumeric(value);
      return n !== undefined && Math.abs(n - (pred.arg as number)) <= (pred.tolerance as number);
    }
    case 'in':
      return (pred.args as unknown[]).some((c) => valuesEqual(value, c));
    case 'unordered_set_eq': {
      const a = asSet(value);
      const b = asSet(pred.expected);
      return a.size === b.size && [...a].every((x) => b.has(x));
    }
    case 'and':
      return (pred.args as JsonObject[]).every((p) => truthy(evaluatePredicate(p, value)));
    case 'or':
      return (pred.args as JsonObject[]).some((p) => truthy(evaluatePredicate(p, value)));
    case 'not':
      return !truthy(evaluatePredicate(pred.arg as JsonObject, value));
    case 'any':
      return resolveJsonPath(value, pred.path).some((v) => truthy(evaluatePredicate(body, v)));
    case 'every': {
      const matches = resolveJsonPath(value, pred.path);
      return matches.length > 0 && matches.every((v) => truthy(evaluatePredicate(body, v)));
    }
    case 'none': {
      const matches = resolveJsonPath(value, pred.path);
      return matches.length > 0 && !matches.some((v) => truthy(evaluatePredicate(body, v)));
    }
    case 'field': {
      const name = pred.name as string;
      return isObject(value) && Object.hasOwn(value, name) ? evaluatePredicate(body, value[name]) : false;
    }
    case 'jaccard_ge':
      return maxJaccard(asSet(value), pred.possible_sets as unknown[]) >= (pred.threshold as number);
    case 'f1':
      return f1(asSet(value), asSet(pred.expected));
    case 'jaccard':
      return maxJaccard(asSet(value), pred.possible_sets as unknown[]);
    case 'weighted_label': {
      if (Array.isArray(value) || isObject(value)) throw new PredicateInputError('unhashable answer value for weighted_label');
      const table = pred.table as Record<string, number>;
      const fallback = Object.hasOwn(pred, 'default') ? (pred.default as number) : 0;
      return typeof value === 'string' && Object.hasOwn(table, value) ? table[value]! : fallback;
    }
    default:
      throw new PredicateInputError(`unknown predicate op: ${String(op)}`);
  }
}

/** Largest positive raw score a predicate can emit (weighted_label: its largest positive weight). */
export function predicateScoreMax(predicate: unknown): number {
  if (!isObject(predicate) || predicate.op !== 'weighted_label') return 1;
  const raw: unknown[] = isObject(predicate.table) ? Object.values(predicate.table) : [];
  raw.push(Object.hasOwn(predicate, 'default') ? predicate.default : 0);
  return Math.max(0, ...raw.filter((v): v is number => isFiniteNumber(v) && v > 0));
}

function setConfigError(v: unknown, where: string): string | undefined {
  try {
    asSet(v);
    return undefined;
  } catch (err) {
    return `${where} is invalid: ${(err as Error).message}`;
  }
}

/** A static predicate-AST error, or undefined. */
export function predicateConfigError(predicate: unknown, path = 'predicate', depth = 0): string | undefined {
  if (depth > 16) return `${path} exceeds maximum nesting depth 16`;
  if (!isObject(predicate)) return `${path} must be an object`;
  const op = predicate.op;
  if (typeof op !== 'string' || !KNOWN_OPS.has(op)) return `${path}.op must be a known op, got ${JSON.stringify(op)}`;
  const child = (key: string) => (Object.hasOwn(predicate, key) ? predicateConfigError(predicate[key], `${path}.${key}`, depth + 1) : `${path} requires '${key}'`);
  switch (op) {
    case 'equals':
      return Object.hasOwn(predicate, 'arg') ? undefined : `${path} requires 'arg'`;
    case 'abs_diff_lte': {
      if (!isFiniteNumber(predicate.arg)) return `${path}.arg must be a finite number`;
      const t = predicate.tolerance;
      return isFiniteNumber(t) && t >= 0 ? undefined : `${path}.tolerance must be a finite non-negative number`;
    }
    case 'in':
      return Array.isArray(predicate.args) && predicate.args.length ? undefined : `${path}.args must be a non-empty list`;
    case 'unordered_set_eq':
    case 'f1':
      return Array.isArray(predicate.expected) ? setConfigError(predicate.expected, `${path}.expected`) : `${path}.expected must be a list`;
    case 'and':
    case 'or': {
      const args = predicate.args;
      if (!Array.isArray(args) || !args.length) return `${path}.args must be a non-empty list`;
      for (const [i, a] of args.entries()) {
        const e = predicateConfigError(a, `${path}.args[${i}]`, depth + 1);
        if (e) return e;
      }
      return undefined;
    }
    case 'not':
      return child('arg');
    case 'any':
    case 'every':
    case 'none': {
      if (typeof predicate.path !== 'string') return `${path}.path must be a string`;
      try {
        resolveJsonPath({}, predicate.path);
      } catch (err) {
        return `${path}.path is invalid: ${(err as Error).message}`;
      }
      return child('body');
    }
    case 'field':
      if (typeof predicate.name !== 'string' || predicate.name === '') return `${path}.name must be a non-empty string`;
      return child('body');
    case 'jaccard_ge':
    case 'jaccard': {
      const sets = predicate.possible_sets;
      if (!Array.isArray(sets) || !sets.length) return `${path}.possible_sets must be a non-empty list`;
      for (const [i, s] of sets.entries()) {
        const e = setConfigError(s, `${path}.possible_sets[${i}]`);
        if (e) return e;
      }
      if (op === 'jaccard_ge') {
        const t = predicate.threshold;
        if (!isFiniteNumber(t) || t < 0 || t > 1) return `${path}.threshold must be a finite number in [0, 1]`;
      }
      return undefined;
    }
    case 'weighted_label': {
      if (!isObject(predicate.table)) return `${path}.table must be an object`;
      for (const [label, v] of Object.entries(predicate.table)) if (!isFiniteNumber(v)) return `${path}.table[${JSON.stringify(label)}] must be a finite number`;
      const d = Object.hasOwn(predicate, 'default') ? predicate.default : 0;
      return isFiniteNumber(d) ? undefined : `${path}.default must be a finite number`;
    }
  }
  return `${path}.op is unsupported`;
}

/** Scalar predicates need a finite non-negative threshold. */
export function thresholdConfigError(predicate: unknown, threshold: unknown): string | undefined {
  const op = isObject(predicate) ? predicate.op : undefined;
  if (typeof op !== 'string' || !SCALAR_OPS.has(op)) return undefined;
  return isFiniteNumber(threshold) && threshold >= 0 ? undefined : 'threshold must be a finite non-negative number for scalar predicates';
}

export type LeafKind = 'scoring' | 'hard_fail';

/** (role, verdict) → (kind, passed, score). A scalar hard_fail reports its raw value as score (upstream quirk). */
export function applyRole(role: string, raw: boolean | number, isScalar: boolean, threshold: number): { kind: LeafKind; passed: boolean; score: number } {
  const num = typeof raw === 'number' ? raw : raw ? 1 : 0;
  if (role === 'hard_fail') {
    const triggered = isScalar ? num >= threshold : truthy(raw);
    return { kind: 'hard_fail', passed: !triggered, score: isScalar ? num : triggered ? 0 : 1 };
  }
  if (role === 'additive') {
    if (isScalar) return { kind: 'scoring', passed: true, score: num };
    return { kind: 'scoring', passed: truthy(raw), score: truthy(raw) ? 1 : 0 };
  }
  if (role === 'gate') {
    if (isScalar) return { kind: 'scoring', passed: num >= threshold, score: num };
    return { kind: 'scoring', passed: truthy(raw), score: truthy(raw) ? 1 : 0 };
  }
  return { kind: 'scoring', passed: false, score: 0 };
}
