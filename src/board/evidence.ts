/**
 * The evidence pass over every board (generic; run by `allBoards`): minimum evidence, rank ranges
 * after it, and each section's minimum detectable difference.
 *
 * - A ranked row whose `n` (its units: evals, seeds, samples) is below the board's
 *   `evidence.minUnits` is moved to the section's unranked rows as `preliminary`, without its
 *   interval ("values shown, no ranks, no interval"), and the remaining rows are re-ranked.
 * - The section's MDD comes from its top two ranked rows: paired over their shared per-unit values
 *   when both carry `unitValues`, otherwise from their standard errors (`src/core/stats/mdd.ts`).
 */
import type { Board, Entry, Evidence, Row, Section, SectionMdd, UnrankedRow } from '../core/board';
import { rankEntries, unrankedRow } from '../core/rank';
import { pairedMddOf } from '../core/mdd-memo';
import { seFromInterval, seMdd } from '../core/stats/mdd';

/** The board's evidence settings, with the defaults for a board that states none. */
export function evidenceOf(board: Board): Required<Evidence> {
  const method = board.sections.flatMap((s) => s.rows).find((r) => r.interval)?.interval?.method;
  const fallback = method === 'bootstrap' ? `95 % percentile bootstrap over ${board.nUnit}` : method === 't' ? `95 % t-interval over ${board.nUnit}` : 'no intervals';
  return {
    unit: board.evidence?.unit ?? board.nUnit,
    method: board.evidence?.method ?? fallback,
    minUnits: board.evidence?.minUnits ?? 2,
    level: board.evidence?.level ?? 0.95,
  };
}

const noun = (n: number, plural: string) => (n === 1 && plural.endsWith('s') ? plural.slice(0, -1) : plural);

/** The one-line reason of a preliminary row. */
export function preliminaryReason(n: number, ev: Pick<Evidence, 'unit' | 'minUnits'>): string {
  return `preliminary: ${n.toLocaleString('en-US')} ${noun(n, ev.unit)}, fewer than the ${ev.minUnits.toLocaleString('en-US')} this benchmark needs to rank`;
}

function preliminary(r: Row, ev: Required<Evidence>): UnrankedRow {
  const { rank: _rank, rankRange: _range, tiedWithLeader: _tied, interval: _interval, ...entry } = r;
  void _rank; void _range; void _tied; void _interval;
  return unrankedRow(entry as Entry, 'preliminary', preliminaryReason(r.n, ev));
}

/** MDD of a section's top two ranked rows, or undefined when there are fewer than two or nothing to compute it from. */
export function sectionMdd(rows: readonly Row[]): SectionMdd | undefined {
  const [a, b] = rows;
  if (!a || !b) return undefined;
  const between: [string, string] = [a.entryKey, b.entryKey];
  if (a.unitValues && b.unitValues) {
    const m = pairedMddOf({ key: a.unitValuesKey, values: a.unitValues }, { key: b.unitValuesKey, values: b.unitValues });
    if (m) return { ...m, between };
  }
  if (!a.interval || !b.interval) return undefined;
  const seA = seFromInterval(a.interval, a.n);
  const seB = seFromInterval(b.interval, b.n);
  if (seA === undefined || seB === undefined) return undefined;
  return { ...seMdd(seA, seB, Math.min(a.n, b.n)), between };
}

export function applyEvidenceToSection(section: Section, direction: 'higher' | 'lower', ev: Required<Evidence>): Section {
  const keep = section.rows.filter((r) => r.n >= ev.minUnits);
  const early = section.rows.filter((r) => r.n < ev.minUnits).map((r) => preliminary(r, ev));
  const rows = early.length ? rankEntries(keep, direction) : section.rows;
  const unranked = [...early, ...(section.unranked ?? [])];
  const mdd = sectionMdd(rows);
  const { mdd: _old, unranked: _u, ...rest } = section;
  void _old; void _u;
  return { ...rest, rows, ...(unranked.length ? { unranked } : {}), ...(mdd ? { mdd } : {}) };
}

/** The board with minimum evidence applied and every section's MDD. */
export function applyEvidence(board: Board): Board {
  const ev = evidenceOf(board);
  return { ...board, sections: board.sections.map((s) => applyEvidenceToSection(s, board.primary.def.direction, ev)) };
}
