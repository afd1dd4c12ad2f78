/**
 * "Rank over time": each entry's point rank on every dated snapshot of one board section
 * (`./history-boards`), drawn at build time with the board charts' conventions (`./charts-kit`:
 * width variants at 12 px text, measured margins, a `<title>` on every mark, keys as HTML legend).
 * Not redrawn by the board's filters: it shows entries that may have left today's table.
 */
import * as Plot from '@observablehq/plot';
import { CHART_MODELS, FONT, WIDTHS, entryName, fitLabel, plotSvg, textWidth, type ChartSpec, type ChartVariant } from './charts-kit';
import type { BoardHistory } from './history-boards';
import { memoDrawn } from '../core/draw-memo';

export interface RankPoint {
  date: string;
  entry: string;
  rank: number;
  of: number;
}

/** Every ranked row of the section on each snapshot, as (date, "model · harness", rank of n). */
export function rankPoints(history: BoardHistory, sectionId: string): RankPoint[] {
  return history.snapshots.flatMap((s) => {
    const rows = s.board.sections.find((x) => x.id === sectionId)?.rows ?? [];
    return rows.map((r) => ({ date: s.date, entry: entryName(r), rank: r.rank, of: rows.length }));
  });
}

/** At most `n` of the snapshot days, evenly spread, first and last always. */
function tickDays(dates: readonly string[], n: number): string[] {
  if (dates.length <= n) return [...dates];
  const step = (dates.length - 1) / (n - 1);
  return [...new Set(Array.from({ length: n }, (_, i) => dates[Math.round(i * step)]!))];
}

/** 1…max, thinned to at most 10 ticks. */
function wholeRanks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 10));
  return Array.from({ length: Math.floor((max - 1) / step) + 1 }, (_, i) => 1 + i * step);
}

const ROW = 24;
const TOP = 28;
const BOTTOM = 40;
const day = (d: string) => new Date(`${d}T00:00:00Z`);

/** The chart, or undefined when the section has fewer than two dated snapshots with ranked rows. */
export function rankOverTime(history: BoardHistory, section: { id: string; title: string }): ChartSpec | undefined {
  const all = rankPoints(history, section.id);
  const dates = [...new Set(all.map((p) => p.date))];
  if (dates.length < 2) return undefined;
  const last = dates.at(-1)!;
  // The entries best ranked on the latest snapshot, then those no longer on it.
  const order = [...new Set([...all.filter((p) => p.date === last).sort((a, b) => a.rank - b.rank), ...all].map((p) => p.entry))];
  const shown = new Set(order.slice(0, CHART_MODELS));
  const ofDay = new Map(all.map((p) => [p.date, p.of]));
  return memoDrawn(
    'rank-time',
    { section: { id: section.id, title: section.title }, dates, capped: order.length > CHART_MODELS, points: all.filter((p) => shown.has(p.entry)).map(({ date, entry, rank }) => ({ date, entry, rank })) },
    drawRankOverTime,
    { entries: order.length, ...Object.fromEntries(dates.map((d) => [`of ${d}`, ofDay.get(d)!])) },
  );
}

/**
 * What the chart draws, as plain data (`memoDrawn` keys the drawing by it): the shown entries'
 * points on every snapshot day, and whether more entries were left out. Printed, not drawn
 * (`Counts`): each day's number of ranked rows (`of <date>`, the N of "rank r of N") and the entries.
 */
interface RankInputs {
  section: { id: string; title: string };
  /** Every snapshot day, oldest first. */
  dates: string[];
  capped: boolean;
  points: Omit<RankPoint, 'of'>[];
}

function drawRankOverTime({ section, dates, capped: more, points }: RankInputs, count: Record<string, string>): ChartSpec {
  const last = dates.at(-1)!;
  const data = points.map((p) => ({ ...p, x: day(p.date), title: `${p.entry}: rank ${p.rank} of ${count[`of ${p.date}`]} on ${p.date}` }));
  const shown = new Set(points.map((p) => p.entry));
  const maxRank = Math.max(2, ...data.map((d) => d.rank));
  // Today's entries are labelled at the right edge, one label per rank (tied entries share it).
  const byRank = new Map<number, typeof data>();
  for (const d of data.filter((x) => x.date === last)) byRank.set(d.rank, [...(byRank.get(d.rank) ?? []), d]);
  const ends = [...byRank].map(([rank, ds]) => ({ rank, x: day(last), text: ds.map((d) => d.entry).join(' / '), title: ds.map((d) => d.title).join('\n') }));
  const marginLeft = textWidth(String(maxRank)) + 30;
  const alt = `Rank over time of each entry, ${section.title}`;
  const variants: ChartVariant[] = WIDTHS.map((width) => {
    const labelRoom = Math.min(Math.max(...ends.map((e) => textWidth(e.text))) + 12, width * 0.42);
    const height = TOP + (maxRank - 1) * ROW + BOTTOM + 8;
    const ticks = tickDays(dates, Math.max(2, Math.floor((width - marginLeft - labelRoom) / 60)));
    const svg = plotSvg({
      width, height, marginLeft, marginRight: labelRoom, marginTop: TOP, marginBottom: BOTTOM,
      style: { background: 'transparent' },
      x: { type: 'utc', domain: [day(dates[0]!), day(last)], inset: 8 },
      y: { domain: [1, maxRank], range: [TOP, height - BOTTOM - 12] },
      marks: [
        Plot.gridY(wholeRanks(maxRank), { strokeOpacity: 0.15 }),
        Plot.axisY(wholeRanks(maxRank), { label: 'Rank (1 = best)', labelArrow: 'none', labelAnchor: 'top', tickFormat: 'd', fontSize: FONT }),
        // Ticks on the snapshot days only (Plot's defaults would add hours).
        Plot.axisX(ticks.map(day), { label: 'As of', labelArrow: 'none', labelAnchor: 'right', labelOffset: 32, tickFormat: (d: Date) => d.toISOString().slice(5, 10), fontSize: FONT }),
        Plot.line(data, { x: 'x', y: 'rank', z: 'entry', stroke: 'currentColor', strokeOpacity: 0.55, strokeWidth: 2, curve: 'step-after' }),
        Plot.dot(data, { x: 'x', y: 'rank', r: 4, fill: 'currentColor', title: 'title' }),
        Plot.text(ends, { x: 'x', y: 'rank', text: (e: { text: string }) => fitLabel(e.text, labelRoom - 12), dx: 10, textAnchor: 'start', fill: 'currentColor', fontSize: FONT, title: 'title' }),
      ],
    }, { label: alt });
    return { width, height, svg };
  });
  const capped = more ? ` Showing ${CHART_MODELS} of ${count.entries} entries.` : '';
  return {
    id: `rank-time-${section.id}`,
    kind: 'rank-time',
    title: `Rank over time — ${section.title}`,
    summary: `Each entry's point rank on the ${dates.length} dated snapshots (${dates[0]} to ${last}); a line ends where an entry left the board, and the snapshot pages list every row.${capped}`,
    layout: 'points',
    entries: shown.size,
    variants,
    legend: [{ label: 'rank on a snapshot day', symbol: 'circle-filled' }, { label: 'one entry', symbol: 'line' }],
  };
}
