// Files a benchmark generates of its own (e.g. a ClinicalBench seed's dataset as CSV and JSON).
import type { APIRoute } from 'astro';
import { extraFiles } from '../board/extra-routes';

export async function getStaticPaths() {
  return (await extraFiles()).map((f) => ({ params: { file: f.path }, props: { file: f } }));
}

export const GET: APIRoute = ({ props }) => {
  const { file } = props as { file: Awaited<ReturnType<typeof extraFiles>>[number] };
  return new Response(file.body(), { headers: { 'Content-Type': file.contentType } });
};
