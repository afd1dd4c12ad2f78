/**
 * The seed README's published tables (`../formats/reported.ts`) as reported views on the
 * ClinicalBench boards, and beside the reported Heuristic row evalboard's own recomputations of it:
 * the agent's rules re-run on the datasets regenerated from seed 20260402 (`../agents/heuristic.ts`),
 * and, when an admitted (ranked or under-review) submission holds them, upstream's own episodes of
 * it; both replayed by the scorer the boards use (`seedRow`). Nothing here enters a board's
 * sections: these rows are never ranked.
 */
import type { Admitted } from '../../../core/benchmark';
import type { Board } from '../../../core/board';
import { formatMetric } from '../../../core/format';
import { publishedKey, type ReportedView, type ReportedViewRow } from '../../../core/reported';
import { auditorModelId } from '../agent-model';
import { FRONTIER_LEADERBOARD, README_ATTRIBUTION, README_COMMIT, README_LICENCE, README_PATH, README_REPO, REPRODUCIBLE_SCORES, type ReadmeScoreRow } from '../formats/reported';
import { metric } from '../metrics';
import { seedRow, type ScoredEpisode, type SeedRow } from '../scorer/aggregate';
import { replayEpisode } from '../scorer/replay';
import { regenerateGroundTruth } from '../scorer/dataset';
import { TASK_IDS } from '../scorer/tasks';
import { heuristicActions } from '../agents/heuristic';
import { loadClinicalbench, type ClinicalEntry } from './boards';

export interface HeuristicRecomputation {
  submissionId: string;
  status: 'ranked' | 'under review';
  row: SeedRow;
}

/** The admitted submission of the upstream heuristic agent with `seed` played on all three tasks (ranked first, then by id). */
export function findHeuristicRecomputation(entries: readonly ClinicalEntry[], admitted: Admitted, seed: number, model = auditorModelId('heuristic')): HeuristicRecomputation | undefined {
  const found = entries
    .filter((e) => e.submission?.model === model && (admitted.ranked(e.id) || admitted.underReview(e.id)))
    .map((e) => ({ submissionId: e.id, status: admitted.ranked(e.id) ? ('ranked' as const) : ('under review' as const), row: seedRow(seed, e.episodes) }))
    .filter((r) => r.row.average !== null)
    .sort((a, b) => (a.status === b.status ? a.submissionId.localeCompare(b.submissionId) : a.status === 'ranked' ? -1 : 1));
  return found[0];
}

const SCORE = metric('cb-benchmark-score');
const AVERAGE = metric('cb-average');
const PRECISION = metric('cb-flag-precision');

/** One recomputation of a reported row: what it was computed from, and its seed row. */
export interface Recomputation {
  /** Row label, e.g. "Heuristic, re-run by evalboard on seed 20260402". */
  label: string;
  /** Short "from" cell. */
  from: string;
  /** One sentence: how it was computed. */
  how: string;
  row: SeedRow;
  href?: string;
}

/** The heuristic agent re-run by evalboard (`../agents/heuristic.ts`) on each task of `seed`, replayed by the scorer. */
export function agentRecomputation(seed: number): Recomputation {
  const episodes: ScoredEpisode[] = TASK_IDS.map((task) => {
    const r = replayEpisode({ task_id: task, actions: heuristicActions(seed, task), ground_truth: regenerateGroundTruth(seed, task) });
    return { seed, task_id: task, breakdown: r.breakdown, counters: r.finalState };
  });
  return {
    label: `Heuristic, recomputed by evalboard from seed ${seed}`,
    from: 'the agent’s rules re-run by evalboard',
    how: `evalboard re-ran the upstream heuristic agent’s rules (inference.py --mode heuristic at 639207b, re-implemented) on the datasets it regenerates from seed ${seed}, and replayed the three episodes with the scorer every board uses`,
    row: seedRow(seed, episodes),
  };
}

/** Upstream's own episodes of the heuristic agent, from an admitted submission, replayed. */
export function submissionRecomputation(r: HeuristicRecomputation, seed: number): Recomputation {
  return {
    label: `Heuristic, upstream’s episodes replayed by evalboard (seed ${seed})`,
    from: `episodes of ${r.submissionId} (${r.status})`,
    how: `evalboard replayed the seed-${seed} episodes of submission ${r.submissionId} (${r.status}) against ground truth regenerated from the seed`,
    row: r.row,
    href: `submissions/${r.submissionId}/`,
  };
}

