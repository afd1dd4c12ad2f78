// Every page of the bundled build at a desktop and a phone width: no element or text outside its
// scroll container, the page never scrolls sideways, and a table that does not fit scrolls inside
// its .table-wrap with the visible affordance (never clipped, never silently). Screenshots of the
// main page kinds at both widths go to test-artifacts/screenshots/.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { serveStatic } from '../../scripts/lib/server';
import { ensureBuilt } from './build';
import { measureLayout } from './layout-check';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const SHOTS = join(ROOT, 'test-artifacts', 'screenshots');
const enabled = hasChromium();
if (!enabled) console.warn('layout e2e: skipped — /usr/bin/chromium is not installed (apt-get install -y chromium)');

const VIEWPORTS = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Site paths of every HTML page in dist/ (search's pagefind assets and 404 included). */
function pagesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) {
        if (e !== '_astro' && e !== 'pagefind') walk(p);
      } else if (e.endsWith('.html')) out.push(`/${relative(dir, p).replace(/index\.html$/, '')}`);
    }
  };
  walk(dir);
  return out;
}

let server: Awaited<ReturnType<typeof serveStatic>>;
let pages: string[] = [];

describe.skipIf(!enabled)('layout at 1400×900 and 390×844 (e2e, chromium)', () => {
  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
    ensureBuilt(ROOT);
    pages = pagesOf(DIST);
  });
  beforeAll(async () => {
    server = await serveStatic(DIST);
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const vp of VIEWPORTS) {
    it(`${vp.name} (${vp.width}×${vp.height}): no page overflows or clips`, async () => {
      expect(pages.length).toBeGreaterThan(100);
      const browser = await launch({ width: vp.width });
      try {
        const page = await browser.context.newPage();
        await page.setViewportSize({ width: vp.width, height: vp.height });
        const failures: string[] = [];
        for (const path of pages) {
          await page.goto(server.url + path, { waitUntil: 'load' });
          const { problems, scrolling } = await measureLayout(page);
          // At desktop width the boards, model and compare pages fit: nothing hides behind a scroll.
          if (vp.width >= 1400 && /^\/(benchmarks|models|compare)\//.test(path)) problems.push(...scrolling.map((s) => `${s} scrolls at ${vp.width} px`));
          if (problems.length) failures.push(`${path}\n    ${problems.slice(0, 5).join('\n    ')}${problems.length > 5 ? `\n    … and ${problems.length - 5} more` : ''}`);
        }
        expect(failures, failures.join('\n')).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 600_000);
  }

  it('a board column can be hidden, the choice is in the URL (?hide=) and a permalink restores it', async () => {
    const browser = await launch({ width: 1400 });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${server.url}/benchmarks/clinicalbench/easy/`, { waitUntil: 'load' });
      const header = (name: string) => page.locator('section[data-section] table[data-board] thead th', { hasText: name }).first();
      expect(await header('Recall').isVisible()).toBe(true);
      await page.click('form[data-board-filters] details.cols summary');
      await page.locator('form[data-board-filters] [data-col-toggles] label', { hasText: 'Recall' }).locator('input').uncheck();
      expect(page.url()).toMatch(/[?&]hide=recall(&|$)/);
      expect(await header('Recall').isVisible()).toBe(false);
      const again = await browser.context.newPage();
      await again.goto(page.url(), { waitUntil: 'load' });
      expect(await again.locator('section[data-section] table[data-board] thead th', { hasText: 'Recall' }).first().isVisible()).toBe(false);
      expect(await again.locator('section[data-section] table[data-board] thead th', { hasText: 'Precision' }).first().isVisible()).toBe(true);
    } finally {
      await browser.close();
    }
  });

  it('on a phone a board is one card per row, with its details behind a button', async () => {
    const browser = await launch({ width: 390 });
    try {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/benchmarks/clinicalbench/easy/`, { waitUntil: 'load' });
      const row = page.locator('table[data-board].as-cards tbody tr').first();
      expect(await row.evaluate((tr) => getComputedStyle(tr).display)).toBe('flex');
      const more = row.locator('td.more').first();
      expect(await more.isVisible()).toBe(false);
      await row.locator('button.card-more').click();
      expect(await more.isVisible()).toBe(true);
    } finally {
      await browser.close();
    }
  });

  it('screenshots of home, a board, a model page, compare and the explorer at both widths', async () => {
    const compare = pages.find((p) => /^\/compare\/[^/]+\/[^/]+\/$/.test(p));
    const kinds: [string, string | undefined][] = [
      ['home', '/'],
      ['board', '/benchmarks/clinicalbench/easy/'],
      ['board-medvision', '/benchmarks/medvision/tl/'],
      ['model', '/models/demo-vlm-7b/'],
      ['compare', compare],
      ['explorer-unit', '/explore/medvision/brats24-tumorlesionsize-task05-axial/'],
      ['explorer-index', '/explore/medvision/'],
    ];
    for (const vp of VIEWPORTS) {
      const browser = await launch({ width: vp.width });
      try {
        const page = await browser.context.newPage();
        await page.setViewportSize({ width: vp.width, height: vp.height });
        for (const [name, path] of kinds) {
          expect(path, `a ${name} page exists`).toBeDefined();
          expect(existsSync(join(DIST, path!, 'index.html')), `${path} is built`).toBe(true);
          await page.goto(server.url + path!, { waitUntil: 'load' });
          await page.screenshot({ path: join(SHOTS, `${name}-${vp.width}.png`), fullPage: true });
        }
      } finally {
        await browser.close();
      }
    }
  });
});
