import { BENCHMARKS, allBoards, boardPath } from './boards';
import { allSubmissions, lastChange } from './submissions';
import type { BenchmarkId } from '../core/board';
import { entryLabel } from './submission-meta';
import { formatInterval, formatMetric } from '../core/format';
import type { Row } from '../core/board';

/** One of a board's top entries as the home page shows it. */
export interface TopEntry {
  rank: number;
  /** "best–worst" when the intervals leave the rank uncertain, else the rank. */
  rankRange: string;
  model: string;
  harness: string;
  modelSlug: string;
  value: string;
  interval?: string;
  n: number;
  synthetic: boolean;
  /** Interval bar positions in % of the board's value range (all ranked rows of the section). */
  bar?: { lo: number; hi: number; v: number };
}

export interface Leader {
  board: string;
  href: string;
  /** The leading entry, "model · harness". */
  model: string;
  modelSlug: string;
  section?: string;
  /** What the section holds, in words (its short title). */
  sectionTitle?: string;
  /** Metric the board ranks by (its label and id), and its direction. */
  metric: string;
  metricId: string;
  better: 'higher' | 'lower';
  /** The top three entries. */
  top: TopEntry[];
  /** Ranked entries in the section. */
  entries: number;
  /** What n counts ("samples", "evals", "seeds"). */
  unit: string;
  /** Latest submission date among the section's rows. */
  date: string;
}

export interface BenchmarkCard {
  id: BenchmarkId;
  name: string;
  blurb: string;
  submissions: number;
  models: number;
  boards: number;
  leaders: Leader[];
  lastUpdate?: string;
}

/** Home-page cards: every benchmark with its leaders, counts and last update. */
export async function benchmarkCards(): Promise<BenchmarkCard[]> {
  const boards = await allBoards();
  const subs = await allSubmissions();
  return BENCHMARKS.map((b) => {
    const mine = subs.filter((s) => s.benchmark === b.id && s.submission && (s.ranked || s.underReview));
    const headline = boards.filter((x) => x.benchmark === b.id && (x.kind === 'overall' || x.kind === 'family'));
    const leaders: Leader[] = [];
    for (const board of headline) {
      const section = board.sections.find((s) => s.rows.length > 0);
      const top = section?.rows[0];
      if (!top) continue;
      const def = board.primary.def;
      const rows = section.rows;
      const ends = rows.flatMap((r) => (r.interval ? [r.interval.lo, r.interval.hi] : r.primary === null ? [] : [r.primary])).filter(Number.isFinite);
      const min = Math.min(...ends), max = Math.max(...ends);
      const pos = (v: number) => (max > min ? Math.round(((v - min) / (max - min)) * 1000) / 10 : 50);
      const topOf = (r: Row): TopEntry => ({
        rank: r.rank,
        rankRange: r.rankRange[0] === r.rankRange[1] ? String(r.rank) : `${r.rankRange[0]}–${r.rankRange[1]}`,
        model: r.model,
        harness: r.harness,
        modelSlug: r.modelSlug,
        value: formatMetric(def, r.primary),
        ...(r.interval ? { interval: formatInterval(def, r.interval.lo, r.interval.hi) } : {}),
        n: r.n,
        synthetic: r.synthetic === true,
        ...(r.interval && r.primary !== null && ends.length ? { bar: { lo: pos(r.interval.lo), hi: pos(r.interval.hi), v: pos(r.primary) } } : {}),
      });
      leaders.push({
        board: board.title,
        href: boardPath(board),
        model: entryLabel(top),
        modelSlug: top.modelSlug,
        ...(board.sections.length > 1 ? { section: section.id, sectionTitle: section.shortTitle ?? section.title } : {}),
        metric: board.primary.label,
        metricId: def.id,
        better: def.direction === 'lower' ? 'lower' : 'higher',
        top: rows.slice(0, 3).map(topOf),
        entries: rows.length,
        unit: board.evidence?.unit ?? board.nUnit,
        date: rows.map((r) => r.submittedAt).sort().at(-1) ?? '',
      });
    }
    return {
      id: b.id,
      name: b.name,
      blurb: b.blurb,
      submissions: mine.length,
      models: new Set(mine.map((s) => s.submission!.model)).size,
      boards: boards.filter((x) => x.benchmark === b.id).length,
      leaders,
      ...(mine.length ? { lastUpdate: mine.map((s) => lastChange(s) ?? '').sort().at(-1)! } : {}),
    };
  });
}
