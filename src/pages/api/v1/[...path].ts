// The static data API: every document of `src/board/api.ts` (manifest, boards, models, submissions,
// samples). In a build the per-sample files are linked from the product cache after the pages
// (`routedApiDocuments`); the dev server serves them here.
import type { APIRoute } from 'astro';
import { API_ROOT, apiDocuments, documentBody, routedApiDocuments, type ApiDocument } from '../../../board/api';

export async function getStaticPaths() {
  const docs = await (import.meta.env.DEV ? apiDocuments : routedApiDocuments)(import.meta.env.BASE_URL, import.meta.env.SITE ?? '');
  return docs.map((doc) => ({ params: { path: doc.path.slice(API_ROOT.length + 1) }, props: { doc } }));
}

export const GET: APIRoute = ({ props }) => {
  const { doc } = props as { doc: ApiDocument };
  return new Response(documentBody(doc), { headers: { 'Content-Type': doc.contentType } });
};
