// The social card image of each board: /og/<benchmark>/<board>.png (OpenGraph/Twitter image of its page).
import type { APIRoute } from 'astro';
import { allBoards, benchmarkInfo } from '../../../board/boards';
import { siteAsOf } from '../../../board/history-boards';
import { socialCard } from '../../../board/social-card';
import { cachedSocialCardPng } from '../../../board/social-card-image';
import type { Board } from '../../../core/board';

export async function getStaticPaths() {
  return (await allBoards()).map((board) => ({ params: { benchmark: board.benchmark, board: board.slug }, props: { board } }));
}

export const GET: APIRoute = async ({ props }) => {
  const { board } = props as { board: Board };
  const card = socialCard({ board, benchmarkName: benchmarkInfo(board.benchmark)?.name ?? board.benchmark, asOf: await siteAsOf() });
  return new Response(await cachedSocialCardPng(card), { headers: { 'Content-Type': 'image/png' } });
};
