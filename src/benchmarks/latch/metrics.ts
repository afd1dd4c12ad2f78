import { metricLookup, type MetricDef } from '../../core/metric';

/** Metrics of the latch scorers (scBench, SpatialBench). */
export const METRICS: MetricDef[] = [
  {
    id: 'latch-accuracy',
    label: 'Accuracy',
    keys: ['accuracy', 'mean'],
    benchmark: 'latch',
    unit: '%',
    direction: 'higher',
    format: { kind: 'fixed', digits: 1 },
    range: [0, 100],
    summary: 'Mean over evals of the per-eval pass rate (binary passed averaged over trials), × 100.',
  },
  {
    id: 'latch-accuracy-ci',
    label: '95 % CI',
    keys: ['ci_lower', 'ci_upper'],
    benchmark: 'latch',
    unit: '%',
    direction: 'higher',
    format: { kind: 'fixed', digits: 1 },
    range: [0, 100],
    summary: '95 % t-interval (n−1 df) over the per-eval pass rates; not clipped to [0, 100].',
  },
  {
    id: 'latch-passed',
    label: 'Passed',
    keys: ['passed'],
    benchmark: 'latch',
    unit: '',
    direction: 'higher',
    format: { kind: 'fixed', digits: 0 },
    range: [0, 1],
    summary: "One run's binary outcome as recomputed by our grader (1 pass, 0 fail).",
  },
  {
    id: 'latch-score',
    label: 'Grader score',
    keys: ['score'],
    benchmark: 'latch',
    unit: '',
    direction: 'higher',
    format: { kind: 'fixed', digits: 3 },
    summary: "One run's continuous grader score in [0, score_max]; shown for detail, not used in accuracy.",
  },
  {
    id: 'latch-n-evals',
    label: 'Evals',
    keys: ['n_evals'],
    benchmark: 'latch',
    unit: '',
    direction: 'higher',
    format: { kind: 'fixed', digits: 0 },
    summary: 'Number of evals with at least one run for this model and harness.',
  },
];

export const metric = metricLookup(METRICS);
