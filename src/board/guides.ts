import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMarkdown } from '../ingest/submission/markdown';

export interface Guide {
  slug: string;
  title: string;
  html: string;
}

/** Hand-written guides in `content/guides/*.md`; the first `# ` heading is the title. */
export function loadGuides(root = process.cwd()): Guide[] {
  const dir = join(root, 'content', 'guides');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      const m = /^#\s+(.+)$/m.exec(text);
      return { slug: f.slice(0, -3), title: m ? m[1]!.trim() : f.slice(0, -3), html: renderMarkdown(m ? text.replace(m[0], '') : text) };
    });
}
