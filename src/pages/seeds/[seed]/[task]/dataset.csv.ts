import type { APIRoute } from 'astro';
import { datasetCsv, seedPages, seedView } from '../../../../board/clinicalbench-seeds';
import type { TaskId } from '../../../../scorers/clinicalbench/tasks';

export async function getStaticPaths() {
  return (await seedPages()).map(({ seed, task }) => ({ params: { seed: String(seed), task }, props: { seed, task } }));
}

/** The dataset as the environment shows it to the agent; no ground truth. */
export const GET: APIRoute = ({ props }) => {
  const { seed, task } = props as { seed: number; task: TaskId };
  return new Response(datasetCsv(seedView(seed, task)), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};
