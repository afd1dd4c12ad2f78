/**
 * Each live board's social card, as its image route (`/og/<benchmark>/<board>.png`) draws it, and
 * the pairs stage's share of them: a new submission changes every card of its benchmark ("5 of
 * N ranked entries shown"), ≈ 0.1 s of CPU each, which the stage beside an incremental build and
 * the deploy's pairs matrix take off the site build's thread.
 */
import type { Board } from '../core/board';
import type { Shard } from '../core/shard';
import { allBoards, benchmarkInfo } from './boards';
import { siteAsOf } from './history-boards';
import { socialCard, type SocialCard } from './social-card';
import { cachedSocialCardPng } from './social-card-image';

/** The live board's card (the image route's). */
export const liveBoardCard = (board: Board, asOf: string | undefined): SocialCard =>
  socialCard({ board, benchmarkName: benchmarkInfo(board.benchmark)?.name ?? board.benchmark, asOf });

/** Draws shard `shard`'s cards (every `of`-th board) into the product cache; returns how many of how many. */
export async function primeSocialCards(shard: Shard): Promise<{ cards: number; of: number }> {
  const boards = await allBoards();
  const asOf = await siteAsOf();
  const mine = boards.filter((_, i) => i % shard.of === shard.index - 1);
  for (const board of mine) await cachedSocialCardPng(liveBoardCard(board, asOf));
  return { cards: mine.length, of: boards.length };
}
