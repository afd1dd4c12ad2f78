// One entry's per-unit values on one benchmark, for the client compare page (`/compare/?a=…&b=…`).
import type { APIRoute } from 'astro';
import { compareEntries } from '../../../board/models';
import { compareDataFiles } from '../../../board/compare';
import type { CompareData } from '../../../core/compare';

export async function getStaticPaths() {
  return (await compareDataFiles(await compareEntries())).map(({ benchmark, entry, data }) => ({ params: { benchmark, entry: entry.slug }, props: { data } }));
}

export const GET: APIRoute = ({ props }) => {
  const { data } = props as { data: CompareData };
  return new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json' } });
};
