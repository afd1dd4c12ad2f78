// Every board page of the built site names its social card (OpenGraph + Twitter), and the card is
// a 1200 × 630 PNG in dist/ at that URL; pages that are not boards name none.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../e2e/build';
import { DIST, ROOT, htmlFiles } from '../helpers/dist-pages';


describe('board social cards', () => {
  beforeAll(() => ensureBuilt(ROOT), 600_000);

  it('each board page has og:image and twitter:image naming an existing 1200 × 630 PNG, with alt text', () => {
    const problems: string[] = [];
    let boards = 0;
    for (const file of htmlFiles(DIST)) {
      const page = relative(DIST, file);
      const { document } = parseHTML(readFileSync(file, 'utf8'));
      const meta = (k: string) => document.querySelector(`meta[property="${k}"], meta[name="${k}"]`)?.getAttribute('content') ?? undefined;
      const isBoard = /^benchmarks\/.+\/index\.html$/.test(page) && !page.includes('/as-of/') && [...document.querySelectorAll('p.downloads')].some((p) => p.textContent?.includes('Download this board'));
      const image = meta('og:image');
      if (!isBoard) {
        if (image) problems.push(`${page}: not a board but names an image`);
        continue;
      }
      boards++;
      if (!image) { problems.push(`${page}: no og:image`); continue; }
      const path = new URL(image).pathname;
      const png = join(DIST, path);
      if (!existsSync(png)) { problems.push(`${page}: ${path} is not in dist/`); continue; }
      const b = readFileSync(png);
      if (b.subarray(1, 4).toString('latin1') !== 'PNG' || b.readUInt32BE(16) !== 1200 || b.readUInt32BE(20) !== 630) problems.push(`${page}: ${path} is not a 1200 × 630 PNG`);
      if (meta('twitter:image') !== image) problems.push(`${page}: twitter:image differs from og:image`);
      if (meta('twitter:card') !== 'summary_large_image') problems.push(`${page}: twitter:card is ${meta('twitter:card')}`);
      if (!meta('og:image:alt')?.includes('leaderboard')) problems.push(`${page}: og:image:alt missing`);
    }
    expect(problems).toEqual([]);
    expect(boards).toBeGreaterThan(20);
    const pngs = (dir: string): number => readdirSync(dir).reduce((n, e) => n + (statSync(join(dir, e)).isDirectory() ? pngs(join(dir, e)) : e.endsWith('.png') ? 1 : 0), 0);
    expect(pngs(join(DIST, 'og'))).toBe(boards);
  });
});
