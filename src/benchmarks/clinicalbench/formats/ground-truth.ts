import { regenerateGroundTruth } from '../scorer/dataset';
import type { EpisodeGroundTruth } from '../scorer/episode';

/**
 * The ground truth an episode is graded against, regenerated from `(seed, task)` by our port of
 * the upstream generator — or why it cannot be. There is deliberately no other source: a
 * ground-truth list inside a submission is only ever compared with this one.
 */
export type RegeneratedGroundTruth = { ok: true; truth: EpisodeGroundTruth } | { ok: false; reason: string };

const CACHE_LIMIT = 256;
const cache = new Map<string, RegeneratedGroundTruth>();

/** Regenerate (cached; a few ms per dataset) the ground truth of `(seed, task)`. Never throws. */
export function regeneratedGroundTruth(seed: number | bigint, taskId: string): RegeneratedGroundTruth {
  const key = `${String(seed)}/${taskId}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  let result: RegeneratedGroundTruth;
  try {
    result = { ok: true, truth: regenerateGroundTruth(seed, taskId) };
  } catch (err) {
    result = { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}
