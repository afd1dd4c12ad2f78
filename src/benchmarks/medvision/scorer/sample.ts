import { pyFloat, pyStrip } from './python-float';
import { parseTarget } from './target';
import { pairwiseSum } from './numpy-sum';

export type TaskType = 'TL' | 'AD' | 'Detection';

/** Image geometry for nMAE: 2D size [H, W] in pixels and in-plane pixel size [h, w] in mm. */
export interface SliceGeometry {
  imageSize2d: readonly [number, number];
  pixelSize: readonly [number, number];
}

export interface MeasurementMetrics {
  MAE: number;
  MRE: number;
  NMAE: number;
  success: boolean;
}

/** NumPy dtype of a Precision value: it decides how group sums accumulate (see aggregate.ts). */
export type ValueKind = 'f32' | 'f64' | 'py';

export interface DetectionMetrics {
  MAE: number;
  IoU: number;
  F1: number;
  Precision: number;
  Recall: number;
  success: boolean;
  precisionKind: ValueKind;
}

export class TargetError extends Error {}

/** `np.float32(part.strip())` for every part of `resp.strip().split(",")`; null on any error. */
export function parsePrediction(resp: unknown): number[] | null {
  if (typeof resp !== 'string') return null;
  const out: number[] = [];
  for (const part of pyStrip(resp).split(',')) {
    const v = pyFloat(pyStrip(part));
    if (v === null) return null;
    out.push(Math.fround(v));
  }
  return out;
}

function targetArray(target: string, parsed?: readonly number[]): number[] {
  if (parsed) return parsed as number[];
  const t = parseTarget(target);
  if (t === null) throw new TargetError(`target ${JSON.stringify(target)} is not a number or a list of numbers`);
  return typeof t === 'number' ? [t] : t;
}

/** NumPy broadcasting of two 1-D shapes; null where NumPy raises. */
function broadcast(a: number[], b: number[]): [number[], number[]] | null {
  if (a.length === b.length) return [a, b];
  if (a.length === 1) return [b.map(() => a[0]!), b];
  if (b.length === 1) return [a, a.map(() => b[0]!)];
  return null;
}

export function physicalDiagonal(g: SliceGeometry): number {
  const h = g.imageSize2d[0] * g.pixelSize[0];
  const w = g.imageSize2d[1] * g.pixelSize[1];
  return Math.sqrt(h * h + w * w);
}

const FAILED: MeasurementMetrics = { MAE: NaN, MRE: NaN, NMAE: NaN, success: false };

/** What one TL or AD sample is scored from. */
export interface MeasurementInput {
  taskType: 'TL' | 'AD';
  /** The extracted answer (upstream's `filtered_resps[0]`). */
  answer: unknown;
  /** Ground truth as the record stores it: a list of numbers written as text. */
  target: string;
  /** Slice geometry, for nMAE. */
  geometry?: SliceGeometry;
  /** AD: `distance` or `angle` (angles have no nMAE). */
  metricType?: string;
  /** `target` already parsed by the caller (the ingest hot path). */
  targetValues?: readonly number[];
}

/**
 * TL (k = 2) and AD (k = 1) per-sample metrics: `cal_metrics_TL_task` / `cal_metrics_AD_task`.
 * nMAE needs geometry and, for AD, a distance (angles have no nMAE).
 */
export function measurementMetrics({ taskType, answer, target, geometry, metricType, targetValues }: MeasurementInput): MeasurementMetrics {
  const gt = targetArray(target, targetValues);
  const pred = parsePrediction(answer);
  const k = taskType === 'TL' ? 2 : 1;
  if (pred === null || pred.length !== k) return { ...FAILED };
  const pair = broadcast(pred, gt);
  if (pair === null) return { ...FAILED };
  const [p, g] = pair;
  const ae = p.map((v, i) => Math.abs(v - g[i]!));
  const re = ae.map((v, i) => v / (g[i]! + 1e-15));
  const MAE = pairwiseSum(ae) / ae.length;
  const MRE = pairwiseSum(re) / re.length;
  const wantsNmae = taskType === 'TL' || metricType === 'distance';
  const NMAE = wantsNmae && geometry ? MAE / physicalDiagonal(geometry) : NaN;
  return { MAE, MRE, NMAE, success: true };
}

// ---- Detection -------------------------------------------------------------------------
// Precision/Recall run on the raw float32 prediction against the float64 target, so each
// value carries its NumPy dtype: an op on two float32 values rounds to float32.
interface Typed {
  v: number;
  f32: boolean;
}

const sub = (a: Typed, b: Typed): Typed => {
  const f32 = a.f32 && b.f32;
  return { v: f32 ? Math.fround(a.v - b.v) : a.v - b.v, f32 };
};
const mul = (a: Typed, b: Typed): Typed => {
  const f32 = a.f32 && b.f32;
  return { v: f32 ? Math.fround(a.v * b.v) : a.v * b.v, f32 };
};
// Python's sorted() of two items, max() and min(): first argument wins ties and NaN comparisons.
function sort2<T extends { v: number }>(a: T, b: T): [T, T] {
  return b.v < a.v ? [b, a] : [a, b];
}
const pyMax = <T extends { v: number }>(a: T, b: T): T => (b.v > a.v ? b : a);
const pyMin = <T extends { v: number }>(a: T, b: T): T => (b.v < a.v ? b : a);

