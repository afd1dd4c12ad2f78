// Submitted strings in the pull-request report render as exactly that text: rendered with a
// CommonMark + GFM parser (remark-gfm, the closest to GitHub's cmark-gfm we have here), raw HTML
// passed through as GitHub would see it, and the resulting HTML inspected.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { describe, expect, it } from 'vitest';
import { mdCode, mdText, renderMarkdown } from '../../src/board/report';
import { exampleExists, stageExample, validateIn } from './helpers';

const html = (md: string) => String(remark().use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeStringify, { allowDangerousHtml: true }).processSync(md));
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&' };
/** Decode the entities rehype-stringify writes, in one pass (so `&#x26;lt;` stays `&lt;`). */
const decode = (s: string) => s.replace(/&(#x[0-9a-f]+|lt|gt|quot|amp);/gi, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(parseInt(e.slice(2), 16)) : ENTITIES[e.toLowerCase()]!));
/** The text a reader sees: tags dropped, entities decoded, the zero-width breaks removed. */
const visible = (h: string) => decode(h.replace(/<[^>]+>/g, '')).replace(/\u200b/g, '');
/** What mdText promises to keep: the text on one line (line breaks and controls as spaces). */
// eslint-disable-next-line no-control-regex -- control characters are what this replaces or rejects
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

const HOSTILE = [
  '![x](https://evil.example/p.png)',
  '[a](javascript:alert(1))',
  '[a][r]\n\n[r]: https://evil.example',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<!-- hide the rest',
  '**bold** _it_ ~~gone~~ `code`',
  'a | b | c',
  'https://evil.example/login and www.evil.example',
  'mail me: a@evil.example, cc @octocat',
  '$\\href{https://evil.example}{x}$',
  '&lt;b&gt; &amp; &#60;',
  'back\\slash \\[not a link\\](x)',
  '``` fence',
  '# heading\n- item\n> quote',
];

describe('mdText: submitted text renders as that text', () => {
  for (const s of HOSTILE) {
    it(JSON.stringify(s), () => {
      for (const md of [`| ${mdText(s)} | end |\n|---|---|\n| ${mdText(s)} | end |`, `Model: ${mdText(s)} · end`]) {
        const h = html(md);
        expect(h).not.toMatch(/<(a|img|script|strong|em|del|code|h1|li|blockquote|b)[\s>]/);
        expect(h).not.toContain('<!--');
        expect(visible(h)).toContain(oneLine(s));
      }
      const table = html(`| ${mdText(s)} | end |\n|---|---|\n| x | end |`);
      expect(table.match(/<th>/g)).toHaveLength(2);
    });
  }
  it('holds for any mix of markdown punctuation, letters and spaces (property)', () => {
    const alphabet = fc.constantFrom(...'![]()<>`*_~|\\#&$@:/.-+ {}="\'ab1 \n'.split(''), 'https://', 'www.', '&lt;', '<!--', '-->');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')), (s) => {
        const h = html(`| ${mdText(s)} | end |\n|---|---|\n| x | y |`);
        if (/<(a|img|code|strong|em|del)[\s>]/.test(h) || h.includes('<!--')) return false;
        const cell = /<th>([\s\S]*?)<\/th>/.exec(h);
        return cell !== null && visible(cell[1]!) === oneLine(s).replace(/ +$/, '');
      }),
      { numRuns: 500 },
    );
  });
});

describe('mdCode: a code span that holds any text', () => {
  for (const s of ['a`b', '``x``', '`', ' lead', 'a|b', 'plain']) {
    it(JSON.stringify(s), () => {
      const inline = html(`x ${mdCode(s)} y`);
      expect(decode(/<code>([\s\S]*?)<\/code>/.exec(inline)![1]!)).toBe(s);
      const cell = html(`| ${mdCode(s, true)} | end |\n|---|---|\n| x | y |`);
      expect(cell.match(/<th>/g)).toHaveLength(2);
      expect(decode(/<code>([\s\S]*?)<\/code>/.exec(cell)![1]!)).toBe(s);
    });
  }
});

describe('the validate report', () => {
  it('shows submitted paths and values quoted in findings as text', () => {
    const bad = '![x](https://evil.example/p.png)';
    const md = renderMarkdown({ valid: false, reports: [], general: [{ path: `results/x/${bad}`, pointer: '$["[a](javascript:alert(1))"]', severity: 'error', message: `got ${JSON.stringify(bad)}` }] });
    const h = html(md);
    expect(h).not.toMatch(/<img|<a /);
    expect(visible(h)).toContain(`results/x/${bad}`);
    expect(visible(h)).toContain('$["[a](javascript:alert(1))"]');
    expect(visible(h)).toContain(`got "${bad}"`);
  });
  it.skipIf(!exampleExists('medvision'))('shows a hostile harness name of a real submission as text: no image, no link', async () => {
    const name = '![x](https://evil.example/p.png) [a](javascript:alert(1)) **b**';
    const { root, dir, cleanup } = stageExample('medvision');
    try {
      const sj = JSON.parse(readFileSync(join(dir, 'submission.json'), 'utf8'));
      sj.harness.name = name;
      writeFileSync(join(dir, 'submission.json'), JSON.stringify(sj));
      const r = await validateIn(root, dir);
      const h = html(renderMarkdown({ valid: r.valid, reports: [r], general: [] }));
      expect(h).not.toMatch(/<img|<a |<strong>b<\/strong>/);
      expect(visible(h)).toContain(name);
    } finally {
      cleanup();
    }
  });
});
