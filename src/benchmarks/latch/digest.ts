import { readLatchFolder } from './formats/read';
import { contentDigest } from '../../core/content-digest';

/** latch: the sorted (eval id, trial, agent answer) of every run, whatever the model and harness are called. */
export async function latchDigest(dir: string): Promise<string | undefined> {
  const folder = await readLatchFolder(dir);
  return contentDigest('latch', folder.runs.map(({ run }) => [run.result.test_id, run.trial_index, run.result.agent_answer ?? null]));
}
