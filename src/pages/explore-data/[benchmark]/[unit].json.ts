// One explorer unit's data document, fetched by its page on demand (sorting, filtering, more rows).
import type { APIRoute } from 'astro';
import { explorerPages, type ExplorerPageHead } from '../../../board/explorer';

export async function getStaticPaths() {
  return (await explorerPages()).map((head) => ({ params: { benchmark: head.benchmark, unit: head.unit }, props: { head } }));
}

export const GET: APIRoute = async ({ props }) => {
  const { head } = props as { head: ExplorerPageHead };
  return new Response(JSON.stringify((await head.load()).doc), { headers: { 'Content-Type': 'application/json' } });
};
