import { metricLookup, type MetricDef } from '../../core/metric';

/** MedVision metrics (seed 000, DESIGN §3). `keys` are the upstream names in score output. */
export const METRICS: MetricDef[] = [
  { id: 'mv-mre', label: 'MRE', keys: ['avgMRE', 'weighted_avg_mre', 'MRE'], benchmark: 'medvision', unit: 'ratio', direction: 'lower', format: { kind: 'fixed', digits: 3 }, summary: 'Mean relative error |pred − gt| / gt over successfully parsed answers.' },
  { id: 'mv-mae', label: 'MAE', keys: ['avgMAE', 'weighted_avg_mae', 'MAE'], benchmark: 'medvision', unit: 'mm or °', direction: 'lower', format: { kind: 'fixed', digits: 2 }, summary: 'Mean absolute error in physical units (mm; degrees for angles; relative coordinates for detection boxes).' },
  { id: 'mv-nmae', label: 'nMAE', keys: ['avgNMAE', 'weighted_avg_nmae', 'nMAE'], benchmark: 'medvision', unit: 'fraction of diagonal', direction: 'lower', format: { kind: 'fixed', digits: 4 }, summary: 'MAE divided by the physical image diagonal; lengths only (TL, AD distances).' },
  { id: 'mv-success-rate', label: 'SR', keys: ['SuccessRate', 'weighted_avg_sr', 'SR'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'percent', digits: 1 }, summary: 'Share of answers that parse into exactly the expected number of values.' },
  { id: 'mv-mre-lt', label: 'MRE<k', keys: ['MRE<0.1', 'MRE<0.2', 'MRE<0.3', 'weighted_mre<0.1', 'weighted_mre<0.2', 'weighted_mre<0.3'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'percent', digits: 1 }, summary: 'Share of all samples whose relative error is below k (failures count as misses).' },
  { id: 'mv-iou', label: 'IoU', keys: ['IoU'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, summary: 'Intersection over union of predicted and true boxes; failed answers score 0.' },
  { id: 'mv-f1', label: 'F1', keys: ['F1'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, summary: 'Dice overlap 2I / (|pred| + |true|) of the boxes; failed answers score 0.' },
  { id: 'mv-precision', label: 'Precision', keys: ['Precision'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, summary: 'Intersection over the predicted box area; failed answers score 0.' },
  { id: 'mv-recall', label: 'Recall', keys: ['Recall'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, summary: 'Intersection over the true box area; failed answers score 0.' },
  { id: 'mv-acc-iou', label: 'Acc@IoU', keys: ['Acc@IoU[0.50:0.95]', 'AccIoU_mean', 'Acc@IoU>=0.50', 'Acc@IoU>=0.75', 'AccIoU_50', 'AccIoU_75'], benchmark: 'medvision', unit: 'fraction', direction: 'higher', format: { kind: 'percent', digits: 1 }, summary: 'Share of samples with IoU ≥ t, and its mean over t = 0.50…0.95 (COCO grid).' },
];

export const metric = metricLookup(METRICS);
