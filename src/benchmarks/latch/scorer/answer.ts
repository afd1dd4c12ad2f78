import { isObject, type JsonObject } from './types';
import { pyFloat } from './python';

/** Upstream `get_nested_value`: a dotted key is always a path, so a literal "a.b" key is not found. */
export function getNestedValue(obj: JsonObject, key: string): { value: unknown; found: boolean } {
  if (!key.includes('.')) return { value: obj[key], found: Object.hasOwn(obj, key) };
  let current: unknown = obj;
  for (const part of key.split('.')) {
    if (!isObject(current) || !Object.hasOwn(current, part)) return { value: undefined, found: false };
    current = current[part];
  }
  return { value: current, found: true };
}

/**
 * The numeric graders' coercion of an answer value: strings through Python float(), bools to
 * ints. Returns `undefined` for an unparsable string; other values pass through unchanged.
 */
export function coerceNumeric(value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof value === 'string') {
    const parsed = pyFloat(value);
    return parsed === undefined ? { ok: false } : { ok: true, value: parsed };
  }
  if (typeof value === 'boolean') return { ok: true, value: value ? 1 : 0 };
  return { ok: true, value };
}

/** Replace non-finite numbers by null, as upstream does before persisting metrics. */
export function jsonSafe(metrics: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(metrics)) out[k] = typeof v === 'number' && !Number.isFinite(v) ? null : v;
  return out;
}
