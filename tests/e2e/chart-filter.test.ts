// Filtering a board redraws its charts (rows dropped and closed up, points hidden), their caption
// counts, and says "no entries match" with a working reset link when nothing is left.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { serveStatic } from '../../scripts/lib/server';
import { ensureBuilt } from './build';
import { measureCharts } from './chart-check';

const ROOT = join(import.meta.dirname, '..', '..');
const enabled = hasChromium();
let server: Awaited<ReturnType<typeof serveStatic>>;

describe.skipIf(!enabled)('chart redraw on filter (e2e, chromium)', () => {
  beforeAll(async () => {
    ensureBuilt(ROOT);
    server = await serveStatic(join(ROOT, 'dist'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a text filter redraws the forest plot, the heat grid, the scatter and their counts; nothing left → "no entries match" + reset', async () => {
    const browser = await launch({ width: 1400 });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${server.url}/benchmarks/medvision/tl/`, { waitUntil: 'load' });
      const forest = page.locator('figure#forest-full');
      const visibleSvg = forest.locator('.chart-v[data-w="1020"] svg');
      const rowsDrawn = () => visibleSvg.locator('g[data-entry]:not([display="none"]) circle').count();
      const before = await rowsDrawn();
      const height0 = await visibleSvg.evaluate((s) => (s as SVGSVGElement).viewBox.baseVal.height);
      expect(before).toBeGreaterThanOrEqual(2);
      const firstModel = (await page.locator('section[data-section="full"] table[data-board] tbody tr').first().locator('th, td').nth(1).innerText()).split('\n')[0]!.trim();
      await page.fill('form[data-board-filters] input[name="q"]', firstModel);
      expect(await rowsDrawn()).toBe(1);
      expect(await forest.locator('[data-chart-count]').innerText()).toBe(`1 of ${before} entries shown (filtered)`);
      // The kept row moved to the first row, and the SVG lost the dropped rows' height.
      const step = Number(await visibleSvg.getAttribute('data-row-step'));
      expect(await visibleSvg.evaluate((s) => (s as SVGSVGElement).viewBox.baseVal.height)).toBe(height0 - (before - 1) * step);
      expect(await page.locator('figure#grid-full .chart-v[data-w="1020"] .chart-sticky g[data-entry]:not([display="none"])').count()).toBe(1);
      expect(await page.locator('figure#date-full .chart-v[data-w="1020"] g[data-entry]:not([display="none"]) path, figure#date-full .chart-v[data-w="1020"] g[data-entry]:not([display="none"]) circle').count()).toBeGreaterThan(0);
      expect((await measureCharts(page)).problems).toEqual([]);

      await page.fill('form[data-board-filters] input[name="q"]', 'xyzzy-no-such-model');
      const none = page.locator('section[data-section="full"] p.no-match');
      expect(await none.isVisible()).toBe(true);
      expect(await none.innerText()).toMatch(/^No entries match these filters\. Reset the filters\.$/);
      expect(await forest.locator('[data-chart-empty]').isVisible()).toBe(true);
      expect(await forest.locator('.chart-v[data-w="1020"]').isVisible()).toBe(false);
      await none.locator('a').click();
      await page.waitForFunction(() => !location.search.includes('q='));
      expect(await none.isVisible()).toBe(false);
      expect(await rowsDrawn()).toBe(before);
      expect(await forest.locator('[data-chart-count]').innerText()).toBe(`${before} entries`);
      expect(await visibleSvg.evaluate((s) => (s as SVGSVGElement).viewBox.baseVal.height)).toBe(height0);
    } finally {
      await browser.close();
    }
  });

  it('the sample-class filter hides the other section’s charts', async () => {
    const browser = await launch({ width: 390 });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${server.url}/benchmarks/medvision/tl/?class=pilot`, { waitUntil: 'load' });
      expect(await page.locator('figure#forest-full').isVisible()).toBe(false);
      expect(await page.locator('figure#grid-full').isVisible()).toBe(false);
      expect(await page.locator('figure#forest-pilot').isVisible()).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
