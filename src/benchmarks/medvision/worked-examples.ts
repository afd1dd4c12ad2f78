/** Worked examples for the MedVision metric docs, computed at build time by the scorer the boards use. */
import { aggregateGroup } from './scorer/aggregate';
import { detectionMetrics, measurementMetrics } from './scorer/sample';
import { ACC_IOU_MEAN_KEY, GROUP_KEY as G, OVERLAP_METRICS, SUMMARY_MRE_THRESHOLDS, accIouKey, mreKey } from './scorer/keys';
import { exampleNumber as f, type WorkedExample } from '../../core/worked-example';
import type { MetricDef } from '../../core/metric';

const geometry = { imageSize2d: [512, 512] as const, pixelSize: [0.8, 0.8] as const };
const TL_SAMPLES = [
  { filteredResp: '30.1,18.6', target: '[35.4596, 15.7378]' },
  { filteredResp: '22,11', target: '[21.0, 12.5]' },
  { filteredResp: '48.5, 30.2', target: '[50.2, 29.9]' },
  { filteredResp: 'about 40 mm', target: '[41.0, 22.0]' },
];

function medvisionTL(): WorkedExample {
  const rows = TL_SAMPLES.map((s) => {
    const m = measurementMetrics({ taskType: 'TL', answer: s.filteredResp, target: s.target, geometry });
    return [JSON.stringify(s.filteredResp), s.target, f(m.MAE), f(m.MRE), f(m.NMAE, 6), m.success ? 'yes' : 'no'];
  });
  const g = aggregateGroup('TL', TL_SAMPLES.map((s) => ({ ...s, geometry })))!;
  return {
    intro: 'Four tumour/lesion-size answers (major, minor axis in mm) on 512 × 512 slices with 0.8 mm pixels; the fourth does not parse into two numbers, so it is a failure.',
    inputs: { head: ['answer', 'target', 'MAE', 'MRE', 'nMAE', 'parsed'], rows },
    outputs: Object.entries(g).filter(([k]) => ([G.mae, G.mre, G.nmae, G.sr, ...SUMMARY_MRE_THRESHOLDS.map(mreKey), G.n] as string[]).includes(k)),
  };
}

const DET_SAMPLES = [
  { filteredResp: '0.10,0.20,0.40,0.60', target: '[0.12, 0.18, 0.42, 0.55]' },
  { filteredResp: '0.55,0.50,0.80,0.90', target: '[0.50, 0.45, 0.70, 0.80]' },
  { filteredResp: '0.1,0.1,0.2', target: '[0.30, 0.30, 0.50, 0.60]' },
];

function medvisionDetection(): WorkedExample {
  const rows = DET_SAMPLES.map((s) => {
    const m = detectionMetrics(s.filteredResp, s.target);
    return [JSON.stringify(s.filteredResp), s.target, f(m.IoU), f(m.F1), f(m.Precision), f(m.Recall), m.success ? 'yes' : 'no'];
  });
  const g = aggregateGroup('Detection', DET_SAMPLES)!;
  return {
    intro: 'Three box answers (x1, y1, x2, y2, relative coordinates); the third has three numbers, so it fails and scores 0 on every overlap metric.',
    inputs: { head: ['answer', 'target', 'IoU', 'F1', 'Precision', 'Recall', 'parsed'], rows },
    outputs: Object.entries(g).filter(([k]) => ([...OVERLAP_METRICS, G.sr, accIouKey(0.5), accIouKey(0.75), ACC_IOU_MEAN_KEY, G.mae, G.n] as string[]).includes(k)),
  };
}

const DETECTION_METRICS = new Set(['mv-iou', 'mv-f1', 'mv-precision', 'mv-recall', 'mv-acc-iou']);

/** The worked example shown on a MedVision metric's page. */
export function workedExample(def: MetricDef): WorkedExample {
  return DETECTION_METRICS.has(def.id) ? medvisionDetection() : medvisionTL();
}
