// One explorer unit's data document, fetched by its page on demand (sorting, filtering, more rows).
import type { APIRoute } from 'astro';
import { explorerPages, type ExplorerPage } from '../../../board/explorer';

export async function getStaticPaths() {
  return (await explorerPages()).map((page) => ({ params: { benchmark: page.doc.benchmark, unit: page.doc.unit }, props: { page } }));
}

export const GET: APIRoute = ({ props }) => {
  const { page } = props as { page: ExplorerPage };
  return new Response(JSON.stringify(page.doc), { headers: { 'Content-Type': 'application/json' } });
};
