import type { DifficultyConfig } from './constants';
import { allowedTreatmentWindow, type GenerationContext, hasError, isTrap, markError, setDeceased } from './context';
import type { Patient } from './types';

/** `_inject_age_errors`: shuffled indices; a prefix gets an out-of-range age, the next few `null`. */
export function injectAgeErrors(ctx: GenerationContext, patients: Patient[], config: DifficultyConfig): void {
  const { age_min: min, age_max: max } = ctx.protocol;
  const invalidCount = Math.max(3, Math.trunc(patients.length * config.ageErrorRate));
  const missingCount = Math.max(1, Math.trunc(patients.length * config.missingAgeRate));
  const order = patients.map((_, i) => i);
  ctx.rng.shuffle(order);
  const invalidAges = [min - 1, min - 2, Math.max(0, min - 5), -1, max + 1, max + 2, max + 5, 999];
  const invalidEnd = Math.min(invalidCount, order.length);
  for (let offset = 0; offset < invalidEnd; offset++) {
    const p = patients[order[offset]!]!;
    p.age = ctx.rng.choice(invalidAges);
    markError(ctx, p.patientId, 'invalid_age');
  }
  for (let offset = invalidEnd; offset < Math.min(invalidEnd + missingCount, order.length); offset++) {
    const p = patients[order[offset]!]!;
    p.age = null;
    markError(ctx, p.patientId, 'invalid_age');
  }
}

/** `_inject_temporal_errors`: death 10–240 days before treatment start. */
export function injectTemporalErrors(ctx: GenerationContext, patients: Patient[], config: DifficultyConfig): void {
  const count = Math.max(3, Math.trunc(patients.length * config.temporalErrorRate));
  const candidates = patients.filter((p) => !hasError(ctx, p));
  ctx.rng.shuffle(candidates);
  for (const p of candidates.slice(0, count)) {
    p.deathDate = p.treatmentStart - ctx.rng.randint(10, 240);
    p.outcome = 'deceased';
    markError(ctx, p.patientId, 'temporal_inconsistency');
  }
}

/** Upstream re-draws a death that no longer follows the moved treatment start. */
function keepDeathAfterStart(ctx: GenerationContext, p: Patient, minDays: number, maxDays: number): void {
  if (p.deathDate !== null && p.deathDate <= p.treatmentStart) setDeceased(ctx, p, minDays, maxDays);
}

/** `_inject_protocol_window_errors`: treatment starts 2–18 days after the allowed window. */
export function injectProtocolWindowErrors(ctx: GenerationContext, patients: Patient[], config: DifficultyConfig): void {
  const count = Math.max(3, Math.trunc(patients.length * config.protocolWindowErrorRate));
  const candidates = patients.filter((p) => !hasError(ctx, p));
  ctx.rng.shuffle(candidates);
  for (const p of candidates.slice(0, count)) {
    const allowedDays = allowedTreatmentWindow(ctx.protocol, p);
    p.treatmentStart = p.enrollmentDate + allowedDays + ctx.rng.randint(2, 18);
    keepDeathAfterStart(ctx, p, 20, 320);
    markError(ctx, p.patientId, 'protocol_window_violation');
  }
}

/**
 * `_inject_comorbidity_override_errors`: Stage IV patients pushed above the comorbidity threshold
 * and started between the standard and Stage IV windows, so the exception no longer covers them.
 */
export function injectComorbidityOverrideErrors(ctx: GenerationContext, patients: Patient[], count: number): void {
  const threshold = ctx.protocol.comorbidity_override_threshold;
  if (threshold >= 99) return;
  const standardWindow = ctx.protocol.treatment_window_days;
  const stageIvWindow = ctx.protocol.stage_iv_treatment_window_days;
  if (stageIvWindow <= standardWindow) return;
  const candidates = patients.filter((p) => !hasError(ctx, p) && !isTrap(ctx, p) && p.stage === 'IV');
  ctx.rng.shuffle(candidates);
  for (const p of candidates.slice(0, count)) {
    p.comorbidityIndex = ctx.rng.randint(threshold + 1, 6);
    const gap = stageIvWindow - standardWindow;
    p.treatmentStart = p.enrollmentDate + standardWindow + ctx.rng.randint(1, Math.max(1, gap - 1));
    keepDeathAfterStart(ctx, p, 20, 320);
    markError(ctx, p.patientId, 'protocol_window_violation');
  }
}
