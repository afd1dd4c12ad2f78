/**
 * A board's social card (the OpenGraph/Twitter image): what it says, as plain strings. The image is
 * drawn from this by `social-card-image.ts`; this module decides the content only.
 */
import type { Board } from '../core/board';
import { cleanText } from '../core/escape';
import { formatInterval, formatMetric } from '../core/format';
import { formatRankRange } from '../core/stats/rank-range';
import { metricAxisName } from './charts-kit';

/** Rows a card lists: the top of the first section. */
export const CARD_ROWS = 5;
export const CARD_SIZE = { width: 1200, height: 630 } as const;

export interface SocialCardRow {
  /** "1" or "1–3": the rank range, as the board shows it. */
  rank: string;
  model: string;
  /** The registry id: the name drawn where the model's name has characters the card's fonts lack. */
  modelSlug: string;
  harness: string;
  value: string;
  interval?: string;
  synthetic: boolean;
}

export interface SocialCard {
  benchmark: string;
  title: string;
  /** "MRE (ratio) · lower is better · 95 % bootstrap intervals". */
  metric: string;
  /** The ranked section the rows come from, when the board has more than one. */
  section?: string;
  rows: SocialCardRow[];
  /** "5 of 12 ranked entries shown". */
  more?: string;
  asOf?: string;
  /** Any row from synthetic demo data: the card says so, as every page showing such a row does. */
  synthetic: boolean;
  /** Alt text of the image: the card's content in one sentence. */
  alt: string;
}

/** Where a board's card is published, below the site's base URL. */
export const socialCardPath = (board: Pick<Board, 'benchmark' | 'slug'>) => `og/${board.benchmark}/${board.slug}.png`;

export function socialCard(o: { board: Board; benchmarkName: string; asOf?: string }): SocialCard {
  const { board } = o;
  const section = board.sections.find((s) => s.rows.length > 0) ?? board.sections[0];
  const ranked = section?.rows ?? [];
  const def = board.primary.def;
  const rows = ranked.slice(0, CARD_ROWS).map((r) => ({
    rank: formatRankRange(r.rankRange),
    model: cleanText(r.model),
    modelSlug: r.modelSlug,
    harness: cleanText(r.harness),
    value: formatMetric(def, r.primary),
    ...(r.interval ? { interval: formatInterval(def, r.interval.lo, r.interval.hi) } : {}),
    synthetic: r.synthetic === true,
  }));
  const level = ranked.find((r) => r.interval)?.interval;
  const metric = [
    metricAxisName(cleanText(board.primary.label), def),
    def.direction === 'lower' ? 'lower is better' : 'higher is better',
    ...(level ? [`${Math.round((level.level ?? 0.95) * 100)} % ${level.method === 'bootstrap' ? 'bootstrap' : 't'} intervals`] : []),
  ].join(' · ');
  const more = ranked.length > rows.length ? `${rows.length} of ${ranked.length} ranked entries shown` : undefined;
  const synthetic = ranked.some((r) => r.synthetic === true);
  const title = cleanText(board.title);
  const benchmark = cleanText(o.benchmarkName);
  const lead = rows[0] ? `rank ${rows[0].rank}: ${rows[0].model} (${rows[0].harness}) ${rows[0].value}` : 'no ranked entry yet';
  const alt = `${benchmark}: ${title} leaderboard${o.asOf ? ` as of ${o.asOf}` : ''}; ${lead}${synthetic ? '; synthetic demo data' : ''}.`;
  return {
    benchmark,
    title,
    metric,
    ...(section && board.sections.length > 1 ? { section: cleanText(section.title) } : {}),
    rows,
    ...(more ? { more } : {}),
    ...(o.asOf ? { asOf: o.asOf } : {}),
    synthetic,
    alt,
  };
}
