// Atom feed of every change on the site (the changelog's entries).
import type { APIRoute } from 'astro';
import { atomFeed, siteChangelog } from '../board/feed';

export const GET: APIRoute = async ({ site }) => {
  const siteUrl = new URL(import.meta.env.BASE_URL, site ?? 'http://localhost/').href;
  return new Response(atomFeed({ items: await siteChangelog(), siteUrl }), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
