// One entry's per-unit values on one benchmark, for the client compare page (`/compare/?a=…&b=…`).
// A build records the files for linking after the pages (`publishCompareData`: one entry's data in
// memory at a time) and routes none; the dev server serves them here.
import type { APIRoute } from 'astro';
import { compareEntries } from '../../../board/models';
import { compareDataFiles, publishCompareData } from '../../../board/compare';
import type { CompareData } from '../../../core/compare';

export async function getStaticPaths() {
  if (!import.meta.env.DEV) {
    await publishCompareData(await compareEntries());
    return [];
  }
  return compareDataFiles(await compareEntries(), ({ benchmark, entry, data }) => ({ params: { benchmark, entry: entry.slug }, props: { data } }));
}

export const GET: APIRoute = ({ props }) => {
  const { data } = props as { data: CompareData };
  return new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json' } });
};
