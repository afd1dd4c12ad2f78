import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { redactContacts } from './redact';
import { focusableCodeBlocks } from '../../core/focusable-code';

/**
 * Submitted markdown → safe HTML. Raw HTML in the source is dropped (remark-rehype default),
 * the result is sanitised with GitHub's schema minus images (no third-party requests from our
 * pages) and minus mailto/other non-web link protocols; links get rel="nofollow ugc noopener".
 * Contact addresses are redacted before parsing.
 */
const schema = {
  ...defaultSchema,
  tagNames: (defaultSchema.tagNames ?? []).filter((t) => t !== 'img' && t !== 'picture' && t !== 'source'),
  protocols: { ...defaultSchema.protocols, href: ['http', 'https'], src: [] },
};

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function relLinks() {
  return (tree: HastNode) => {
    const walk = (n: HastNode) => {
      if (n.type === 'element' && n.tagName === 'a' && n.properties) {
        n.properties.rel = ['nofollow', 'ugc', 'noopener', 'noreferrer'];
      }
      n.children?.forEach(walk);
    };
    walk(tree);
  };
}

const processor = remark()
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: false })
  .use(rehypeSanitize, schema)
  .use(relLinks)
  .use(focusableCodeBlocks)
  .use(rehypeStringify);

/** Render untrusted markdown to sanitised HTML (synchronous; no plugin here is async). */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(redactContacts(markdown)));
}
