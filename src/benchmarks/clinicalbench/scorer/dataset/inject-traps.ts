import { allowedTreatmentWindow, type GenerationContext, hasError, isTrap, setDeceased } from './context';
import type { Patient } from './types';

/** `_inject_boundary_traps`: valid ages at the protocol's edges, cycling min, min+1, min+2, max−2, max−1, max. */
export function injectBoundaryTraps(ctx: GenerationContext, patients: Patient[], count: number): void {
  const { age_min: min, age_max: max } = ctx.protocol;
  const edgeAges = [min, min + 1, min + 2, max - 2, max - 1, max];
  const available = patients.filter((p) => !hasError(ctx, p) && p.age !== null);
  ctx.rng.shuffle(available);
  available.slice(0, count).forEach((p, i) => {
    p.age = edgeAges[i % edgeAges.length]!;
    ctx.traps.add(p.patientId);
  });
}

const untouched = (ctx: GenerationContext, p: Patient): boolean => !hasError(ctx, p) && !isTrap(ctx, p);

/** `_inject_temporal_traps`: Stage IV deaths 1–3 days after treatment start (valid, but close). */
export function injectTemporalTraps(ctx: GenerationContext, patients: Patient[], count: number): void {
  const available = patients.filter((p) => untouched(ctx, p) && p.deathDate === null);
  ctx.rng.shuffle(available);
  for (const p of available.slice(0, count)) {
    p.stage = 'IV';
    setDeceased(ctx, p, 1, 3);
    ctx.traps.add(p.patientId);
  }
}

/** `_inject_window_traps`: treatment starts on or one day inside the allowed window. */
export function injectWindowTraps(ctx: GenerationContext, patients: Patient[], count: number): void {
  const available = patients.filter((p) => untouched(ctx, p));
  ctx.rng.shuffle(available);
  for (const p of available.slice(0, count)) {
    if (ctx.rng.random() < 0.55) p.stage = 'IV';
    const allowedDays = allowedTreatmentWindow(ctx.protocol, p);
    p.treatmentStart = p.enrollmentDate + Math.max(1, allowedDays - ctx.rng.choice([0, 1]));
    if (p.deathDate !== null && p.deathDate <= p.treatmentStart) setDeceased(ctx, p, 12, 240);
    ctx.traps.add(p.patientId);
  }
}

/** `_inject_distractor_deceased`: valid deaths 30–520 days after treatment start. */
export function injectDistractorDeceased(ctx: GenerationContext, patients: Patient[], count: number): void {
  const available = patients.filter((p) => untouched(ctx, p) && p.deathDate === null);
  ctx.rng.shuffle(available);
  for (const p of available.slice(0, count)) {
    setDeceased(ctx, p, 30, 520);
    ctx.traps.add(p.patientId);
  }
}

/** `_inject_fake_bias_distractors`: treatment-arm White males, half of them Stage IV deaths. */
export function injectFakeBiasDistractors(ctx: GenerationContext, patients: Patient[], count: number): void {
  const available = patients.filter((p) => p.group === 'treatment' && untouched(ctx, p));
  ctx.rng.shuffle(available);
  for (const p of available.slice(0, count)) {
    p.ethnicity = 'White';
    p.gender = 'M';
    if (ctx.rng.random() < 0.5) {
      p.stage = 'IV';
      setDeceased(ctx, p, 15, 180);
    }
    ctx.traps.add(p.patientId);
  }
}
