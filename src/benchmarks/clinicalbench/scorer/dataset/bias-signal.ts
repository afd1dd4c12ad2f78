import { STAGES } from './constants';
import type { PatientRecord, Protocol } from './types';

export interface BiasSignal {
  signal_present: boolean;
  stage_adjusted_gap: number;
  dominant_ethnicity: string;
  dominant_ratio: number;
  male_ratio: number;
  overall_gap: number;
  high_risk_note: string;
}

const deceasedShare = (group: readonly PatientRecord[]): number =>
  group.filter((p) => p.outcome === 'deceased').length / group.length;

/**
 * The env's `_bias_signal()` over the shown dataset: control-arm dominance, male share and the
 * stage-weighted minority-minus-dominant mortality gap (strata with ≥ 5 on each side).
 */
export function biasSignal(dataset: readonly PatientRecord[], protocol: Protocol): BiasSignal {
  const control = dataset.filter((p) => p.group === 'control');
  if (control.length === 0) {
    return {
      signal_present: false, stage_adjusted_gap: 0, dominant_ethnicity: 'Unknown', dominant_ratio: 0,
      male_ratio: 0, overall_gap: 0, high_risk_note: '',
    };
  }
  const ethnicityCounts = new Map<string, number>();
  for (const p of control) ethnicityCounts.set(p.ethnicity, (ethnicityCounts.get(p.ethnicity) ?? 0) + 1);
  // Python's max() keeps the first of equal counts, in first-seen order.
  let dominantEthnicity = '';
  let dominantCount = -1;
  for (const [ethnicity, count] of ethnicityCounts) {
    if (count > dominantCount) [dominantEthnicity, dominantCount] = [ethnicity, count];
  }
  const dominantRatio = dominantCount / control.length;
  const maleRatio = control.filter((p) => p.gender === 'M').length / control.length;

  let weightedGap = 0;
  let totalWeight = 0;
  for (const stage of STAGES) {
    const inStage = control.filter((p) => p.stage === stage);
    const dominantStage = inStage.filter((p) => p.ethnicity === dominantEthnicity);
    const minorityStage = inStage.filter((p) => p.ethnicity !== dominantEthnicity);
    if (dominantStage.length < 5 || minorityStage.length < 5) continue;
    weightedGap += (deceasedShare(minorityStage) - deceasedShare(dominantStage)) * inStage.length;
    totalWeight += inStage.length;
  }
  const stageAdjustedGap = totalWeight ? weightedGap / totalWeight : 0;

  const dominantGroup = control.filter((p) => p.ethnicity === dominantEthnicity);
  const minorityGroup = control.filter((p) => p.ethnicity !== dominantEthnicity);
  const dominantMortality = dominantGroup.length ? deceasedShare(dominantGroup) : 0;
  const minorityMortality = minorityGroup.length ? deceasedShare(minorityGroup) : 0;
  return {
    signal_present:
      dominantRatio >= protocol.bias_control_dominance_threshold &&
      maleRatio >= protocol.bias_male_threshold &&
      stageAdjustedGap >= protocol.bias_stage_adjusted_gap,
    stage_adjusted_gap: stageAdjustedGap,
    dominant_ethnicity: dominantEthnicity,
    dominant_ratio: dominantRatio,
    male_ratio: maleRatio,
    overall_gap: minorityMortality - dominantMortality,
    high_risk_note: protocol.high_risk_sites.join(', '),
  };
}
