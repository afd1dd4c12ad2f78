/**
 * "Rank over time": each entry's point rank on every dated snapshot of one board section
 * (`./history-boards`), drawn at build time like the other board charts (Observable Plot on a
 * linkedom document, one accessible image, the numbers in the snapshot tables).
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import type { ChartSpec } from './charts';
import { CHART_MODELS } from './charts';
import type { BoardHistory } from './history-boards';

export interface RankPoint {
  date: string;
  entry: string;
  rank: number;
}

/** Every ranked row of the section on each snapshot, as (date, "model · harness", rank). */
export function rankPoints(history: BoardHistory, sectionId: string): RankPoint[] {
  return history.snapshots.flatMap((s) =>
    (s.board.sections.find((x) => x.id === sectionId)?.rows ?? []).map((r) => ({ date: s.date, entry: `${r.model} · ${r.harness}${r.synthetic ? ' (synthetic)' : ''}`, rank: r.rank })),
  );
}

function svgOf(options: Plot.PlotOptions, label: string): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  type El = { outerHTML: string; setAttribute(k: string, v: string): void; removeAttribute(k: string): void; querySelectorAll(s: string): El[] };
  const el = Plot.plot({ ...options, document } as Plot.PlotOptions) as unknown as El;
  for (const g of el.querySelectorAll('[aria-label], [aria-description]')) {
    g.removeAttribute('aria-label');
    g.removeAttribute('aria-description');
  }
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', label);
  return el.outerHTML;
}

/** At most 8 of the snapshot days, evenly spread, first and last always. */
function tickDays(dates: readonly string[]): string[] {
  if (dates.length <= 8) return [...dates];
  const step = (dates.length - 1) / 7;
  return [...new Set(Array.from({ length: 8 }, (_, i) => dates[Math.round(i * step)]!))];
}

/** 1…max, thinned to at most 10 ticks. */
function wholeRanks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 10));
  return Array.from({ length: Math.floor((max - 1) / step) + 1 }, (_, i) => 1 + i * step);
}

/** The chart, or undefined when the section has fewer than two dated snapshots with ranked rows. */
export function rankOverTime(history: BoardHistory, section: { id: string; title: string }): ChartSpec | undefined {
  const all = rankPoints(history, section.id);
  const dates = [...new Set(all.map((p) => p.date))];
  if (dates.length < 2) return undefined;
  // The entries best ranked on the latest snapshot, then those no longer on it.
  const last = dates.at(-1)!;
  const order = [...new Set([...all.filter((p) => p.date === last).sort((a, b) => a.rank - b.rank), ...all].map((p) => p.entry))];
  const shown = new Set(order.slice(0, CHART_MODELS));
  const data = all.filter((p) => shown.has(p.entry)).map((p) => ({ ...p, day: new Date(`${p.date}T00:00:00Z`) }));
  const maxRank = Math.max(...data.map((d) => d.rank));
  const width = 640;
  const height = Math.max(160, 60 + maxRank * 24);
  const ends = order.filter((e) => shown.has(e)).map((e) => data.filter((d) => d.entry === e).at(-1)!);
  const svg = svgOf(
    {
      width,
      height,
      marginRight: 190,
      marginLeft: 40,
      style: { fontSize: '12px', background: 'transparent' },
      // Ticks on the snapshot days and on whole ranks only (Plot's defaults would add hours and 2.5).
      x: { label: 'As of', type: 'utc', ticks: tickDays(dates).map((d) => new Date(`${d}T00:00:00Z`)), tickFormat: (d: Date) => d.toISOString().slice(5, 10), inset: 10 },
      y: { label: 'Rank (1 = best)', reverse: true, domain: [1, Math.max(2, maxRank)], ticks: wholeRanks(maxRank), tickFormat: 'd', grid: true, inset: 10 },
      color: { type: 'categorical', scheme: 'tableau10', domain: order.filter((e) => shown.has(e)) },
      marks: [
        Plot.line(data, { x: 'day', y: 'rank', z: 'entry', stroke: 'entry', strokeWidth: 2, curve: 'step-after' }),
        Plot.dot(data, { x: 'day', y: 'rank', fill: 'entry', r: 3.5 }),
        Plot.text(ends, { x: 'day', y: 'rank', text: (d: RankPoint) => (d.entry.length > 30 ? `${d.entry.slice(0, 29)}…` : d.entry), dx: 8, textAnchor: 'start', fill: 'entry' }),
      ],
    },
    `Rank over time of each entry, ${section.title}`,
  );
  const capped = order.length > CHART_MODELS ? ` Showing ${CHART_MODELS} of ${order.length} entries.` : '';
  return {
    id: `rank-time-${section.id}`,
    title: `Rank over time — ${section.title}`,
    summary: `Each entry's point rank on the ${dates.length} dated snapshots (${dates[0]} to ${last}); a line ends where an entry left the board. The snapshot pages below list the rows.${capped}`,
    svg,
    width,
    height,
  };
}
