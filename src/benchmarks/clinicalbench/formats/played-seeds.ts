import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findEpisodeFiles } from './discover';
import { readEpisodeFile } from './read-episodes';

/** Folders under `results/clinicalbench/` that hold a submission. */
function submissionDirs(resultsRoot: string): string[] {
  const root = join(resultsRoot, 'clinicalbench');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && existsSync(join(root, d.name, 'submission.json')))
    .map((d) => join(root, d.name))
    .sort();
}

/** One episode's `(seed, task_id)` as recorded, unchecked, with the submission folder it came from. */
export interface PlayedEpisode {
  /** Submission folder name. */
  submission: string;
  seed: number;
  taskId: string;
}

/**
 * Every episode's `(seed, task_id)` of every bundled `results/clinicalbench` submission, in folder
 * order, then file order, then episode order. The seed pages' view model decides which count.
 */
export async function readPlayedEpisodes(resultsRoot: string): Promise<PlayedEpisode[]> {
  const out: PlayedEpisode[] = [];
  for (const dir of submissionDirs(resultsRoot)) {
    const submission = dir.split(/[\\/]/).pop()!;
    for (const file of await findEpisodeFiles(dir)) {
      for (const e of (await readEpisodeFile(file)).episodes) out.push({ submission, seed: e.record.seed, taskId: e.record.task_id });
    }
  }
  return out;
}
