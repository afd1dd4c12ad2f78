/**
 * The canonical form of an eval JSON, hashed for the reference: keys sorted at every level, no
 * whitespace, numbers as Python's json.loads reads them (an integral float literal stays `4.0`,
 * since graders tell `4.0` from `4`), NaN/Infinity as Python writes them. Two files that differ
 * only in key order or layout hash the same; any change to a grader config, ground truth or
 * metadata value changes the hash.
 */
import { createHash } from 'node:crypto';
import { isFloatLiteral } from '../../../core/python-number';

function num(v: number, floaty: boolean): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
  const s = JSON.stringify(v);
  return floaty && Number.isInteger(v) && !/[.eE]/.test(s) ? `${s}.0` : s;
}

export function canonicalJson(value: unknown, floaty = false): string {
  if (value === null || typeof value !== 'object') return typeof value === 'number' ? num(value, floaty) : JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v, i) => canonicalJson(v, isFloatLiteral(value, i))).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k], isFloatLiteral(obj, k))}`).join(',')}}`;
}

export const evalDigest = (parsed: unknown): string => createHash('sha256').update(canonicalJson(parsed)).digest('hex');
