import { metricLookup, type MetricDef } from '../../core/metric';
import { ACC_IOU_MEAN_KEY, GROUP_KEY as G, ROW_ACC_IOU, SAMPLE_KEY, SUMMARY_KEY as S, SUMMARY_MRE_THRESHOLDS, accIouKey, mreKey, summaryMreKey } from './scorer/keys';

/** MedVision metrics (seed 000, DESIGN §3). `keys` are the upstream names in score output. */
export const METRICS: MetricDef[] = [
  { id: 'mv-mre', label: 'MRE', keys: [G.mre, S.mre, SAMPLE_KEY.mre], benchmark: 'medvision', unit: 'ratio', direction: 'lower', format: { kind: 'fixed', digits: 3 }, range: [0, Infinity], summary: 'Mean relative error |pred − gt| / gt over successfully parsed answers.' },
  { id: 'mv-mae', label: 'MAE', keys: [G.mae, S.mae, SAMPLE_KEY.mae], benchmark: 'medvision', unit: 'mm or °', direction: 'lower', format: { kind: 'fixed', digits: 2 }, range: [0, Infinity], summary: 'Mean absolute error in physical units (mm; degrees for angles; relative coordinates for detection boxes).' },
  { id: 'mv-nmae', label: 'nMAE', keys: [G.nmae, S.nmae, SAMPLE_KEY.nmae], benchmark: 'medvision', unit: 'fraction of diagonal', direction: 'lower', format: { kind: 'fixed', digits: 4 }, range: [0, Infinity], summary: 'MAE divided by the physical image diagonal; lengths only (TL, AD distances).' },
  { id: 'mv-success-rate', label: 'SR', keys: [G.sr, S.sr, SAMPLE_KEY.sr], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'percent', digits: 1 }, range: [0, 1], summary: 'Share of answers that parse into exactly the expected number of values.' },
  { id: 'mv-mre-lt', label: 'MRE<k', keys: [...SUMMARY_MRE_THRESHOLDS.map(mreKey), ...SUMMARY_MRE_THRESHOLDS.map(summaryMreKey)], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'percent', digits: 1 }, range: [0, 1], summary: 'Share of all samples whose relative error is below k (failures count as misses).' },
  { id: 'mv-iou', label: 'IoU', keys: ['IoU'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Intersection over union of predicted and true boxes; failed answers score 0.' },
  { id: 'mv-f1', label: 'F1', keys: ['F1'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Dice overlap 2I / (|pred| + |true|) of the boxes; failed answers score 0.' },
  { id: 'mv-precision', label: 'Precision', keys: ['Precision'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Intersection over the predicted box area; failed answers score 0.' },
  { id: 'mv-recall', label: 'Recall', keys: ['Recall'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Intersection over the true box area; failed answers score 0.' },
  { id: 'mv-acc-iou', label: 'Acc@IoU', keys: [ACC_IOU_MEAN_KEY, ROW_ACC_IOU.mean, accIouKey(0.5), accIouKey(0.75), ROW_ACC_IOU.at50, ROW_ACC_IOU.at75], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'percent', digits: 1 }, range: [0, 1], summary: 'Share of samples with IoU ≥ t, and its mean over t = 0.50…0.95 (COCO grid).' },
];

export const metric = metricLookup(METRICS);
