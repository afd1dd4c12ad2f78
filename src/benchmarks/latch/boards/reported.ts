import { LATCH_REPORTED, type ReportedRow } from '../formats/reported';
import { slugify } from '../../../core/slug';
import type { Board } from '../../../core/board';

/** A published table (or one group of it) to show beside a recomputed latch board. */
export interface ReportedView {
  title: string;
  source: string;
  nEvals?: number;
  notes?: string;
  rows: ReportedRow[];
}

/**
 * The published figures that belong on a latch board page: the headline tables on the overall
 * board, the matching category or platform group on those boards. They are shown as reported,
 * never ranked together with recomputed rows.
 */
export function reportedFor(board: Board): ReportedView[] {
  if (board.benchmark !== 'latch') return [];
  const out: ReportedView[] = [];
  for (const table of LATCH_REPORTED) {
    const groups = Object.entries(table.groups);
    const isGrouped = !(groups.length === 1 && groups[0]![0] === 'overall');
    if (board.kind === 'overall' && !isGrouped) {
      const g = table.groups.overall!;
      out.push({ title: table.title, source: table.source, nEvals: g.n_evals, notes: table.notes, rows: g.rows });
    }
    if ((board.kind === 'category' && table.id.includes('category')) || (board.kind === 'platform' && table.id.includes('platform'))) {
      const want = board.slug.split('/').pop();
      for (const [name, g] of groups) {
        if (slugify(name) === want) out.push({ title: `${table.title}: ${name}`, source: table.source, nEvals: g.n_evals, notes: table.notes, rows: g.rows });
      }
    }
  }
  return out;
}
