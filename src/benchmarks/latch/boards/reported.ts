import { LATCH_REPORTED, type ReportedRow, type ReportedTable } from '../formats/reported';
import { slugify } from '../../../core/slug';
import { suiteNamed, suiteOfSlug } from '../suites';
import type { Board } from '../../../core/board';
import { publishedKey, type ReportedView as GenericReportedView } from '../../../core/reported';

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

/** `latchbio/scbench@4a7d2b0 results/model_results.csv (…)` → the published-file key `covers` uses. */
function coversOf(source: string): string[] {
  const m = /^([\w.-]+\/[\w.-]+)@([0-9a-f]{7,40}) (\S+)/.exec(source);
  return m ? [publishedKey(m[1]!, m[2], m[3]!)] : [];
}

const pct = (v: number) => v.toFixed(2);

/** The same tables as generic reported views (`src/components/ReportedTable.astro`), highest published accuracy first. */
/** The rows that publish a cost per run, for the cost/accuracy chart (at least two, else none). */
function costScoreOf(rows: readonly ReportedRow[]): Pick<GenericReportedView, 'costScore'> {
  const points = rows.filter((r) => r.cost_usd !== undefined && r.cost_usd > 0).map((r) => ({ name: `${r.model} · ${r.harness}`, cost: r.cost_usd!, value: r.accuracy.value, lo: r.accuracy.ci_lower, hi: r.accuracy.ci_upper }));
  return points.length >= 2 ? { costScore: { score: 'Accuracy (%)', interval: 't', points } } : {};
}

export function latchReportedViews(board: Board): GenericReportedView[] {
  return reportedFor(board).map((v) => {
    const evalSet = `Eval set: ${v.suite} published ${v.nEvals ?? v.evalSet.n_evals} evals${v.nEvals !== undefined && v.nEvals !== v.evalSet.n_evals ? ` (of ${v.evalSet.n_evals} in the ${v.evalSet.note})` : ` (${v.evalSet.note})`}; the public per-run files cover ${v.evalSet.public_per_run}.${v.recomputedEvals !== undefined ? ` The recomputed rows above use ${v.recomputedEvals} evals: the numbers are not comparable.` : ' No recomputed rows on this board.'}`;
    return {
      id: `reported-${slugify(v.title)}`,
      title: v.title,
      suite: v.suite,
      source: v.source,
      sourceUrl: 'https://github.com/latchbio/scbench',
      licence: 'Apache-2.0',
      origin: 'typed',
      notes: [evalSet, ...(v.notes ? [v.notes] : [])],
      columns: ['Model', 'Harness', 'Accuracy (%)', '95 % CI', 'n evals'],
      rows: [...v.rows].sort((a, b) => b.accuracy.value - a.accuracy.value).map((r) => ({
        kind: 'reported' as const,
        cells: [r.model, r.harness, pct(r.accuracy.value), `${pct(r.accuracy.ci_lower)}–${pct(r.accuracy.ci_upper)}`, r.n_evals === undefined ? '—' : String(r.n_evals)],
      })),
      covers: coversOf(v.source),
      ...costScoreOf(v.rows),
    };
  });
}
