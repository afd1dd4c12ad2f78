/**
 * A latch entry's coverage of its reference's eval set (pure): an eval counts when it has at
 * least the required number of re-graded trials. validate's facts and the boards both use it.
 */
import { configKey, type RunOutcome } from '../scorer/aggregate';
import type { ReferenceUnit } from '../formats/index';

export interface LatchCoverage {
  units: number;
  total: number;
  /** Reference evals with no re-graded run. */
  missing: string[];
  /** Reference evals with fewer re-graded trials than required ("eval 2/3"). */
  short: string[];
}

/** Coverage of `outcomes` (re-graded runs of one entry) over the reference units `keep` selects. */
export function coverageOf(outcomes: readonly RunOutcome[], units: readonly ReferenceUnit[], keep: (u: ReferenceUnit) => boolean = () => true): LatchCoverage {
  const trials = new Map<string, number>();
  for (const o of outcomes) if (o.passed !== undefined) trials.set(o.evalId, (trials.get(o.evalId) ?? 0) + 1);
  const set = units.filter(keep);
  const missing: string[] = [];
  const short: string[] = [];
  let covered = 0;
  for (const u of set) {
    const n = trials.get(u.id) ?? 0;
    if (n === 0) missing.push(u.id);
    else if (n < u.trials) short.push(`${u.id} ${n}/${u.trials}`);
    else covered++;
  }
  return { units: covered, total: set.length, missing, short };
}

/** Per model|harness of a scored folder (empty without a reference). */
export function latchCoverage(scored: { runs: { outcome: RunOutcome; ours?: { error?: string } }[]; reference?: { units: ReferenceUnit[] } }): Map<string, LatchCoverage> {
  const out = new Map<string, LatchCoverage>();
  if (!scored.reference) return out;
  const byConfig = new Map<string, RunOutcome[]>();
  for (const r of scored.runs) {
    if (!r.ours || r.ours.error) continue;
    const k = configKey(r.outcome);
    byConfig.set(k, [...(byConfig.get(k) ?? []), r.outcome]);
  }
  for (const [k, list] of byConfig) out.set(k, coverageOf(list, scored.reference.units));
  return out;
}
