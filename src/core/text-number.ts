/**
 * The one missing-value marker of the command-line tables (`score`, `validate`): a NaN, a null
 * (NaN as JSON carries it) and an absent value all print as this, never as "NaN" or "n/a".
 * `--json` keeps the distinction (NaN is written as null).
 */
export const MISSING = '—';

/** A number for a terminal table: fixed decimals, {@link MISSING} when there is no finite value. */
export function textNumber(v: unknown, digits: number): string {
  if (typeof v === 'number') return Number.isFinite(v) ? v.toFixed(digits) : Number.isNaN(v) ? MISSING : v > 0 ? '∞' : '−∞';
  return typeof v === 'string' || typeof v === 'boolean' ? String(v) : MISSING;
}
