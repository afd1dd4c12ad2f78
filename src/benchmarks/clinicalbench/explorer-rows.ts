/**
 * The texts of a ClinicalBench explorer row, from our replay only: each action with the step
 * reward we recomputed and, for a flag, the ground-truth error it hit; then the planted errors
 * with the step that hit each or "missed". A submitted step reward is shown only as "claimed"
 * beside ours, marked when it differs. The ground truth is public: anyone regenerates it from
 * the seed with the upstream generator.
 */
import type { AuditAction, GroundTruthError } from './scorer/episode';
import type { FlagOutcome, ReplayResult } from './scorer/replay';

/** Claimed and recomputed rewards are both rounded to 3 places; a smaller gap is rounding noise. */
const REWARD_TOLERANCE = 5e-4;

const signed = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(3)}`;
const errorName = (e: GroundTruthError) => `${e.patient_id} ${e.error_type}`;

/** One action as submitted: its type, then every field it carries. */
export function actionText(a: AuditAction): string {
  const { action_type: type, ...rest } = a as Record<string, unknown> & { action_type?: string | null };
  const fields = Object.entries(rest)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return `${type ?? 'flag_error'}${fields.length ? ` ${fields.join(' ')}` : ''}`;
}

export function flagOutcomeText(o: FlagOutcome): string {
  switch (o.kind) {
    case 'hit':
      return `hit ${errorName(o.error)}`;
    case 'bias-hit':
      return 'hit selection bias';
    case 'false-positive':
      return 'false positive';
    case 'duplicate':
      return 'duplicate (patient already flagged)';
    case 'blocked':
      return 'blocked (required investigations not done)';
  }
}

/** The action log: one line per action with our step reward, the flag's outcome and any differing claim. */
export function actionLogText(actions: readonly AuditAction[], replay: ReplayResult, claimedRewards?: readonly number[]): string {
  return actions
    .map((a, i) => {
      const head = `${String(i + 1).padStart(3)}. ${actionText(a)}`;
      const ours = replay.stepRewards[i];
      if (ours === undefined) return `${head}\n     not scored (the episode ended at step ${replay.doneAtStep ?? '?'})`;
      const claimed = claimedRewards?.[i];
      const claim =
        claimed === undefined ? '' : Math.abs(claimed - ours) > REWARD_TOLERANCE ? `  ≠ claimed ${signed(claimed)}` : `  (claimed ${signed(claimed)})`;
      const outcome = replay.flagOutcomes[i];
      return `${head}\n     reward ${signed(ours)}${claim}${outcome ? `  → ${flagOutcomeText(outcome)}` : ''}`;
    })
    .join('\n');
}

/** The planted errors: the step whose flag hit each, then every one no flag hit. */
export function plantedErrorsText(replay: ReplayResult): string {
  const lines: string[] = [];
  replay.flagOutcomes.forEach((o, i) => {
    if (o?.kind === 'hit') lines.push(`${errorName(o.error)} — hit by step ${i + 1}`);
    if (o?.kind === 'bias-hit') lines.push(`selection bias — hit by step ${i + 1}`);
  });
  for (const e of replay.missedErrors) lines.push(`${errorName(e)} — missed`);
  if (replay.biasMissed) lines.push('selection bias — missed');
  return lines.join('\n');
}

/** Counts of a row's flags by outcome, for its one-line summary. */
export function flagSummary(replay: ReplayResult): { flags: number; hits: number; falsePositives: number; duplicates: number; blocked: number; missed: number } {
  const outcomes = replay.flagOutcomes.filter((o): o is FlagOutcome => o !== null);
  const count = (k: FlagOutcome['kind']) => outcomes.filter((o) => o.kind === k).length;
  return {
    flags: outcomes.length,
    hits: count('hit') + count('bias-hit'),
    falsePositives: count('false-positive'),
    duplicates: count('duplicate'),
    blocked: count('blocked'),
    missed: replay.missedErrors.length + (replay.biasMissed ? 1 : 0),
  };
}
