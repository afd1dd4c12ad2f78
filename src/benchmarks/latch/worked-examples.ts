/** The worked example for the latch metric docs, computed at build time by our graders and aggregation. */
import { summarizeRuns } from './scorer/aggregate';
import { grade } from './scorer/registry';
import { exampleNumber as f, type WorkedExample } from '../../core/worked-example';

/** The worked example shown on every latch metric's page. */
export function workedExample(): WorkedExample {
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

