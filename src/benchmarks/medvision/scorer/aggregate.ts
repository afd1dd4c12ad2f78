import {
  GROUP_KEY,
  ACC_IOU_MEAN_KEY, AD_NEAR_ZERO_GT_THRESHOLD, COCO_IOU_THRESHOLDS, OVERLAP_METRICS, OVERLAP_THRESHOLDS,
  TENTHS, accIouKey, maeKey, mreKey, overlapKey,
} from './keys';
import { pairwiseSum } from './numpy-sum';
import {
  detectionMetrics, measurementMetrics, type DetectionMetrics, type MeasurementMetrics, type SliceGeometry, type TaskType, type ValueKind,
} from './sample';
import { nearZeroFilterValue } from './target';

/** One sample of a group: what the summarizers read from a parsed record. */
export interface GroupSample {
  filteredResp: unknown;
  target: string;
  geometry?: SliceGeometry;
  metricType?: string;
  /** `target` already parsed, when the caller has it. */
  targetValues?: readonly number[];
}

export type GroupMetrics = Record<string, number>;

/** A sample's metrics, computed once and shared by every group it belongs to. */
export type ScoredSample =
  | { kind: 'measurement'; m: MeasurementMetrics; /** AD near-zero filter */ excluded: boolean }
  | { kind: 'detection'; m: DetectionMetrics; excluded: false };

export function scoreSample(taskType: TaskType, s: GroupSample): ScoredSample {
  if (taskType === 'Detection') return { kind: 'detection', m: detectionMetrics(s.filteredResp, s.target, s.targetValues), excluded: false };
  if (taskType === 'AD') {
    const gt = nearZeroFilterValue(s.target);
    if (gt !== null && gt < AD_NEAR_ZERO_GT_THRESHOLD) {
      return { kind: 'measurement', m: { MAE: NaN, MRE: NaN, NMAE: NaN, success: false }, excluded: true };
    }
  }
  return { kind: 'measurement', m: measurementMetrics({ taskType, answer: s.filteredResp, target: s.target, geometry: s.geometry, metricType: s.metricType, targetValues: s.targetValues }), excluded: false };
}

/** `min(int(v * 10), 9)` including Python's negative list indexing (negative MRE). */
function bucketIndex(v: number): number {
  const i = Math.min(Math.trunc(v * 10), 9);
  if (i >= 0) return i;
  if (i < -10) throw new RangeError(`value ${v} gives bucket index ${i}: upstream raises IndexError`);
  return i + 10;
}

function cumulative(counts: number[], total: number, key: (t: number) => string, out: GroupMetrics): void {
  let running = 0;
  TENTHS.forEach((t, k) => {
    running += counts[k]!;
    out[key(t)] = total > 0 ? running / total : 0;
  });
}

/** TL / AD: `process_label_group_TL` and `process_label_group`. `null` when no sample is left. */
function aggregateMeasurement(taskType: 'TL' | 'AD', samples: readonly ScoredSample[]): GroupMetrics | null {
  let sumMAE = 0, sumMRE = 0, sumNMAE = 0;
  let nMAE = 0, nMRE = 0, nNMAE = 0, success = 0, total = 0;
  const reBuckets = new Array<number>(10).fill(0);
  for (const s of samples) {
    if (s.excluded || s.kind !== 'measurement') continue;
    total++;
    const m = s.m;
    if (Number.isFinite(m.MAE)) { sumMAE += m.MAE; nMAE++; }
    if (Number.isFinite(m.MRE)) { sumMRE += m.MRE; nMRE++; reBuckets[bucketIndex(m.MRE)]!++; }
    if (m.success && Number.isFinite(m.NMAE)) { sumNMAE += m.NMAE; nNMAE++; }
    if (m.success) success++;
  }
  if (total === 0) return null;
  const mae = nMAE > 0 ? sumMAE / nMAE : NaN;
  const mre = nMRE > 0 ? sumMRE / nMRE : NaN;
  const nmae = nNMAE > 0 ? sumNMAE / nNMAE : NaN;
  const sr = success / total;
  const K = GROUP_KEY;
  // Upstream's dict order differs between the TL and AD functions.
  const out: GroupMetrics =
    taskType === 'TL'
      ? { [K.mae]: mae, [K.mre]: mre, [K.sr]: sr, [K.nmae]: nmae, [K.n]: total }
      : { [K.mae]: mae, [K.mre]: mre, [K.nmae]: nmae, [K.sr]: sr, [K.n]: total };
  cumulative(reBuckets, total, mreKey, out);
  return out;
}

