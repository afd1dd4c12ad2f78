/**
 * Worked examples for the metric docs. Every number is computed here, at build time, by the same
 * scorer functions the boards use; the docs never hard-code a result.
 */
import { aggregateGroup } from '../scorers/medvision/aggregate';
import { detectionMetrics, measurementMetrics } from '../scorers/medvision/sample';
import { summarizeRuns } from '../scorers/latch/aggregate';
import { grade } from '../scorers/latch/registry';
import { buildBreakdown } from '../scorers/clinicalbench/breakdown';
import type { EpisodeCounters } from '../scorers/clinicalbench/counters';
import { scoreTileTask } from '../scorers/tile-task/score';
import type { MetricDef } from '../metrics/types';

export interface WorkedExample {
  intro: string;
  /** Input table: header + rows (strings). */
  inputs: { head: string[]; rows: string[][] };
  /** Output values by upstream key; the metric's own keys are highlighted on its page. */
  outputs: [key: string, value: number | string | boolean | null][];
}

const f = (v: number, d = 4) => (Number.isFinite(v) ? String(Number(v.toFixed(d))) : 'NaN (failure)');

const geometry = { imageSize2d: [512, 512] as const, pixelSize: [0.8, 0.8] as const };
const TL_SAMPLES = [
  { filteredResp: '30.1,18.6', target: '[35.4596, 15.7378]' },
  { filteredResp: '22,11', target: '[21.0, 12.5]' },
  { filteredResp: '48.5, 30.2', target: '[50.2, 29.9]' },
  { filteredResp: 'about 40 mm', target: '[41.0, 22.0]' },
];

function medvisionTL(): WorkedExample {
  const rows = TL_SAMPLES.map((s) => {
    const m = measurementMetrics('TL', s.filteredResp, s.target, geometry);
    return [JSON.stringify(s.filteredResp), s.target, f(m.MAE), f(m.MRE), f(m.NMAE, 6), m.success ? 'yes' : 'no'];
  });
  const g = aggregateGroup('TL', TL_SAMPLES.map((s) => ({ ...s, geometry })))!;
  return {
    intro: 'Four tumour/lesion-size answers (major, minor axis in mm) on 512 × 512 slices with 0.8 mm pixels; the fourth does not parse into two numbers, so it is a failure.',
    inputs: { head: ['answer', 'target', 'MAE', 'MRE', 'nMAE', 'parsed'], rows },
    outputs: Object.entries(g).filter(([k]) => ['avgMAE', 'avgMRE', 'avgNMAE', 'SuccessRate', 'MRE<0.1', 'MRE<0.2', 'MRE<0.3', 'num_samples'].includes(k)),
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
    outputs: Object.entries(g).filter(([k]) => ['IoU', 'F1', 'Precision', 'Recall', 'SuccessRate', 'Acc@IoU>=0.50', 'Acc@IoU>=0.75', 'Acc@IoU[0.50:0.95]', 'avgMAE', 'num_samples'].includes(k)),
  };
}

function latch(): WorkedExample {
  const cfg = { ground_truth: { n_cells: 1500 }, tolerances: { n_cells: { type: 'relative', value: 0.05 } } };
  const answers = [{ n_cells: 1520 }, { n_cells: 1700 }, { n_cells: 1490 }];
  const graded = answers.map((a) => grade('numeric_tolerance', cfg, a));
  const outcomes = [
    ...graded.map((g, i) => ({ evalId: 'E1 (n_cells)', model: 'm', harness: 'h', passed: g.passed, trial: i })),
    { evalId: 'E2', model: 'm', harness: 'h', passed: true }, { evalId: 'E2', model: 'm', harness: 'h', passed: true }, { evalId: 'E2', model: 'm', harness: 'h', passed: false },
    { evalId: 'E3', model: 'm', harness: 'h', passed: false }, { evalId: 'E3', model: 'm', harness: 'h', passed: false }, { evalId: 'E3', model: 'm', harness: 'h', passed: undefined },
  ];
  const s = summarizeRuns(outcomes);
  return {
    intro: 'Three evals with three trials each. Eval E1 is graded here by our numeric_tolerance grader (ground truth 1500 cells, ±5 %); E2 and E3 carry recorded outcomes (a missing outcome counts as a fail).',
    inputs: {
      head: ['eval', 'trial answers', 'passed (per trial)', 'grader score', 'eval mean %'],
      rows: [
        ['E1', answers.map((a) => a.n_cells).join(', '), graded.map((g) => (g.passed ? '1' : '0')).join(' '), graded.map((g) => f(g.score, 3)).join(' '), f(s.per_eval_means_pct['E1 (n_cells)']!, 2)],
        ['E2', '—', '1 1 0', '—', f(s.per_eval_means_pct.E2!, 2)],
        ['E3', '—', '0 0 (missing)', '—', f(s.per_eval_means_pct.E3!, 2)],
      ],
    },
    outputs: [['accuracy', s.unrounded.mean], ['ci_lower', s.unrounded.ci_lower], ['ci_upper', s.unrounded.ci_upper], ['n_evals', s.n_evals], ['passed', graded[0]!.passed ? 1 : 0], ['score', graded[0]!.score]],
  };
}

