import { LATCH_REPORTED, type ReportedRow, type ReportedTable } from '../formats/reported';
import { slugify } from '../../../core/slug';
import { suiteNamed, suiteOfSlug } from '../suites';
import type { Board } from '../../../core/board';

/** A published table (or one group of it) to show beside a recomputed latch board. */
export interface ReportedView {
  title: string;
  source: string;
  /** The suite it was published for (only that suite's boards show it). */
  suite: string;
  /** Evals behind this table or group, as published. */
  nEvals?: number;
  /** The eval set the published table used, and how many of its evals have public per-run files. */
  evalSet: ReportedTable['evalSet'];
  /** Evals of the board's own recomputed rows (its unit set), for the comparison line; absent: no rows. */
  recomputedEvals?: number;
  notes?: string;
  rows: ReportedRow[];
}

/** The board's unit set size: the coverage total its rows share (every row of a latch board has one). */
function recomputedEvals(board: Board): number | undefined {
  const totals = (board.sections ?? []).flatMap((s) => [...s.rows, ...(s.unranked ?? [])]).map((r) => r.coverage?.total).filter((n): n is number => n !== undefined);
  return totals.length ? Math.max(...totals) : undefined;
}

/**
 * The published figures that belong on a latch board page: the suite's headline tables on its
 * overall board, the matching category or platform group on its task and platform boards. A table
 * is only ever shown on its own suite's boards (`scbench/…` for scBench), with the eval set it
 * used next to the recomputed rows' eval count, and never ranked together with them.
 */
export function reportedFor(board: Board): ReportedView[] {
  if (board.benchmark !== 'latch') return [];
  const suite = suiteOfSlug(board.slug);
  if (!suite) return [];
  const recomputed = recomputedEvals(board);
  const view = (table: ReportedTable, title: string, g: ReportedTable['groups'][string]): ReportedView => ({
    title,
    source: table.source,
    suite: table.bench,
    ...(g.n_evals !== undefined ? { nEvals: g.n_evals } : {}),
    evalSet: table.evalSet,
    ...(recomputed !== undefined ? { recomputedEvals: recomputed } : {}),
    ...(table.notes ? { notes: table.notes } : {}),
    rows: g.rows,
  });
  const out: ReportedView[] = [];
  for (const table of LATCH_REPORTED) {
    if (suiteNamed(table.bench) !== suite) continue;
    const groups = Object.entries(table.groups);
    const isGrouped = !(groups.length === 1 && groups[0]![0] === 'overall');
    if (board.kind === 'overall' && !isGrouped) out.push(view(table, table.title, table.groups.overall!));
    if ((board.kind === 'category' && table.id.includes('category')) || (board.kind === 'platform' && table.id.includes('platform'))) {
      const want = board.slug.split('/').pop();
      for (const [name, g] of groups) if (slugify(name) === want) out.push(view(table, `${table.title}: ${name}`, g));
    }
  }
  return out;
}
