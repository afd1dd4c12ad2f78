import { existsSync } from 'node:fs';
import path from 'node:path';

/** `../shared` next to the repo root; tests that need it skip with a printed reason when absent. */
export const SHARED = path.resolve(__dirname, '../../../shared');
export const HAVE_SHARED = existsSync(SHARED);
if (!HAVE_SHARED) console.warn(`latch tests: ${SHARED} is absent; skipping tests that read shared vectors and fixtures`);
