// Fixed boards for the golden chart SVGs: hand-written numbers (no scorer), with the cases a chart
// must survive — long and hostile entry names, a synthetic row, intervals past the metric's range,
// a percentage metric, ties, and a 28-column heat grid.
import type { Board, Row } from '../../../src/core/board';
import type { MetricDef } from '../../../src/core/metric';
import type { ReportedView } from '../../../src/core/reported';

const mre: MetricDef = { id: 'g-mre', label: 'MRE', keys: [], benchmark: 'golden', unit: 'ratio', direction: 'lower', format: { kind: 'fixed', digits: 3 }, range: [0, Infinity], summary: 'relative error' };
const acc: MetricDef = { id: 'g-acc', label: 'Accuracy', keys: [], benchmark: 'golden', unit: 'fraction', direction: 'higher', format: { kind: 'percent', digits: 1 }, range: [0, 1], summary: 'share correct' };

const NAMES = [
  'gpt-large', 'A very long model name that goes on and on, fine-tuned-v2-instruct-preview', '<script>alert(1)</script> & Co', 'tiny-3b',
  'mid-7b', 'mid-8b', 'big-32b', 'huge-70b', 'Ünïcødé–模型', 'closed-pro', 'closed-flash', 'agent-x',
];
const PARAMS = [undefined, 13, 7, 3, 7, 8, 32, 70, 1.5, undefined, undefined, 0.35];

function rows(def: MetricDef, values: number[], halfWidths: number[]): Row[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => (def.direction === 'lower' ? a.v - b.v : b.v - a.v));
  return order.map(({ v, i }, rank) => {
    const hw = halfWidths[i]!;
    const best = order.findIndex((o) => (def.direction === 'lower' ? o.v + halfWidths[o.i]! >= v - hw : o.v - halfWidths[o.i]! <= v + hw));
    const worst = order.length - 1 - [...order].reverse().findIndex((o) => (def.direction === 'lower' ? o.v - halfWidths[o.i]! <= v + hw : o.v + halfWidths[o.i]! >= v - hw));
    return {
      rank: rank + 1, rankRange: [best + 1, Math.max(rank + 1, worst + 1)], tiedWithLeader: best === 0 && rank > 0,
      submissionId: `s${i}`, modelSlug: `m${i}`, model: NAMES[i]!, org: `org ${i % 3}`, weights: i % 3 === 2 ? 'closed' : 'open',
      releaseDate: `2025-${String((i % 12) + 1).padStart(2, '0')}-15`, ...(PARAMS[i] !== undefined ? { paramsB: PARAMS[i]! } : {}),
      submittedAt: '2026-01-01', harness: i === 1 ? 'lmms-eval 0.3.0-very-long-harness-build' : 'lmms-eval 0.3.0', entryKey: `m${i}~lmms-eval-0-3-0`,
      n: 100 + i, primary: v, interval: { lo: v - hw, hi: v + hw, method: 'bootstrap' }, secondary: [], ...(i === 4 ? { synthetic: true } : {}),
    } satisfies Row;
  });
}

const MRE = [0.12, 0.18, 0.35, 0.2, 0.41, 0.05, 0.27, 0.22, 0.6, 0.09, 0.31, 0.14];
const MRE_HW = [0.03, 0.08, 0.1, 0.02, 0.15, 0.07, 0.05, 0.04, 0.2, 0.03, 0.06, 0.05];

/** A family board with a lower-is-better metric: forest, heat grid (28 configs) and both scatters. */
export const familyBoard: Board = {
  benchmark: 'golden', slug: 'family', kind: 'family', title: 'Golden family', description: '', nUnit: 'samples',
  primary: { def: mre, label: 'MRE' }, secondary: [],
  sections: [{ id: 'full', title: 'All entries (fixed golden data)', shortTitle: 'all entries', rows: rows(mre, MRE, MRE_HW) }],
};
const subtasks = Array.from({ length: 28 }, (_, j) => ({ id: `Set${String(j).padStart(2, '0')}_TumorLesionSize_Task${j}_Axial`, label: j === 3 ? 'A subtask label far too long to print in a column header' : `Set${j} T${j} Axial` }));
familyBoard.grid = familyBoard.sections[0]!.rows.slice(0, 9).flatMap((r, i) =>
  subtasks.map((s, j) => ({ model: `${r.model} · ${r.harness}`, modelSlug: r.modelSlug, section: 'full', subtask: s.id, subtaskLabel: s.label, value: (i * 7 + j * 13) % 17 === 0 ? null : Math.round(((i + 1) * 0.05 + ((j * 37) % 11) * 0.03) * 1000) / 1000, n: 10 + j })),
);

const ACC = [0.62, 0.55, 0.71, 0.48, 0.995, 0.3, 0.58];
const ACC_HW = [0.05, 0.06, 0.04, 0.08, 0.02, 0.1, 0.05];
/** A percentage, higher-is-better board whose top interval reaches past 100 % (drawn truncated). */
export const percentBoard: Board = {
  benchmark: 'golden', slug: 'overall', kind: 'overall', title: 'Golden overall', description: '', nUnit: 'evals',
  primary: { def: acc, label: 'Accuracy' }, secondary: [],
  sections: [{ id: 'all', title: 'All submissions', rows: rows(acc, ACC, ACC_HW) }],
};

/** A reported table (published figures, hand-written here) with a cost per run on most rows. */
export const reportedView: ReportedView = {
  id: 'reported-golden', title: 'Golden published table', suite: 'golden', source: 'example/repo@0000000 results.csv', origin: 'typed', columns: ['Model'], rows: [],
  costScore: {
    score: 'Accuracy (%)', interval: 't',
    points: [
      { name: 'agent-a · harness-one', cost: 1.11, value: 57.95, lo: 51.56, hi: 64.34 },
      { name: 'agent-a · harness-two', cost: 2.47, value: 57.78, lo: 51.29, hi: 64.26 },
      { name: 'agent-b · harness-one', cost: 0.82, value: 57.44, lo: 51.07, hi: 63.8 },
      { name: 'agent-c with a long published name · harness-one', cost: 0.12, value: 41.2, lo: 35.0, hi: 47.4 },
      { name: 'agent-d · harness-three', cost: 0.35, value: 49.9 },
    ],
  },
};
