import {
  BASE_STAGE_MORTALITY, COMORBIDITY_POOL, CONCOMITANT_DRUGS, DRUGS_TREATMENT, ECOG_POOL, ETHNICITIES,
  ETHNICITY_WEIGHTS_DIVERSE, ETHNICITY_WEIGHTS_NEUTRAL, GENDERS, HISTOLOGY_TYPES, HOSPITAL_SITES, INSURANCE_TYPES,
  PRIMARY_SITES, PRIOR_CHEMO_POOL, SMOKING_STATUS, STAGE_WEIGHTS, STAGES,
} from './constants';
import { type GenerationContext, setDeceased } from './context';
import { dayNumber } from './days';
import { pyRound } from '../py-round';
import type { Patient, Protocol } from './types';

const TRIAL_START = dayNumber(2022, 6, 1);
const ENROLLMENT_END = dayNumber(2025, 3, 1) - 150;

/** `_generate_age`: int(gauss(58, 11)) until it lies inside the protocol's range (gauss cache carries over). */
function generateAge(ctx: GenerationContext): number {
  const { age_min: min, age_max: max } = ctx.protocol;
  for (;;) {
    const age = Math.trunc(ctx.rng.gauss(58, 11));
    if (min <= age && age <= max) return age;
  }
}

/** `_base_delay`: days from enrollment to treatment start inside the stage's window. */
function baseDelay(ctx: GenerationContext, stage: Patient['stage']): number {
  const maxWindow = stage === 'IV' ? ctx.protocol.stage_iv_treatment_window_days : ctx.protocol.treatment_window_days;
  const lower = maxWindow >= 10 ? 5 : 1;
  return ctx.rng.randint(lower, Math.max(lower, maxWindow - 2));
}

/**
 * `_generate_base_patient`. The draw order is the order upstream evaluates: site, stage, age,
 * dates, comorbidity, then the dict literal's values from gender to medications.
 */
export function generateBasePatient(ctx: GenerationContext, patientId: string, group: Patient['group']): Patient {
  const { rng } = ctx;
  const [site, country] = rng.choice(HOSPITAL_SITES);
  const stage = rng.choices(STAGES, STAGE_WEIGHTS, 1)[0]!;
  const age = generateAge(ctx);
  const enrollmentDate = TRIAL_START + rng.randint(0, ENROLLMENT_END - TRIAL_START);
  const treatmentStart = enrollmentDate + baseDelay(ctx, stage);
  const comorbidityIndex = rng.choices(COMORBIDITY_POOL, null, 1)[0]!;
  const gender = rng.choice(GENDERS);
  const ethnicityWeights = group === 'control' ? ETHNICITY_WEIGHTS_NEUTRAL : ETHNICITY_WEIGHTS_DIVERSE;
  const ethnicity = rng.choices(ETHNICITIES, ethnicityWeights, 1)[0]!;
  const drug = group === 'treatment' ? rng.choice(DRUGS_TREATMENT) : 'Placebo';
  const ecogPerformanceStatus = rng.choices(ECOG_POOL, null, 1)[0]!;
  const priorChemoCycles = rng.choices(PRIOR_CHEMO_POOL, null, 1)[0]!;
  const baselineLdh = pyRound(rng.gauss(210, 60), 1);
  const bmi = pyRound(Math.max(14, rng.gauss(26, 5)), 1);
  const insuranceType = rng.choice(INSURANCE_TYPES);
  const smokingStatus = rng.choice(SMOKING_STATUS);
  const bloodPressureSys = rng.randint(95, 175);
  const bloodPressureDia = rng.randint(55, 105);
  const primaryTumorSite = rng.choice(PRIMARY_SITES);
  const histologyType = rng.choice(HISTOLOGY_TYPES);
  const medicationCount = Math.min(CONCOMITANT_DRUGS.length, rng.randint(0, 4));
  const concomitantMedications = rng.sample(CONCOMITANT_DRUGS, medicationCount);
  return {
    patientId, age, gender, ethnicity, group, treatmentStart, deathDate: null, outcome: 'survived',
    treatmentSite: site, stage, drug, enrollmentDate, country, comorbidityIndex, ecogPerformanceStatus,
    priorChemoCycles, baselineLdh, bmi, insuranceType, smokingStatus, bloodPressureSys, bloodPressureDia,
    primaryTumorSite, histologyType, concomitantMedications,
  };
}

/** `_mortality_rate`: float steps in upstream order (stage base, + .16, × .92, clamp). */
function mortalityRate(protocol: Protocol, p: Patient): number {
  let rate = BASE_STAGE_MORTALITY[p.stage];
  if (protocol.high_risk_sites.includes(p.treatmentSite) && p.stage === 'IV') rate += 0.16;
  if (p.group === 'treatment') rate *= 0.92;
  return Math.max(0.02, Math.min(0.82, rate));
}

/** `_apply_mortality`. */
export function applyMortality(ctx: GenerationContext, p: Patient): void {
  if (ctx.rng.random() < mortalityRate(ctx.protocol, p)) setDeceased(ctx, p, 3, 540);
}
