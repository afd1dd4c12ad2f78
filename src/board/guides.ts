import { readGuideFiles } from '../ingest/guides';
import { renderMarkdown } from '../ingest/submission/markdown';

export interface Guide {
  slug: string;
  title: string;
  html: string;
}

/** Hand-written guides in `content/guides/*.md`; the first `# ` heading is the title. */
export function loadGuides(root = process.cwd()): Guide[] {
  return readGuideFiles(root).map(({ slug, text }) => {
    const m = /^#\s+(.+)$/m.exec(text);
    return { slug, title: m ? m[1]!.trim() : slug, html: renderMarkdown(m ? text.replace(m[0], '') : text) };
  });
}
