// One entry's long texts on an explorer unit (raw responses, grader reasoning, action logs), fetched on "show all".
import type { APIRoute } from 'astro';
import { explorerPages, type ExplorerPageHead } from '../../../../board/explorer';

export async function getStaticPaths() {
  return (await explorerPages()).flatMap((head) =>
    head.textEntries.map((i) => ({ params: { benchmark: head.benchmark, unit: head.unit, entry: head.entries[i]!.key }, props: { head, i } })),
  );
}

export const GET: APIRoute = async ({ props }) => {
  const { head, i } = props as { head: ExplorerPageHead; i: number };
  return new Response(JSON.stringify((await head.load()).texts.get(i)), { headers: { 'Content-Type': 'application/json' } });
};