function recomputedRow(r: Recomputation): ReportedViewRow {
  const v = r.row;
  const unrounded = `unrounded: Easy ${v.easy}, Medium ${v.medium}, Hard ${v.hard}, Average ${v.average === null ? '—' : v.average.toFixed(4)}, flag precision ${v.flag_precision === null ? '—' : `${(v.flag_precision * 100).toFixed(1)}%`}`;
  return {
    kind: 'recomputed',
    cells: [r.label, formatMetric(SCORE, v.easy), formatMetric(SCORE, v.medium), formatMetric(SCORE, v.hard), formatMetric(AVERAGE, v.average), formatMetric(PRECISION, v.flag_precision), r.from],
    note: `${r.how}, and prints the result as the README does (${unrounded}). It checks the reported row above; it is not ranked.`,
    ...(r.href ? { href: r.href } : {}),
  };
}

const source = (section: string) => `${publishedKey(README_REPO, README_COMMIT, README_PATH)}, ${section}`;
const common = { sourceUrl: README_REPO, licence: README_LICENCE, attribution: README_ATTRIBUTION, origin: 'typed' as const, covers: [publishedKey(README_REPO, README_COMMIT, README_PATH)] };

/** The README's two tables on every ClinicalBench board, the Heuristic row followed by its recomputation. */
export function readmeViews(recomputed: readonly Recomputation[]): ReportedView[] {
  const scores: ReportedView = {
    id: 'reported-clinicalbench-readme-scores',
    title: `Published scores, seed ${REPRODUCIBLE_SCORES.seed} (ClinicalBench README)`,
    suite: 'ClinicalBench',
    source: source(REPRODUCIBLE_SCORES.section),
    ...common,
    notes: [
      'The benchmark authors’ own table: one episode per task on one seed (no interval), Precision the share of correct flags. The LLM rows’ episodes are not published, so only the deterministic Heuristic row can be recomputed: evalboard re-runs that agent’s rules itself, and also replays upstream’s own episodes of it when a submission of them is in the results.',
    ],
    columns: ['Agent', 'Easy', 'Medium', 'Hard', 'Average', 'Precision', 'Description'],
    rows: REPRODUCIBLE_SCORES.rows.flatMap((r: ReadmeScoreRow): ReportedViewRow[] => [
      { kind: 'reported', cells: [r.agent, r.easy, r.medium, r.hard, r.average, r.precision, r.description] },
      ...(r.recomputable === 'heuristic' ? recomputed.map(recomputedRow) : []),
    ]),
  };
  const frontier: ReportedView = {
    id: 'reported-clinicalbench-readme-frontier',
    title: 'Frontier Model Leaderboard (ClinicalBench README)',
    suite: 'ClinicalBench',
    source: source(FRONTIER_LEADERBOARD.section),
    ...common,
    notes: ['The README’s own ranking of the ReAct runs (its "Rank" column), not evalboard’s: no episodes are published, so they are not recomputed.'],
    columns: ['Model', 'Upstream rank', 'Easy', 'Medium', 'Hard', 'Avg Score'],
    rows: FRONTIER_LEADERBOARD.rows.map((r) => ({ kind: 'reported', cells: [r.model, r.rank, r.easy, r.medium, r.hard, r.average] })),
  };
  return [scores, frontier];
}

let agentRow: Recomputation | undefined;

/** `submissions.reported`: the README's tables on the overall and per-difficulty boards. */
export async function clinicalbenchReported(board: Board, admitted: Admitted): Promise<ReportedView[]> {
  if (board.benchmark !== 'clinicalbench' || (board.kind !== 'overall' && board.kind !== 'difficulty')) return [];
  const seed = REPRODUCIBLE_SCORES.seed;
  agentRow ??= agentRecomputation(seed);
  const upstream = findHeuristicRecomputation(await loadClinicalbench(), admitted, seed);
  return readmeViews([agentRow, ...(upstream ? [submissionRecomputation(upstream, seed)] : [])]);
}

/** `submissions.reportedOn`: imported breakdown tables (per seed) go on the overall board. */
