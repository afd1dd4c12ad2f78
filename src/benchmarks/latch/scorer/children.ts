import { bindLeafField, evaluateLeaf, isLeaf } from './composite-leaf';
import { pyFloatRepr, pyStr } from './python';
import { GraderConfigError, isFiniteNumber, isObject, type Grader, type JsonObject } from './types';
import { isPyFloatAt } from '../../../core/python-number';

/**
 * Finds the grader of a typed child. The registry passes its own lookup in when it builds the
 * composites, so this module never imports the registry (which imports the composites).
 */
export type GraderLookup = (type: unknown) => Grader;

/** How a composite treats one child: a positive (scoring/required) component or a hard-fail veto. */
export type ChildKind = 'positive' | 'hard_fail';

export interface ChildOutcome {
  kind: ChildKind;
  passed: boolean;
  score: number;
  scoreMax: number;
  label: string;
  /** The typed child's own metrics (nested hard-fails bubble up from here). */
  subMetrics?: Record<string, unknown>;
  systemError?: string;
}

/** Python truthiness of a JSON value (`x or default`): None, False, 0, 0.0, "", [] and {} are falsy. */
function pyTruthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObject(v)) return Object.keys(v).length > 0;
  return true;
}

/** Python `str(holder[key] or fallback)`, keeping the int/float literal distinction (`str(2.0)` is "2.0"). */
function pyStrOr(holder: JsonObject, key: string, fallback: string): string {
  const v = holder[key];
  if (!pyTruthy(v)) return fallback;
  return typeof v === 'number' && isPyFloatAt(holder, key) ? pyFloatRepr(v) : pyStr(v);
}

/**
 * Upstream composite.py `_all_of_child_label`: leaf `str(name or children[i])`; predicate_leaf
 * `str(config.name or children[i].predicate_leaf)`; typed `str(name or children[i].<type or 'unknown'>)`.
 * Python truthiness and `str()` apply, so a non-string name such as `5` labels the child "5".
 */
export function childLabel(child: unknown, index: number): string {
  if (!isObject(child)) return `children[${index}]`;
  if (isLeaf(child)) return pyStrOr(child, 'name', `children[${index}]`);
  const type = child.type;
  const config = child.config;
  if (type === 'predicate_leaf' && isObject(config)) return pyStrOr(config, 'name', `children[${index}].predicate_leaf`);
  return pyStrOr(child, 'name', `children[${index}].${pyStrOr(child, 'type', 'unknown')}`);
}

/** Children as a list with unique labels. */
export function readChildren(grader: string, config: JsonObject): unknown[] {
  const children = config.children;
  if (!Array.isArray(children)) throw new GraderConfigError(grader, 'config must contain a children list');
  const seen = new Set<string>();
  for (const [i, child] of children.entries()) {
    const label = childLabel(child, i);
    if (seen.has(label)) throw new GraderConfigError(grader, `child labels must be unique: ${label}`);
    seen.add(label);
  }
  return children;
}

function roleKind(grader: string, role: unknown, allowAdditive: boolean, what: string): ChildKind {
  if (role === 'gate' || (allowAdditive && role === 'additive')) return 'positive';
  if (role === 'hard_fail') return 'hard_fail';
  if (role === 'additive') throw new GraderConfigError(grader, "role 'additive' is invalid inside strict all_of; use a top-level graders[] entry or average_of");
  throw new GraderConfigError(grader, `${what} role must be one of gate/${allowAdditive ? 'additive/' : ''}hard_fail, got ${JSON.stringify(role)}`);
}

/** Grade one child of all_of (allowAdditive=false) or average_of (true). Misconfigured children throw. */
export function evaluateChild(
  lookup: GraderLookup,
  grader: string,
  child: unknown,
  answer: unknown,
  index: number,
  allowAdditive: boolean,
): ChildOutcome {
  const label = childLabel(child, index);
  if (!isObject(child)) throw new GraderConfigError(grader, `${label} must be an object`);
  if (isLeaf(child)) {
    const kind = roleKind(grader, child.role, allowAdditive, 'bare predicate child');
    const leaf = evaluateLeaf(child, bindLeafField(answer, child.answer_field), `${grader} ${label}`);
    return { kind, passed: leaf.passed, score: leaf.score, scoreMax: leaf.scoreMax, label };
  }
  if (Object.hasOwn(child, 'role')) throw new GraderConfigError(grader, `${label}: typed children do not accept an outer role`);
  const type = child.type;
  const config = child.config;
  if (typeof type !== 'string') throw new GraderConfigError(grader, `${label}: child needs a string 'type' or a bare predicate`);
  if (!isObject(config)) throw new GraderConfigError(grader, `${label}: typed child config must be an object`);
  if (type === 'predicate_leaf') {
    const kind = roleKind(grader, config.role, allowAdditive, 'predicate_leaf config');
    const leaf = evaluateLeaf(config, bindLeafField(answer, config.answer_field), `${grader} ${label}`);
    return { kind, passed: leaf.passed, score: leaf.score, scoreMax: leaf.scoreMax, label };
  }
  const sub = lookup(type);
  try {
    const r = sub(config, answer);
    if (!isFiniteNumber(r.score) || !isFiniteNumber(r.score_max) || r.score_max < 0) {
      throw new GraderConfigError(grader, `${label}: child score and score_max must be finite`);
    }
    return { kind: 'positive', passed: r.passed, score: r.score, scoreMax: r.score_max, label, subMetrics: r.metrics };
  } catch (err) {
    if (err instanceof GraderConfigError) throw new GraderConfigError(grader, `${label}: ${err.message}`);
    return { kind: 'positive', passed: false, score: 0, scoreMax: 1, label, systemError: err instanceof Error ? err.message : String(err) };
  }
}

export interface HardFailSummary {
  triggered: unknown[];
  unavailable: unknown[];
}

/** Own failed vetoes plus those reported by nested composites, as `{child, children}`. */
export function collectHardFails(outcomes: ChildOutcome[]): HardFailSummary {
  const triggered: unknown[] = [];
  const unavailable: unknown[] = [];
  for (const o of outcomes) {
    if (o.kind !== 'hard_fail' || o.passed) continue;
    (o.systemError ? unavailable : triggered).push(o.label);
  }
  for (const o of outcomes) {
    if (o.kind !== 'positive' || !o.subMetrics) continue;
    const nested = o.subMetrics.hard_fail_triggered;
    if (Array.isArray(nested) && nested.length) triggered.push({ child: o.label, children: nested });
    const nestedUnavailable = o.subMetrics.hard_fail_unavailable;
    if (Array.isArray(nestedUnavailable) && nestedUnavailable.length) unavailable.push({ child: o.label, children: nestedUnavailable });
  }
  return { triggered, unavailable };
}

export function childLine(o: ChildOutcome): string {
  if (o.kind === 'hard_fail') return `  ${o.passed ? '+' : 'x'} hard_fail ${o.label}: ${o.passed ? 'not triggered' : 'TRIGGERED'}`;
  return `  ${o.passed ? '+' : 'x'} ${o.label}: score ${o.score}/${o.scoreMax}${o.systemError ? ` (grader error: ${o.systemError})` : ''}`;
}
