/**
 * What a board page says about its numbers (view model for BoardTable / BoardSection): intervals
 * truncated to the metric's range for display, and the "about these numbers" note.
 */
import type { Board, Section } from '../core/board';
import type { MetricDef } from '../core/metric';
import { formatDifference, formatMetric } from '../core/format';
import { MDD_FORMULA } from '../core/stats/mdd';
import { RANK_RANGE_RULE, formatRankRange } from '../core/stats/rank-range';
import { evidenceOf } from './evidence';

/** An interval as drawn and shown: inside the metric's range, with which ends were truncated. */
export function shownInterval(def: Pick<MetricDef, 'range'>, lo: number, hi: number): { lo: number; hi: number; truncated: boolean } {
  const [min, max] = def.range ?? [-Infinity, Infinity];
  const l = Math.max(lo, min);
  const h = Math.min(hi, max);
  return { lo: l, hi: h, truncated: l !== lo || h !== hi };
}

/** The metric's range in display units, e.g. "0–100" or "0–100 %"; undefined when unbounded. */
export function rangeLabel(def: MetricDef): string | undefined {
  if (!def.range) return undefined;
  const k = def.format.kind === 'percent' ? 100 : 1;
  const end = (v: number) => (Number.isFinite(v) ? String(Number((v * k).toPrecision(6))) : '∞');
  return `${end(def.range[0])}–${end(def.range[1])}${def.format.kind === 'percent' ? ' %' : ''}`;
}


export interface AboutNote {
  unit: string;
  method: string;
  minimum: string;
  rule: string;
  range?: string;
  mdd: string;
  /** The section has no ranked row because every candidate had too few units. */
  preliminary?: string;
}

/** The "about these numbers" note of one section. */
export function aboutNote(board: Board, section: Section): AboutNote {
  const ev = evidenceOf(board);
  const def = board.primary.def;
  const m = section.mdd;
  // Named only where it matters: some interval of this section reaches outside the range.
  const range = section.rows.some((r) => r.interval && shownInterval(def, r.interval.lo, r.interval.hi).truncated) ? rangeLabel(def) : undefined;
  const early = (section.unranked ?? []).filter((r) => r.status === 'preliminary');
  const most = early.reduce((x, r) => Math.max(x, r.n), 0);
  return {
    unit: ev.unit,
    method: ev.method,
    minimum: `${ev.minUnits.toLocaleString('en-US')} ${ev.unit} per row to be ranked; rows with fewer are preliminary (value shown, no rank, no interval).`,
    rule: RANK_RANGE_RULE,
    ...(range ? { range: `Intervals are published as computed; on this page they are drawn and shown truncated to the metric's range (${range}), marked †.` } : {}),
    mdd: m
      ? `${formatDifference(def, m.value)} between the top two ranked rows (${m.basis === 'paired' ? `paired over ${m.n.toLocaleString('en-US')} shared ${ev.unit}` : 'from their standard errors'}): ${MDD_FORMULA[m.basis]}.`
      : 'not computed: fewer than two ranked rows with intervals.',
    ...(section.rows.length === 0 && early.length > 0
      ? { preliminary: `Preliminary: at most ${most.toLocaleString('en-US')} ${ev.unit} per row, fewer than the ${ev.minUnits.toLocaleString('en-US')} this benchmark needs to rank. Values are listed below without ranks or intervals.` }
      : {}),
  };
}

/** The indistinguishable-from-the-leader marker applies to rows whose range includes 1. */
export const withLeader = (r: { rankRange: [number, number] }) => r.rankRange[0] === 1;

export { formatDifference, formatMetric, formatRankRange };
