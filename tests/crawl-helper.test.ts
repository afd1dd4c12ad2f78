/** The dist crawler finds what it must: broken links, missing anchors, unsafe or bare external links. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crawl } from './helpers/crawl';

const dist = mkdtempSync(join(tmpdir(), 'evalboard-crawl-'));
const put = (rel: string, body: string) => {
  mkdirSync(dirname(join(dist, rel)), { recursive: true });
  writeFileSync(join(dist, rel), body);
};
put('index.html', `<a href="a/">a</a> <a href="/a/#top">top</a> <a href="/a/#gone">gone</a> <a href="/b/">b</a> <a href="data.json">json</a>
<a href="https://x.example/" rel="noopener nofollow">ok</a> <a href="https://y.example/" rel="noopener">no nofollow</a> <a href="javascript:alert(1)" rel="noopener nofollow">js</a>
<a href="https://evalboard.example.org/a/">own site</a>`);
put('a/index.html', '<h1 id="top">A</h1><a href="../">up</a>');
put('data.json', '{}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('crawl', () => {
  it('reports each broken internal link, missing anchor and bad external link, and nothing else', () => {
    const r = crawl(dist, { site: 'https://evalboard.example.org' });
    expect(r.pages).toEqual(['a/index.html', 'index.html']);
    expect(r.problems.map((p) => `${p.page} ${p.href}: ${p.problem}`)).toEqual([
      'index.html /a/#gone: no element with id "gone" on a/index.html',
      'index.html /b/: broken internal link',
      'index.html https://y.example/: external link without rel="noopener nofollow" (rel="noopener")',
      'index.html javascript:alert(1): external link is javascript:, not http(s)',
    ]);
    expect({ internal: r.internal, anchors: r.anchors, external: r.external }).toEqual({ internal: 7, anchors: 2, external: 3 });
  });
});
