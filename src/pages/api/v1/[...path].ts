// The static data API: every document of `src/board/api.ts` (manifest, boards, models, submissions, samples).
import type { APIRoute } from 'astro';
import { API_ROOT, apiDocuments, documentBody, type ApiDocument } from '../../../board/api';

export async function getStaticPaths() {
  const docs = await apiDocuments(import.meta.env.BASE_URL, import.meta.env.SITE ?? '');
  return docs.map((doc) => ({ params: { path: doc.path.slice(API_ROOT.length + 1) }, props: { doc } }));
}

export const GET: APIRoute = ({ props }) => {
  const { doc } = props as { doc: ApiDocument };
  return new Response(documentBody(doc), { headers: { 'Content-Type': doc.contentType } });
};
