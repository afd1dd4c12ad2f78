import { join } from 'node:path';

/** Where submissions live: `results/`, or `EVALBOARD_RESULTS` (the site bench builds synthetic corpora). */
export function resultsRoot(): string {
  return process.env.EVALBOARD_RESULTS ?? join(process.cwd(), 'results');
}
