import type { PyRandom } from '../pyrandom';
import { pyRoundToInt } from '../py-round';
import type { ErrorType, Patient, Protocol, RngCheckpoint } from './types';

/** The mutable state upstream keeps on `DatasetGenerator` during one `generate()`. */
export interface GenerationContext {
  rng: PyRandom;
  protocol: Protocol;
  /** patient id → error types, in insertion order (a Python dict of lists). */
  groundTruth: Map<string, ErrorType[]>;
  traps: Set<string>;
  checkpoints: RngCheckpoint[];
}

export function markError(ctx: GenerationContext, patientId: string, errorType: ErrorType): void {
  const errors = ctx.groundTruth.get(patientId);
  if (errors) errors.push(errorType);
  else ctx.groundTruth.set(patientId, [errorType]);
}

export function checkpoint(ctx: GenerationContext, after: string): void {
  ctx.checkpoints.push({ after, words: ctx.rng.wordsConsumed, gauss_pending: ctx.rng.gaussPending });
}

export const hasError = (ctx: GenerationContext, p: Patient): boolean => ctx.groundTruth.has(p.patientId);
export const isTrap = (ctx: GenerationContext, p: Patient): boolean => ctx.traps.has(p.patientId);

/** `_set_deceased`: death `randint(min, max)` days after treatment start. */
export function setDeceased(ctx: GenerationContext, p: Patient, minDays: number, maxDays: number): void {
  p.deathDate = p.treatmentStart + ctx.rng.randint(minDays, maxDays);
  p.outcome = 'deceased';
}

/** `_allowed_treatment_window`: the Stage IV window unless comorbidity exceeds the threshold. */
export function allowedTreatmentWindow(protocol: Protocol, p: Patient): number {
  return p.stage === 'IV' && p.comorbidityIndex <= protocol.comorbidity_override_threshold
    ? protocol.stage_iv_treatment_window_days
    : protocol.treatment_window_days;
}

/** `_apply_target_mortality`: shuffle, the first round(len·rate) die, all others survive. */
export function applyTargetMortality(ctx: GenerationContext, cohort: Patient[], targetRate: number): void {
  if (cohort.length === 0) return;
  ctx.rng.shuffle(cohort);
  const targetCount = pyRoundToInt(cohort.length * Math.max(0, Math.min(1, targetRate)));
  cohort.forEach((p, index) => {
    if (index < targetCount) setDeceased(ctx, p, 10, 420);
    else {
      p.deathDate = null;
      p.outcome = 'survived';
    }
  });
}
