import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The hand-written guides `content/guides/*.md` under `root`, sorted by file name. */
export function readGuideFiles(root = process.cwd()): { slug: string; text: string }[] {
  const dir = join(root, 'content', 'guides');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => ({ slug: f.slice(0, -3), text: readFileSync(join(dir, f), 'utf8') }));
}
