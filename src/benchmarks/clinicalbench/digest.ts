import { relative } from 'node:path';
import { findEpisodeFiles } from './formats/discover';
import { readEpisodeFile } from './formats/read-episodes';
import { contentDigest } from '../../core/content-digest';

/** ClinicalBench: the sorted (seed, task, actions) of every episode, whatever the agent and episode ids are called. */
export async function clinicalbenchDigest(dir: string): Promise<string | undefined> {
  const tuples: unknown[] = [];
  for (const file of await findEpisodeFiles(dir)) {
    const read = await readEpisodeFile(file, relative(dir, file));
    for (const e of read.episodes) tuples.push([e.record.seed, e.record.task_id, e.record.actions]);
  }
  return contentDigest('clinicalbench', tuples);
}
