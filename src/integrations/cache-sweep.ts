/**
 * Astro integration: with EVALBOARD_CACHE_PRUNE=1 (the deploy workflow sets it), after the site is
 * written and the published files linked, delete every build-cache entry this build did not use,
 * so the cache the workflow saves stays the size of what the next build can hit. Registered after
 * `published-files`, whose links need the cache files; a link already made survives the sweep (a
 * hard link is its own name for the bytes).
 */
import type { AstroIntegration } from 'astro';
import { cacheRoot } from '../ingest/cache-root';
import { sweepCache } from '../ingest/cache-prune';
import { cacheCompactors, cacheUses } from '../ingest/cache-use';

export default function cacheSweepIntegration(): AstroIntegration {
  return {
    name: 'evalboard:cache-sweep',
    hooks: {
      'astro:build:done': ({ logger }) => {
        if (process.env.EVALBOARD_CACHE_PRUNE !== '1' || process.env.EVALBOARD_NO_CACHE) return;
        const t0 = performance.now();
        for (const compact of cacheCompactors()) compact();
        // Anything written since this process started may belong to another build sharing the cache.
        const r = sweepCache({ root: cacheRoot(), used: cacheUses(), keepSince: performance.timeOrigin });
        if (r.skipped) logger.warn(`cache sweep skipped: ${r.skipped}`);
        else logger.info(`cache sweep: ${cacheUses().size} entries used, ${r.removed} unused files deleted (${(r.bytes / 1e6).toFixed(1)} MB) in ${Math.round(performance.now() - t0)} ms`);
      },
    },
  };
}