interface Overlap {
  /** px1, px2, py1, py2 (sorted), same for t; intersection edges. */
  p: [Typed, Typed, Typed, Typed];
  t: [Typed, Typed, Typed, Typed];
  ix1: Typed;
  ix2: Typed;
  iy1: Typed;
  iy2: Typed;
  overlaps: boolean;
}

function overlap(pred: readonly number[], target: readonly number[], predF32: boolean): Overlap {
  const P = pred.map((v) => ({ v, f32: predF32 }));
  const T = target.map((v) => ({ v, f32: false }));
  const [px1, px2] = sort2(P[0]!, P[2]!);
  const [py1, py2] = sort2(P[1]!, P[3]!);
  const [tx1, tx2] = sort2(T[0]!, T[2]!);
  const [ty1, ty2] = sort2(T[1]!, T[3]!);
  const ix1 = pyMax(px1, tx1);
  const iy1 = pyMax(py1, ty1);
  const ix2 = pyMin(px2, tx2);
  const iy2 = pyMin(py2, ty2);
  return {
    p: [px1, px2, py1, py2],
    t: [tx1, tx2, ty1, ty2],
    ix1, ix2, iy1, iy2,
    overlaps: !(ix1.v >= ix2.v || iy1.v >= iy2.v),
  };
}

function iouAndF1(pred: readonly number[], target: readonly number[]): { IoU: number; F1: number } {
  const o = overlap(pred, target, false);
  if (!o.overlaps) return { IoU: 0, F1: 0 };
  const inter = (o.ix2.v - o.ix1.v) * (o.iy2.v - o.iy1.v);
  const predArea = (o.p[1].v - o.p[0].v) * (o.p[3].v - o.p[2].v);
  const targetArea = (o.t[1].v - o.t[0].v) * (o.t[3].v - o.t[2].v);
  const union = predArea + targetArea - inter;
  let IoU = union > 0 ? inter / union : 0;
  if (1 < IoU) IoU = 1;
  const denominator = predArea + targetArea;
  let F1 = denominator > 0 ? (2 * inter) / denominator : NaN;
  if (!Number.isNaN(F1) && 1 < F1) F1 = 1;
  return { IoU, F1 };
}

function precisionAndRecall(pred: readonly number[], target: readonly number[]) {
  const o = overlap(pred, target, true);
  if (!o.overlaps) return { Precision: 0, Recall: 0, precisionKind: 'py' as ValueKind };
  const inter = mul(sub(o.ix2, o.ix1), sub(o.iy2, o.iy1));
  const predArea = mul(sub(o.p[1], o.p[0]), sub(o.p[3], o.p[2]));
  let Precision: number;
  let precisionKind: ValueKind;
  if (predArea.v > 0) {
    const f32 = inter.f32 && predArea.f32;
    Precision = f32 ? Math.fround(inter.v / predArea.v) : inter.v / predArea.v;
    precisionKind = f32 ? 'f32' : 'f64';
    if (!Number.isNaN(Precision) && 1 < Precision) {
      Precision = 1;
      precisionKind = 'py';
    }
  } else {
    Precision = NaN;
    precisionKind = 'py';
  }
  const targetArea = (o.t[1].v - o.t[0].v) * (o.t[3].v - o.t[2].v);
  if (targetArea <= 0) throw new RangeError('Target box has non-positive area.');
  let Recall = inter.v / targetArea;
  if (1 < Recall) Recall = 1;
  return { Precision, Recall, precisionKind };
}

const DETECTION_FAILED: DetectionMetrics = {
  MAE: NaN, IoU: 0, F1: 0, Precision: 0, Recall: 0, success: false, precisionKind: 'py',
};

/** `cal_metrics_detection_task`: corner boxes, relative coordinates; failures score 0. */
export function detectionMetrics(filteredResp: unknown, target: string, targetValues?: readonly number[]): DetectionMetrics {
  const gt = targetArray(target, targetValues);
  const pred = parsePrediction(filteredResp);
  if (pred === null || pred.length !== 4) return { ...DETECTION_FAILED };
  const pair = broadcast(pred, gt);
  if (pair === null || gt.length !== 4) return { ...DETECTION_FAILED };
  const ae = pred.map((v, i) => Math.abs(v - gt[i]!));
  const MAE = pairwiseSum(ae) / 4;
  // No catch-all: an exception here is a bug or an input nothing validated, and the caller
  // reports it with its location (score-tree) instead of scoring a silent failure.
  const { IoU, F1 } = iouAndF1(pred, gt);
  const { Precision, Recall, precisionKind } = precisionAndRecall(pred, gt);
  return { MAE, IoU, F1, Precision, Recall, success: true, precisionKind };
}
