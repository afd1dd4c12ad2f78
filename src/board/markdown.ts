import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkRehype from 'remark-rehype';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeKatex from 'rehype-katex';
import rehypeStringify from 'rehype-stringify';
import type { Element, ElementContent, Root } from 'hast';
import { latexToText } from '../core/latex-text';
import { focusableCodeBlocks } from '../core/focusable-code';

/** Sanitise first (math classes allowed), then typeset with KaTeX to MathML at build time. */
const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./, 'math-inline', 'math-display']],
  },
};

const texOf = (n: ElementContent): string =>
  n.type === 'text' ? '' : n.type === 'element' ? (n.tagName === 'annotation' ? n.children.map((c) => (c.type === 'text' ? c.value : '')).join('') : n.children.map(texOf).join('')) : '';

/**
 * Search sees formulas as plain text: each KaTeX formula is left out of the Pagefind index
 * (its MathML annotation holds the raw TeX, which would show in excerpts) and followed by a
 * visually hidden plain-text rendering that the index reads and screen readers skip.
 */
function mathForSearch() {
  const walk = (parent: Root | Element) => {
    for (let i = 0; i < parent.children.length; i++) {
      const n = parent.children[i]!;
      if (n.type !== 'element') continue;
      const cls = n.properties.className;
      if (Array.isArray(cls) && cls.includes('katex')) {
        n.properties.dataPagefindIgnore = '';
        const text = latexToText(texOf(n));
        if (text) parent.children.splice(++i, 0, { type: 'element', tagName: 'span', properties: { className: ['math-text'], ariaHidden: 'true' }, children: [{ type: 'text', value: ` ${text} ` }] });
      } else walk(n);
    }
  };
  return (tree: Root) => walk(tree);
}

const processor = remark()
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkRehype)
  .use(rehypeSanitize, schema as typeof defaultSchema)
  .use(rehypeKatex, { output: 'mathml' })
  .use(mathForSearch)
  .use(focusableCodeBlocks)
  .use(rehypeStringify);

/** Markdown (ours or submitted) → safe HTML. */
export async function renderMarkdown(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}
