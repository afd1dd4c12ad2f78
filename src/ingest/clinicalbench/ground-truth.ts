import type { EpisodeGroundTruth } from '../../scorers/clinicalbench/episode';
import type { TaskId } from '../../scorers/clinicalbench/tasks';
import type { GroundTruthProvider } from './score-episodes';

type Regenerate = (seed: number, taskId: string) => EpisodeGroundTruth;

/**
 * The generator port (`scorers/clinicalbench/dataset`) as a cached provider, or null when it
 * cannot be loaded. Loaded lazily so that scoring still works (with submitted, unverified
 * ground truth) while the port is unavailable.
 */
export async function loadGeneratorProvider(): Promise<GroundTruthProvider | null> {
  let regenerate: Regenerate;
  try {
    const mod = (await import('../../scorers/clinicalbench/dataset/index')) as { regenerateGroundTruth?: Regenerate };
    if (typeof mod.regenerateGroundTruth !== 'function') return null;
    regenerate = mod.regenerateGroundTruth;
  } catch {
    return null;
  }
  const cache = new Map<string, EpisodeGroundTruth | null>();
  return (seed: number, task: TaskId) => {
    const key = `${seed}/${task}`;
    if (!cache.has(key)) {
      try {
        cache.set(key, regenerate(seed, task));
      } catch {
        cache.set(key, null);
      }
    }
    return cache.get(key) ?? null;
  };
}