function clinicalbench(): WorkedExample {
  const c: EpisodeCounters = {
    task_id: 'task_medium', total_errors: 6, correct_flags: 4, false_positive_flags: 1, duplicate_flags: 1,
    patterns_investigated: ['age', 'enrollment_date'], distributions_computed: ['age'], invalid_phase_actions: 1,
    attempts: 12, report_quality: 3, report_submitted: true,
  };
  const b = buildBreakdown(c);
  const graded = c.correct_flags + c.false_positive_flags + c.duplicate_flags;
  return {
    intro: 'One medium episode: 6 planted errors, 4 correct flags, 1 false positive, 1 duplicate, one phase violation, 12 attempts, a report hitting 3 of 5 keyword groups.',
    inputs: { head: ['counter', 'value'], rows: Object.entries(c).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]) },
    outputs: [...Object.entries(b), ['Precision', c.correct_flags / graded], ['Easy', null], ['Medium', b.benchmark_score], ['Hard', null], ['Average', null], ['dense_reward_total', null]],
  };
}

function tileTask(): WorkedExample {
  const tissue: [number, number][] = [];
  for (let x = 0; x < 10; x++) for (let y = 0; y < 10; y++) tissue.push([x, y]);
  const tumour: [number, number][] = tissue.filter(([x, y]) => x < 3 && y < 4);
  const predicted: [number, number][] = tissue.filter(([x, y]) => x < 4 && y < 3);
  const reference = { slide_id: 'demo', tumor_present: true, tumor_tiles: tumour, tissue_tiles: tissue, tumor_area_fraction: tumour.length / tissue.length };
  const prediction = { slide_id: 'demo', tumor_present: true, tumor_tiles: predicted, tumor_tile_count: predicted.length, total_tissue_tiles: tissue.length, tumor_area_fraction: predicted.length / tissue.length };
  const r = scoreTileTask(prediction, reference);
  return {
    intro: 'A 10 × 10 tissue grid with a 3 × 4 block of tumour tiles; the prediction marks a 4 × 3 block that overlaps it in 9 tiles.',
    inputs: { head: ['', 'reference', 'prediction'], rows: [['tumour tiles', String(tumour.length), String(predicted.length)], ['area fraction', f(reference.tumor_area_fraction), f(prediction.tumor_area_fraction)], ['tumor_present', 'true', 'true']] },
    outputs: Object.entries(r).filter(([k]) => !['errors', 'warnings', 'valid'].includes(k)) as WorkedExample['outputs'],
  };
}

/** The worked example shown on a metric's page. */
export function workedExample(def: MetricDef): WorkedExample {
  switch (def.benchmark) {
    case 'medvision':
      return ['mv-iou', 'mv-f1', 'mv-precision', 'mv-recall', 'mv-acc-iou'].includes(def.id) ? medvisionDetection() : medvisionTL();
    case 'latch':
      return latch();
    case 'clinicalbench':
      return clinicalbench();
    case 'tile-task':
      return tileTask();
  }
}
