/**
 * Which build-cache entries this process used (read or wrote), so a build can sweep the rest
 * (`src/ingest/cache-prune.ts`). Kept on globalThis: the Astro integration that sweeps and the
 * routes that use the cache are two module instances in one process.
 */
interface Uses {
  paths: Set<string>;
  /** Stores that hold many entries in one file (file facts, bootstrap results): each drops what this process did not use. */
  compactors: Set<() => void>;
}

const USES = Symbol.for('evalboard.cache-uses');
const uses = (): Uses => ((globalThis as Record<symbol, Uses | undefined>)[USES] ??= { paths: new Set(), compactors: new Set() });

/** Records that the cache file or entry folder at `path` (absolute) was used by this build. */
export function noteCacheUse(path: string): void {
  uses().paths.add(path);
}

/** Registers a store's compaction, run by a sweep (once per sweep). */
export function onCacheSweep(compact: () => void): void {
  uses().compactors.add(compact);
}

export const cacheUses = (): ReadonlySet<string> => uses().paths;
export const cacheCompactors = (): readonly (() => void)[] => [...uses().compactors];

/** Forgets every recorded use (a test's fresh build in one process). */
export function clearCacheUses(): void {
  uses().paths.clear();
  uses().compactors.clear();
}
