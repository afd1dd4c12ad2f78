import { BASE_STAGE_MORTALITY, HOSPITAL_SITES, STAGES } from './constants';
import { applyTargetMortality, type GenerationContext, hasError } from './context';
import type { Patient } from './types';

const controlWithoutErrors = (ctx: GenerationContext, patients: Patient[]): Patient[] =>
  patients.filter((p) => p.group === 'control' && !hasError(ctx, p));

/**
 * `_inject_selection_bias`: push control-arm White dominance and male share past the protocol's
 * thresholds, then give minorities higher mortality than White patients within each stage.
 */
export function injectSelectionBias(ctx: GenerationContext, patients: Patient[]): void {
  const { rng, protocol } = ctx;
  const control = controlWithoutErrors(ctx, patients);
  if (control.length === 0) return;

  const dominanceRatio = protocol.bias_control_dominance_threshold + rng.uniform(0.06, 0.12);
  const dominantTarget = Math.trunc(control.length * Math.min(0.86, dominanceRatio));
  const whiteCount = control.filter((p) => p.ethnicity === 'White').length;
  const nonWhite = control.filter((p) => p.ethnicity !== 'White');
  rng.shuffle(nonWhite);
  for (const p of nonWhite.slice(0, Math.max(0, dominantTarget - whiteCount))) p.ethnicity = 'White';

  const maleRatio = protocol.bias_male_threshold + rng.uniform(0.05, 0.1);
  const maleTarget = Math.trunc(control.length * Math.min(0.82, maleRatio));
  const maleCount = control.filter((p) => p.gender === 'M').length;
  const female = control.filter((p) => p.gender === 'F');
  rng.shuffle(female);
  for (const p of female.slice(0, Math.max(0, maleTarget - maleCount))) p.gender = 'M';

  const dominant = control.filter((p) => p.ethnicity === 'White');
  const minority = control.filter((p) => p.ethnicity !== 'White');
  for (const stage of STAGES) {
    const stageMajority = dominant.filter((p) => p.stage === stage);
    const stageMinority = minority.filter((p) => p.stage === stage);
    if (stageMajority.length === 0 || stageMinority.length === 0) continue;
    const base = BASE_STAGE_MORTALITY[stage];
    applyTargetMortality(ctx, stageMajority, Math.max(0.02, base - 0.03));
    applyTargetMortality(ctx, stageMinority, Math.min(0.82, base + 0.18));
  }
}

const COUNTRY_OF_SITE = new Map(HOSPITAL_SITES.map(([site, country]) => [site, country]));

function moveToHighRiskStageIv(ctx: GenerationContext, p: Patient): void {
  p.stage = 'IV';
  p.treatmentSite = ctx.rng.choice(ctx.protocol.high_risk_sites);
  p.country = COUNTRY_OF_SITE.get(p.treatmentSite)!;
}

/**
 * `_inject_confounder_cohort`: no bias, but a high-risk Stage IV outreach cohort (mostly minority)
 * whose mortality makes the raw gap look bad until stages are compared.
 */
export function injectConfounderCohort(ctx: GenerationContext, patients: Patient[]): void {
  const control = controlWithoutErrors(ctx, patients);
  if (control.length === 0) return;
  const minority = control.filter((p) => p.ethnicity !== 'White');
  const white = control.filter((p) => p.ethnicity === 'White');
  ctx.rng.shuffle(minority);
  ctx.rng.shuffle(white);
  const minorityShift = Math.max(8, Math.floor(control.length / 18));
  const whiteShift = Math.max(4, Math.floor(control.length / 30));
  for (const p of minority.slice(0, minorityShift)) moveToHighRiskStageIv(ctx, p);
  for (const p of white.slice(0, whiteShift)) moveToHighRiskStageIv(ctx, p);

  const stageIvControl = control.filter((p) => p.stage === 'IV');
  applyTargetMortality(ctx, stageIvControl.filter((p) => p.ethnicity !== 'White'), 0.66);
  applyTargetMortality(ctx, stageIvControl.filter((p) => p.ethnicity === 'White'), 0.63);
}
