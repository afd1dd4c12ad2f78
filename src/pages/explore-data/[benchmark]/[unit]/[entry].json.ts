// One entry's long texts on an explorer unit (raw responses, grader reasoning, action logs), fetched on "show all".
import type { APIRoute } from 'astro';
import { explorerPages } from '../../../../board/explorer';
import type { DocTexts } from '../../../../board/explorer-doc';

export async function getStaticPaths() {
  return (await explorerPages()).flatMap((page) =>
    [...page.texts].map(([i, texts]) => ({ params: { benchmark: page.doc.benchmark, unit: page.doc.unit, entry: page.doc.entries[i]!.key }, props: { texts } })),
  );
}

export const GET: APIRoute = ({ props }) => {
  const { texts } = props as { texts: DocTexts };
  return new Response(JSON.stringify(texts), { headers: { 'Content-Type': 'application/json' } });
};
