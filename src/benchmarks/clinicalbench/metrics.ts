import { metricLookup, type MetricDef } from '../../core/metric';

/** ClinicalBench metrics (seed 002, DESIGN §5). `keys` are the upstream names in score output. */
export const METRICS: MetricDef[] = [
  { id: 'cb-benchmark-score', label: 'Score', keys: ['benchmark_score', 'Easy', 'Medium', 'Hard'], benchmark: 'clinicalbench', unit: 'score', direction: 'higher', format: { kind: 'fixed', digits: 2 }, range: [0.01, 0.99], summary: 'Episode benchmark score: 0.70 recall + 0.15 precision + 0.05 workflow + 0.05 efficiency + 0.05 report, clamped to [0.01, 0.99].' },
  { id: 'cb-average', label: 'Average', keys: ['Average'], benchmark: 'clinicalbench', unit: 'score', direction: 'higher', format: { kind: 'fixed', digits: 2 }, range: [0.01, 0.99], summary: 'Mean of the Easy, Medium and Hard benchmark scores for one seed; across seeds, their mean with a 95 % t-interval.' },
  { id: 'cb-flag-precision', label: 'Flag precision', keys: ['Precision'], benchmark: 'clinicalbench', unit: 'fraction', direction: 'higher', format: { kind: 'percent', digits: 0 }, range: [0, 1], summary: 'Share of graded flags that were correct, averaged over the tasks (the README column; not the breakdown precision).' },
  { id: 'cb-recall', label: 'Recall', keys: ['recall'], benchmark: 'clinicalbench', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Correct flags over the ground-truth errors (bias counts as one error when present), capped at 1.' },
  { id: 'cb-precision', label: 'Precision', keys: ['precision'], benchmark: 'clinicalbench', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Correct / (correct + 2 × false positives + duplicates); no flags gives 0.' },
  { id: 'cb-workflow', label: 'Workflow', keys: ['workflow'], benchmark: 'clinicalbench', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Coverage of the required investigations (hard: 0.7 investigations + 0.3 distributions), times 1 − 0.12 per phase violation.' },
  { id: 'cb-efficiency', label: 'Efficiency', keys: ['efficiency'], benchmark: 'clinicalbench', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Useful actions (required-sized investigations and distributions, correct flags, the report) over attempts, capped at 1.' },
  { id: 'cb-report', label: 'Report', keys: ['report'], benchmark: 'clinicalbench', unit: 'fraction', direction: 'higher', format: { kind: 'fixed', digits: 3 }, range: [0, 1], summary: 'Keyword groups the final report hits (protocol, root cause, corrective action, risk, fairness), over 5.' },
  { id: 'cb-dense-reward', label: 'Dense reward', keys: ['dense_reward_total'], benchmark: 'clinicalbench', unit: 'reward', direction: 'higher', format: { kind: 'fixed', digits: 3 }, summary: 'Sum of the per-step RL rewards (flag outcomes, confidence multipliers, step cost), rounded to 3 places.' },
];

export const metric = metricLookup(METRICS);
