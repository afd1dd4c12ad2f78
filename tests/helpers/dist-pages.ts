import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The checkout and its built site (`npm run build`; site tests call `ensureBuilt(ROOT)` first). */
export const ROOT = join(import.meta.dirname, '..', '..');
export const DIST = join(ROOT, 'dist');

/** Every HTML page below `dir`, sorted, without the built assets and the search index. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? (e === '_astro' || e === 'pagefind' ? [] : htmlFiles(p)) : e.endsWith('.html') ? [p] : [];
  });
}
