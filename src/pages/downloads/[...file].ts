import type { APIRoute } from 'astro';
import { allBoards } from '../../board/boards';
import { boardCsv, boardJson, downloadPath } from '../../board/downloads';
import type { Board } from '../../core/board';

export async function getStaticPaths() {
  return (await allBoards()).flatMap((board) =>
    (['csv', 'json'] as const).map((ext) => ({ params: { file: downloadPath(board, ext).replace(/^downloads\//, '') }, props: { board, ext } })),
  );
}

export const GET: APIRoute = ({ props }) => {
  const { board, ext } = props as { board: Board; ext: 'csv' | 'json' };
  return new Response(ext === 'csv' ? boardCsv(board) : boardJson(board), {
    headers: { 'Content-Type': ext === 'csv' ? 'text/csv; charset=utf-8' : 'application/json' },
  });
};
