// Atom feed of one benchmark's changes.
import type { APIRoute } from 'astro';
import { BENCHMARKS } from '../../../board/boards';
import { atomFeed, siteChangelog } from '../../../board/feed';

export const getStaticPaths = () => BENCHMARKS.map((b) => ({ params: { benchmark: b.id }, props: { benchmark: { id: b.id, name: b.name } } }));

export const GET: APIRoute = async ({ site, props }) => {
  const siteUrl = new URL(import.meta.env.BASE_URL, site ?? 'http://localhost/').href;
  const { benchmark } = props as { benchmark: { id: string; name: string } };
  return new Response(atomFeed({ items: await siteChangelog(), siteUrl, benchmark }), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
