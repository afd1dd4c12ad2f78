import {
  EXCLUDED_REGION_KEYS, MINIMUM_GROUP_SIZE, TUMOR_LESION_KEYS, ACC_IOU_MEAN_KEY, accIouKey, mreKey,
  GROUP_KEY as G, SUMMARY_KEY as S, SAMPLE_KEY, SUMMARY_MRE_THRESHOLDS, summaryMreKey, ROW_ACC_IOU,
} from './keys';
import { pairwiseSum } from './numpy-sum';
import type { TaskType } from './sample';

/** Per-group metrics as the summarizers read them back (NaN where upstream wrote NaN). */
export type Groups = Record<string, Record<string, number>>;

const isNum = (v: number | undefined): v is number => v !== undefined && v !== null && !Number.isNaN(v);
const orNull = (v: number | undefined | null) => (v === undefined || v === null || Number.isNaN(v) ? null : v);

interface WeightedMeans {
  'weighted_mre<0.1': number | null;
  'weighted_mre<0.2': number | null;
  'weighted_mre<0.3': number | null;
}

/** Sample-weighted MRE<0.1…0.3 over the included labels, each over the labels where it is defined. */
function weightedMreThresholds(labels: Record<string, number>[]): WeightedMeans {
  const out: Record<string, number | null> = {};
  for (const t of SUMMARY_MRE_THRESHOLDS) {
    let sum = 0;
    let count = 0;
    for (const m of labels) {
      const n = m[G.n] ?? 0;
      const v = m[mreKey(t)];
      if (n <= 0 || !isNum(v)) continue;
      sum += v * n;
      count += n;
    }
    out[summaryMreKey(t)] = count > 0 ? sum / count : null;
  }
  return out as unknown as WeightedMeans;
}

/** TL `print_model_summaries`: labels with NaN MRE or no samples are skipped entirely. */
export function summarizeTL(groups: Groups) {
  let total = 0, sumMAE = 0, sumMRE = 0, sumSR = 0, sumNMAE = 0, nNMAE = 0;
  const included: string[] = [];
  const kept: Record<string, number>[] = [];
  for (const [label, m] of Object.entries(groups)) {
    const mre = m[G.mre];
    const n = m[G.n] ?? 0;
    if (!isNum(mre) || !(n > 0)) continue;
    included.push(label);
    kept.push(m);
    const mae = m[G.mae];
    const nmae = m[G.nmae];
    if (isNum(mae)) sumMAE += mae * n;
    sumMRE += mre * n;
    sumSR += m[G.sr]! * n;
    if (isNum(nmae)) { sumNMAE += nmae * n; nNMAE += n; }
    total += n;
  }
  return {
    [S.total]: total,
    [S.mae]: total > 0 ? sumMAE / total : null,
    [S.mre]: total > 0 ? sumMRE / total : null,
    [S.sr]: total > 0 ? sumSR / total : null,
    [S.nmae]: nNMAE > 0 ? sumNMAE / nNMAE : null,
    ...weightedMreThresholds(kept),
    labels_included: included,
  };
}

export interface AdGroupAverage {
  MAE: number | null; MRE: number | null; nMAE: number | null; SR: number | null;
  'MRE<0.1': number | null; 'MRE<0.2': number | null; 'MRE<0.3': number | null; samples: number;
}

/** AD `calculate_group_avg`: each metric over the labels where it is defined. */
function adGroupAverage(labels: Record<string, number>[]): AdGroupAverage {
  const total = labels.reduce((s, m) => s + m[G.n]!, 0);
  const fields: [string, string][] = [
    [SAMPLE_KEY.mae, G.mae], [SAMPLE_KEY.mre, G.mre], [SAMPLE_KEY.nmae, G.nmae], [SAMPLE_KEY.sr, G.sr],
    ...SUMMARY_MRE_THRESHOLDS.map((t): [string, string] => [mreKey(t), mreKey(t)]),
  ];
  const out = {} as Record<string, number | null>;
  for (const [name, key] of fields) {
    let sum = 0;
    let valid = 0;
    for (const m of labels) {
      const v = m[key];
      if (!isNum(v)) continue;
      sum += v * m[G.n]!;
      valid += m[G.n]!;
    }
    out[name] = total > 0 && valid > 0 ? sum / valid : null;
  }
  return { ...(out as Omit<AdGroupAverage, 'samples'>), samples: total > 0 ? total : 0 };
}

/**
 * AD `print_model_summaries`: every label with samples counts in the denominator of MAE/MRE/SR,
 * even where its value is NaN (an upstream quirk kept on purpose), plus the group rows.
 */
