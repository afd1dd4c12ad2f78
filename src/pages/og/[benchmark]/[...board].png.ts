// The social card image of each board: /og/<benchmark>/<board>.png (OpenGraph/Twitter image of its page).
import type { APIRoute } from 'astro';
import { liveBoardCard } from '../../../board/board-cards';
import { allBoards } from '../../../board/boards';
import { siteAsOf } from '../../../board/history-boards';
import { cachedSocialCardPng } from '../../../board/social-card-image';
import type { Board } from '../../../core/board';

export async function getStaticPaths() {
  return (await allBoards()).map((board) => ({ params: { benchmark: board.benchmark, board: board.slug }, props: { board } }));
}

export const GET: APIRoute = async ({ props }) => {
  const { board } = props as { board: Board };
  return new Response(await cachedSocialCardPng(liveBoardCard(board, await siteAsOf())), { headers: { 'Content-Type': 'image/png' } });
};
