import type { PyRandom } from '../pyrandom';
import { AGE_RULESETS, type Difficulty, type DifficultyConfig, RURAL_SITES_SORTED, WINDOW_RULESETS } from './constants';
import { sha1Hex } from './sha';
import type { Protocol } from './types';

/** Python's `int(threshold * 100)` as printed in the excerpt (0.56·100 = 56.00000000000001 → 56). */
const percent = (fraction: number): number => Math.trunc(fraction * 100);

/** `_build_protocol`: the episode's rule set, drawn in upstream order, and its excerpt text. */
export function buildProtocol(rng: PyRandom, difficulty: Difficulty, config: DifficultyConfig): Protocol {
  const hard = difficulty === 'hard';
  const [ageMin, ageMax] = rng.choice(AGE_RULESETS[difficulty]);
  const window = rng.choice(WINDOW_RULESETS[difficulty]);
  const stageIvWindow = window + rng.choice([7, 10, 14]);
  const comorbidityThreshold = hard ? rng.choice([3, 4]) : 99;
  const highRiskSites = rng.sample(RURAL_SITES_SORTED, hard ? 2 : 1);
  const dominanceThreshold = hard ? rng.choice([0.68, 0.7, 0.72]) : 0;
  const maleThreshold = hard ? rng.choice([0.56, 0.6, 0.63]) : 0;
  const adjustedGap = hard ? rng.choice([0.12, 0.15, 0.18]) : 0;
  const biasPresent = hard && rng.random() < config.biasProbability;

  const key = `${difficulty}|${ageMin}|${ageMax}|${window}|${stageIvWindow}|${highRiskSites.join('/')}|${biasPresent ? 'True' : 'False'}`;
  const protocolId = sha1Hex(key).slice(0, 8).toUpperCase();
  const title = `ONCO-AX-${difficulty.slice(0, 1).toUpperCase()}${protocolId}`;

  const lines = [
    `TRIAL PROTOCOL EXCERPT — ${title}`,
    '',
    'Eligibility',
    `- Participants must be age ${ageMin}-${ageMax} inclusive on enrollment.`,
    '- Missing age is a protocol violation.',
    '',
    'Treatment Scheduling',
    `- Treatment must begin within ${window} days of enrollment.`,
    `- Stage IV exception: treatment may begin within ${stageIvWindow} days of enrollment.`,
  ];
  if (hard) {
    lines.push(
      `- IMPORTANT: The Stage IV scheduling exception does NOT apply to patients with comorbidity_index > ${comorbidityThreshold}. ` +
        `Such patients revert to the standard ${window}-day window regardless of stage.`,
    );
  }
  lines.push('- death_date must never precede treatment_start.', '- Do not assume a generic 18-120 range; this excerpt overrides defaults.');
  if (hard) {
    lines.push(
      '',
      'Equity Review',
      '- Selection bias concerns control-arm composition, not treatment-arm skew.',
      '- Compare mortality within stage strata before escalating a bias concern.',
      `- Stage IV patients at ${highRiskSites.join(', ')} are a known high-risk outreach cohort; ` +
        'elevated mortality there is not standalone evidence of unfair sampling.',
      `- Escalate bias only when control-arm dominance exceeds ${percent(dominanceThreshold)}%, ` +
        `male share exceeds ${percent(maleThreshold)}%, and stage-adjusted mortality gap exceeds ${percent(adjustedGap)} percentage points.`,
    );
  }

  return {
    protocol_id: protocolId,
    protocol_title: title,
    excerpt: lines.join('\n'),
    age_min: ageMin,
    age_max: ageMax,
    treatment_window_days: window,
    stage_iv_treatment_window_days: stageIvWindow,
    comorbidity_override_threshold: comorbidityThreshold,
    high_risk_sites: highRiskSites,
    bias_control_dominance_threshold: dominanceThreshold,
    bias_male_threshold: maleThreshold,
    bias_stage_adjusted_gap: adjustedGap,
    bias_present: biasPresent,
  };
}
