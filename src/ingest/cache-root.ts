import { join } from 'node:path';

/** The build cache's root folder (`.cache/scored/`, or EVALBOARD_CACHE_DIR). */
export const cacheRoot = (): string => process.env.EVALBOARD_CACHE_DIR ?? join(process.cwd(), '.cache', 'scored');