export function summarizeAD(groups: Groups) {
  let total = 0, sumMAE = 0, sumMRE = 0, sumNMAE = 0, sumSR = 0, nNMAE = 0;
  const included: string[] = [];
  const kept: Record<string, number>[] = [];
  const feta: Record<string, number>[] = [];
  const cephAngle: Record<string, number>[] = [];
  const cephDistance: Record<string, number>[] = [];
  for (const [label, m] of Object.entries(groups)) {
    const n = m[G.n];
    if (n === undefined || n === null || !(n > 0)) continue;
    included.push(label);
    kept.push(m);
    const [mae, mre, nmae, sr] = [m[G.mae], m[G.mre], m[G.nmae], m[G.sr]];
    if (isNum(mae)) sumMAE += mae * n;
    if (isNum(mre)) sumMRE += mre * n;
    if (isNum(nmae)) { sumNMAE += nmae * n; nNMAE += n; }
    if (isNum(sr)) sumSR += sr * n;
    total += n;
    if (label.includes('FeTA24_distance')) feta.push(m);
    else if (label.includes('Ceph-Biometrics-400_angle')) cephAngle.push(m);
    else if (label.includes('Ceph-Biometrics-400_distance')) cephDistance.push(m);
  }
  return {
    [S.total]: total,
    [S.mae]: total > 0 ? sumMAE / total : null,
    [S.mre]: total > 0 ? sumMRE / total : null,
    [S.nmae]: nNMAE > 0 ? sumNMAE / nNMAE : null,
    [S.sr]: total > 0 ? sumSR / total : null,
    ...weightedMreThresholds(kept),
    labels_included: included,
    group_averages: {
      'FeTA-Distance': adGroupAverage(feta),
      'Ceph-Angle': adGroupAverage(cephAngle),
      'Ceph-Distance': adGroupAverage(cephDistance),
      Distance: adGroupAverage([...feta, ...cephDistance]),
      Angle: adGroupAverage(cephAngle),
    },
  };
}

/** `calculate_group_mean_metrics`: np.sum(v·n) / np.sum(n) per key over regions where v is finite. */
function detectionGroupMean(regions: [string, Record<string, number>][]): Record<string, number> {
  if (regions.length === 0) return {};
  const values = new Map<string, number[]>();
  const weights = new Map<string, number[]>();
  let total = 0;
  for (const [, m] of regions) {
    const n = m[G.n] ?? 0;
    for (const [key, v] of Object.entries(m)) {
      if (key === G.n) { total += v; continue; }
      if (!Number.isFinite(v)) continue;
      if (!values.has(key)) { values.set(key, []); weights.set(key, []); }
      values.get(key)!.push(v);
      weights.get(key)!.push(n);
    }
  }
  const out: Record<string, number> = {};
  for (const [key, vs] of values) {
    const ns = weights.get(key)!;
    const nSum = ns.reduce((a, b) => a + b, 0);
    if (!(nSum > 0)) throw new RangeError(`No valid samples for metric ${key}`);
    out[key] = pairwiseSum(vs.map((v, i) => v * ns[i]!)) / nSum;
  }
  out[S.total] = total;
  out.num_regions = regions.length;
  return out;
}

const LEADERBOARD_KEYS: [string, string][] = [
  ['Recall', 'Recall'], ['Precision', 'Precision'], ['F1', 'F1'], ['IoU', 'IoU'], [G.sr, G.sr],
  ['IoU>0.5', 'IoU>0.5'], ['F1>0.5', 'F1>0.5'], [ROW_ACC_IOU.at50, accIouKey(0.5)], [ROW_ACC_IOU.at75, accIouKey(0.75)],
  [ROW_ACC_IOU.mean, ACC_IOU_MEAN_KEY],
];

function leaderboardRow(mean: Record<string, number>) {
  const row: Record<string, number | null> = {};
  for (const [name, key] of LEADERBOARD_KEYS) row[name] = orNull(mean[key]);
  row[S.total] = mean[S.total] ?? 0;
  row.num_regions = mean.num_regions ?? 0;
  return row;
}

export type DetectionRegionClass = 'excluded' | 'too-small' | 'T/L' | 'anatomy';

export function classifyDetectionRegion(name: string, numSamples: number): DetectionRegionClass {
  const lower = name.toLowerCase();
  if (EXCLUDED_REGION_KEYS.some((k) => lower.includes(k))) return 'excluded';
  if (numSamples < MINIMUM_GROUP_SIZE) return 'too-small';
  return TUMOR_LESION_KEYS.some((k) => lower.includes(k)) ? 'T/L' : 'anatomy';
}

/** Detection `group_anatomy_vs_tumor_lesion` + the `print_summary_metrics` leaderboard row. */
export function summarizeDetection(groups: Groups) {
  const anatomy: [string, Record<string, number>][] = [];
  const tl: [string, Record<string, number>][] = [];
  for (const [name, m] of Object.entries(groups)) {
    const cls = classifyDetectionRegion(name, m[G.n] ?? 0);
    if (cls === 'anatomy') anatomy.push([name, m]);
    else if (cls === 'T/L') tl.push([name, m]);
  }
  const anatomyMean = detectionGroupMean(anatomy);
  const tlMean = detectionGroupMean(tl);
  return {
    anatomy: { mean_metrics: anatomyMean, regions: anatomy.map(([n]) => n) },
    'T/L': { mean_metrics: tlMean, regions: tl.map(([n]) => n) },
    leaderboard_row: { anatomy: leaderboardRow(anatomyMean), 'T/L': leaderboardRow(tlMean) },
  };
}

export function summarizeModel(taskType: TaskType, groups: Groups) {
  if (taskType === 'TL') return summarizeTL(groups);
  if (taskType === 'AD') return summarizeAD(groups);
  return summarizeDetection(groups);
}