/**
 * Sum of Precision values with NumPy 2 promotion: the sum starts as Python int 0 and stays
 * float32 while addends are float32 (or Python floats), until the first float64 addend.
 */
class PromotingSum {
  value = 0;
  kind: ValueKind = 'py';
  add(v: number, kind: ValueKind): void {
    if (kind === 'f64' || this.kind === 'f64') {
      this.value += v;
      this.kind = 'f64';
    } else if (kind === 'f32' || this.kind === 'f32') {
      this.value = Math.fround(this.value + Math.fround(v));
      this.kind = 'f32';
    } else this.value += v;
  }
  mean(count: number): number {
    return this.kind === 'f32' ? Math.fround(this.value / count) : this.value / count;
  }
}

/** NumPy 2 compares a float32 with a Python float in float32. */
const atLeast = (v: number, kind: ValueKind, t: number) => (kind === 'f32' ? v >= Math.fround(t) : v >= t);

/** Detection: `calculate_summary_metrics_per_anatomy_detection_task` for one group. */
function aggregateDetection(samples: readonly ScoredSample[]): GroupMetrics {
  if (samples.length === 0) return {};
  const total = samples.length;
  let sumMAE = 0, nMAE = 0, success = 0;
  const aeBuckets = new Array<number>(10).fill(0);
  const sums = { IoU: new PromotingSum(), F1: new PromotingSum(), Precision: new PromotingSum(), Recall: new PromotingSum() };
  const counts = { IoU: 0, F1: 0, Precision: 0, Recall: 0 };
  const over = Object.fromEntries(OVERLAP_METRICS.map((m) => [m, new Array<number>(5).fill(0)])) as Record<
    (typeof OVERLAP_METRICS)[number], number[]>;
  const accIou = new Array<number>(COCO_IOU_THRESHOLDS.length).fill(0);
  for (const s of samples) {
    if (s.kind !== 'detection') continue;
    const m = s.m;
    if (Number.isFinite(m.MAE)) { sumMAE += m.MAE; nMAE++; aeBuckets[bucketIndex(m.MAE)]!++; }
    for (const name of OVERLAP_METRICS) {
      const v = m[name];
      if (!Number.isFinite(v)) continue;
      const kind: ValueKind = name === 'Precision' ? m.precisionKind : 'f64';
      sums[name].add(v, kind);
      counts[name]++;
      OVERLAP_THRESHOLDS.forEach((t, i) => { if (atLeast(v, kind, t)) over[name][i]!++; });
      if (name === 'IoU') COCO_IOU_THRESHOLDS.forEach((t, i) => { if (v >= t) accIou[i]!++; });
    }
    if (m.success) success++;
  }
  const out: GroupMetrics = {
    [GROUP_KEY.mae]: nMAE > 0 ? sumMAE / nMAE : NaN,
    IoU: counts.IoU > 0 ? sums.IoU.mean(counts.IoU) : NaN,
    F1: counts.F1 > 0 ? sums.F1.mean(counts.F1) : NaN,
    Precision: counts.Precision > 0 ? sums.Precision.mean(counts.Precision) : NaN,
    Recall: counts.Recall > 0 ? sums.Recall.mean(counts.Recall) : NaN,
    [GROUP_KEY.sr]: success / total,
    [GROUP_KEY.n]: total,
  };
  cumulative(aeBuckets, total, maeKey, out);
  for (const name of OVERLAP_METRICS) {
    OVERLAP_THRESHOLDS.forEach((t, i) => { out[overlapKey(name, t)] = over[name][i]! / total; });
  }
  const acc = accIou.map((c) => c / total);
  COCO_IOU_THRESHOLDS.forEach((t, i) => { out[accIouKey(t)] = acc[i]!; });
  out[ACC_IOU_MEAN_KEY] = pairwiseSum(acc) / acc.length;
  return out;
}

/**
 * One group (a subtask config or a label group) → the summarizer's metrics dict, with upstream
 * keys in upstream order. `null` for TL/AD when no sample is left (AD near-zero filter).
 */
export function aggregateGroup(taskType: TaskType, samples: readonly GroupSample[]): GroupMetrics | null {
  return aggregateScored(taskType, samples.map((s) => scoreSample(taskType, s)));
}

/** The same from samples scored once with `scoreSample`. */
export function aggregateScored(taskType: TaskType, samples: readonly ScoredSample[]): GroupMetrics | null {
  if (taskType === 'Detection') return aggregateDetection(samples);
  if (samples.length === 0) return null;
  return aggregateMeasurement(taskType, samples);
}
