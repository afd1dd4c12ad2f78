import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRICS } from '../../src/registry/metrics';
import { renderMarkdown } from '../../src/board/markdown';
import { workedExample } from '../../src/board/worked-examples';

const DIR = join(import.meta.dirname, '..', '..', 'content', 'metrics');
const docs = readdirSync(DIR).filter((f) => f.endsWith('.md')).map((f) => f.replace(/\.md$/, ''));

describe('metric docs ↔ registry', () => {
  it('every registry metric has a doc page', () => {
    expect(METRICS.map((m) => m.id).filter((id) => !docs.includes(id))).toEqual([]);
  });
  it('every doc page names a registry metric', () => {
    const ids = new Set(METRICS.map((m) => m.id));
    expect(docs.filter((d) => !ids.has(d))).toEqual([]);
  });
  it('every doc has a definition and a formula, and renders with math', async () => {
    for (const id of docs) {
      const md = readFileSync(join(DIR, `${id}.md`), 'utf8');
      expect(md, id).toMatch(/## Definition/);
      expect(md, id).toMatch(/## Formula/);
      const html = await renderMarkdown(md);
      expect(html, id).toMatch(/<math/);
    }
  });
  it('every metric has a worked example whose outputs include one of its keys (computed by the scorer)', () => {
    for (const m of METRICS) {
      const ex = workedExample(m);
      expect(ex.outputs.some(([k]) => m.keys.includes(k)), m.id).toBe(true);
    }
  });
});

describe('markdown rendering is sanitised', () => {
  it('drops scripts, handlers and javascript: links, keeps math', async () => {
    const html = await renderMarkdown('Hi <script>alert(1)</script> <img src=x onerror="alert(1)"> [x](javascript:alert(1)) $a^2$\n\n$$\n\\frac{1}{2}\n$$\n');
    expect(html).not.toMatch(/<script/);
    expect(html).not.toMatch(/onerror/);
    expect(html).not.toMatch(/javascript:/);
    expect(html).toMatch(/<math/);
    expect(html).toMatch(/display="block"/);
  });
});
