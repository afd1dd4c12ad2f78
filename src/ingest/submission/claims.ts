import type { Finding } from '../../core/findings';
import { jsonPath } from '../../core/findings';
import type { ClaimRow } from './types';

import { CLAIM_TOLERANCE, CLAIM_TOLERANCE_TEXT } from '../../core/claim-tolerance';

export { CLAIM_TOLERANCE, CLAIM_TOLERANCE_TEXT };

export function claimAgrees(claimed: number | null, recomputed: number | null): boolean {
  const c = claimed === null || Number.isNaN(claimed) ? null : claimed;
  const r = recomputed === null || Number.isNaN(recomputed) ? null : recomputed;
  if (c === null || r === null) return c === r;
  if (!Number.isFinite(c) || !Number.isFinite(r)) return c === r;
  return Math.abs(c - r) <= CLAIM_TOLERANCE * Math.max(1, Math.abs(r));
}

/** Compare `submission.json` `claimed` with what we recompute; every disagreement is an error. */
export function compareClaims(
  claimed: Record<string, number | null> | undefined,
  recomputed: Record<string, number | null>,
  file: string,
): { rows: ClaimRow[]; findings: Finding[] } {
  const rows: ClaimRow[] = [];
  const findings: Finding[] = [];
  // Keys are submitted text: own properties only, so "constructor" or "__proto__" never meet Object.prototype.
  for (const key of Object.keys(claimed ?? {}).sort()) {
    const c = claimed![key]!;
    const pointer = jsonPath(['claimed', key]);
    if (!Object.hasOwn(recomputed, key)) {
      rows.push({ key, claimed: c, recomputed: undefined, status: 'unknown' });
      const near = Object.keys(recomputed).filter((k) => k.endsWith(key.split('/').pop() ?? key)).slice(0, 3);
      findings.push({
        path: file,
        pointer,
        severity: 'error',
        message: `we compute no number named "${key}"${near.length ? ` (did you mean ${near.map((k) => `"${k}"`).join(', ')}?)` : ''}; the report lists every key`,
      });
      continue;
    }
    const r = recomputed[key]!;
    const ok = claimAgrees(c, r);
    rows.push({ key, claimed: c, recomputed: r, status: ok ? 'ok' : 'mismatch' });
    if (!ok) findings.push({ path: file, pointer, severity: 'error', message: `claimed ${c}, recomputed ${r ?? 'NaN'} (tolerance ${CLAIM_TOLERANCE_TEXT})` });
  }
  return { rows, findings };
}

/** Flatten the numeric leaves of a summary object into `prefix/a/b` keys. */
export function flattenNumbers(value: unknown, prefix: string, out: Record<string, number | null>, depth = 0): void {
  if (depth > 4) return;
  // defineProperty, not `out[prefix] =`: a name "__proto__" must become a key, not the prototype.
  const put = (v: number | null) => Object.defineProperty(out, prefix, { value: v, enumerable: true, writable: true, configurable: true });
  if (typeof value === 'number') put(Number.isNaN(value) ? null : value);
  else if (value === null) put(null);
  else if (typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flattenNumbers(v, prefix ? `${prefix}/${k}` : k, out, depth + 1);
  }
}
