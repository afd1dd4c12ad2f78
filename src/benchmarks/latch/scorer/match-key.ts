import { isObject } from './types';

/** Key with Python hash equality for the hashable form of a JSON value (lists → tuples, dicts → sorted items). */
export function hashKey(v: unknown): string {
  if (Array.isArray(v)) return `T(${v.map(hashKey).join(',')})`;
  if (isObject(v)) return `D(${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${hashKey(x)}`).sort().join(',')})`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return `n${v ? 1 : 0}`;
  if (typeof v === 'number') return `n${v}`;
  return 'None';
}

/** `match_key_normalize: sort` compares list-valued keys as multisets. */
export function matchKey(v: unknown, mode: unknown): string {
  if (mode === 'sort' && Array.isArray(v)) return `T(${v.map(hashKey).sort().join(',')})`;
  return hashKey(v);
}
