import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** `../shared` next to the repository root (CI always has it; an outside clone may not). */
export const SHARED = resolve(__dirname, '../../../shared');
export const HAS_SHARED = existsSync(SHARED);

export function sharedPath(...parts: string[]): string {
  return resolve(SHARED, ...parts);
}

/** Print why a suite is skipped, so a green run without ../shared is never mistaken for coverage. */
export function warnIfNoShared(what: string): void {
  if (!HAS_SHARED) console.warn(`[skip] ${what}: ${SHARED} is absent (fresh clone without the shared reference data)`);
}
