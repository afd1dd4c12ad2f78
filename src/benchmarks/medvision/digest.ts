import { scoredTreeOf } from './scored-once';
import { contentDigest } from '../../core/content-digest';

/** MedVision: the sorted (subtask config, doc_id, what was scored, the submitter's parse) of every sample, whatever the model folder is called. */
export async function medvisionDigest(dir: string): Promise<string | undefined> {
  const scored = scoredTreeOf(dir);
  const configOf = new Map(scored.configs.map((c) => [c.path, c.config]));
  const tuples: unknown[] = [];
  for (const [path, samples] of scored.samples ?? new Map()) {
    const config = configOf.get(path) ?? '';
    for (const s of samples) tuples.push([config, s.docId, s.prediction, s.filteredResp ?? null, s.reextracted ?? null]);
  }
  return contentDigest('medvision', tuples);
}
