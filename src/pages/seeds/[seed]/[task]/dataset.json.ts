import type { APIRoute } from 'astro';
import { datasetJson, seedPages, seedView } from '../../../../board/clinicalbench-seeds';
import type { TaskId } from '../../../../scorers/clinicalbench/tasks';

export async function getStaticPaths() {
  return (await seedPages()).map(({ seed, task }) => ({ params: { seed: String(seed), task }, props: { seed, task } }));
}

/** Protocol (without `bias_present`) and records as the environment shows them; no ground truth. */
export const GET: APIRoute = ({ props }) => {
  const { seed, task } = props as { seed: number; task: TaskId };
  return new Response(datasetJson(seedView(seed, task)), { headers: { 'Content-Type': 'application/json' } });
};
