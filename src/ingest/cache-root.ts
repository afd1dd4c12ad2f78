import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The build cache's root folder (`.cache/scored/`, or EVALBOARD_CACHE_DIR). */
export const cacheRoot = (): string => process.env.EVALBOARD_CACHE_DIR ?? join(process.cwd(), '.cache', 'scored');

/**
 * The Cache Directory Tagging Specification's tag (https://bford.info/cachedir/): backup tools skip
 * the folder, and a cache sweep (`src/ingest/cache-prune.ts`) deletes only inside a folder that
 * carries it, so a mistyped EVALBOARD_CACHE_DIR can never have a sweep delete someone's files.
 */
export const CACHEDIR_TAG = 'CACHEDIR.TAG';
export const CACHEDIR_SIGNATURE = 'Signature: 8a477f597d28d172789f06886806bc55';

const tagged = new Set<string>();

/** The cache root, created and tagged (once per process), for a writer about to put an entry in it. */
export function ensureCacheRoot(): string {
  const root = cacheRoot();
  if (tagged.has(root)) return root;
  mkdirSync(root, { recursive: true });
  const tag = join(root, CACHEDIR_TAG);
  if (!existsSync(tag)) writeFileSync(tag, `${CACHEDIR_SIGNATURE}\n# evalboard's build cache (score cache, products, file facts); safe to delete, rebuilt by the next build.\n`);
  tagged.add(root);
  return root;
}
