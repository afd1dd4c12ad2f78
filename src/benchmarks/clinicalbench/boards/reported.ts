/**
 * The seed README's published tables (`../formats/reported.ts`) as reported views on the
 * ClinicalBench boards, and beside the reported Heuristic row evalboard's own recomputation of it:
 * the seed-20260402 episodes of an admitted (ranked or under-review) submission of the upstream
 * heuristic agent, replayed against ground truth regenerated from the seed (the scorer the boards
 * use, `seedRow`). Nothing here enters a board's sections: these rows are never ranked.
 */
import type { Admitted } from '../../../core/benchmark';
import type { Board } from '../../../core/board';
import { formatMetric } from '../../../core/format';
import { publishedKey, type ReportedView, type ReportedViewRow } from '../../../core/reported';
import { auditorModelId } from '../agent-model';
import { FRONTIER_LEADERBOARD, README_ATTRIBUTION, README_COMMIT, README_LICENCE, README_PATH, README_REPO, REPRODUCIBLE_SCORES, type ReadmeScoreRow } from '../formats/reported';
import { metric } from '../metrics';
import { seedRow, type SeedRow } from '../scorer/aggregate';
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

function recomputedRow(agent: string, seed: number, r: HeuristicRecomputation | undefined): ReportedViewRow {
  const label = `${agent}, recomputed by evalboard from seed ${seed}`;
  if (!r) {
    return {
      kind: 'recomputed',
      cells: [label, '—', '—', '—', '—', '—', 'not in this build'],
      note: `not recomputed in this build: no admitted submission of the upstream heuristic agent (${auditorModelId('heuristic')}) has seed ${seed} episodes on all three tasks. Imported episodes (npm run import -- clinicalbench <tree>) are replayed against ground truth regenerated from the seed.`,
    };
  }
  const v = r.row;
  const unrounded = `unrounded: Easy ${v.easy}, Medium ${v.medium}, Hard ${v.hard}, Average ${v.average!.toFixed(4)}, flag precision ${formatMetric(PRECISION, v.flag_precision, 1)}`;
  return {
    kind: 'recomputed',
    cells: [label, formatMetric(SCORE, v.easy), formatMetric(SCORE, v.medium), formatMetric(SCORE, v.hard), formatMetric(AVERAGE, v.average), formatMetric(PRECISION, v.flag_precision), `episodes of ${r.submissionId} (${r.status}), replayed`],
    note: `evalboard replayed the seed-${seed} episodes of submission ${r.submissionId} (${r.status}) against ground truth regenerated from the seed, and prints them as the README does (${unrounded}). This row checks the reported one; it is not ranked.`,
    href: `submissions/${r.submissionId}/`,
  };
}

const source = (section: string) => `${publishedKey(README_REPO, README_COMMIT, README_PATH)}, ${section}`;
const common = { sourceUrl: README_REPO, licence: README_LICENCE, attribution: README_ATTRIBUTION, origin: 'typed' as const, covers: [publishedKey(README_REPO, README_COMMIT, README_PATH)] };

/** The README's two tables on every ClinicalBench board, the Heuristic row followed by its recomputation. */
export function readmeViews(recomputed: HeuristicRecomputation | undefined): ReportedView[] {
  const scores: ReportedView = {
    id: 'reported-clinicalbench-readme-scores',
    title: `Published scores, seed ${REPRODUCIBLE_SCORES.seed} (ClinicalBench README)`,
    suite: 'ClinicalBench',
    source: source(REPRODUCIBLE_SCORES.section),
    ...common,
    notes: [
      'The benchmark authors’ own table: one episode per task on one seed (no interval), Precision the share of correct flags. The LLM rows’ episodes are not published, so only the deterministic Heuristic row can be recomputed.',
    ],
    columns: ['Agent', 'Easy', 'Medium', 'Hard', 'Average', 'Precision', 'Description'],
    rows: REPRODUCIBLE_SCORES.rows.flatMap((r: ReadmeScoreRow): ReportedViewRow[] => [
      { kind: 'reported', cells: [r.agent, r.easy, r.medium, r.hard, r.average, r.precision, r.description] },
      ...(r.recomputable === 'heuristic' ? [recomputedRow(r.agent, REPRODUCIBLE_SCORES.seed, recomputed)] : []),
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

/** `submissions.reported`: the README's tables on the overall and per-difficulty boards. */
export async function clinicalbenchReported(board: Board, admitted: Admitted): Promise<ReportedView[]> {
  if (board.benchmark !== 'clinicalbench' || (board.kind !== 'overall' && board.kind !== 'difficulty')) return [];
  return readmeViews(findHeuristicRecomputation(await loadClinicalbench(), admitted, REPRODUCIBLE_SCORES.seed));
}

/** `submissions.reportedOn`: imported breakdown tables (per seed) go on the overall board. */
export const clinicalbenchReportedOn = (_suite: string, board: Board): boolean => board.kind === 'overall';
