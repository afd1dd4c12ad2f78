// The per-sample explorer in Chromium on the bundled build: its pages pass axe (also after the
// client renders a URL state), the disagreement filter of two entries shows exactly the samples a
// reading of the unit's own data document says they disagree on, a board row's "samples" link and
// a compare page's "where do these two disagree?" link land on pages showing those entries, and
// "show all" of a raw response loads the whole text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { serveStatic } from '../../scripts/lib/server';
import { ensureBuilt } from './build';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const enabled = hasChromium();
if (!enabled) console.warn('explorer e2e: skipped — /usr/bin/chromium is not installed (apt-get install -y chromium)');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const UNIT = '/explore/medvision/brats24-tumorlesionsize-task05-axial/';

let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Awaited<ReturnType<typeof launch>>;

async function open(path: string, width = 1400): Promise<Page & { errors: string[] }> {
  const page = (await browser.context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.setViewportSize({ width, height: 900 });
  const res = await page.goto(server.url + path, { waitUntil: 'networkidle' });
  expect(res?.status(), path).toBe(200);
  return page;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

interface Doc { margin: number; samples: { id: string }[]; entries: { key: string }[]; cells: ({ v: number | null; o: string } | null)[][] }
const doc = (): Doc => JSON.parse(readFileSync(join(DIST, 'explore-data', 'medvision', 'brats24-tumorlesionsize-task05-axial.json'), 'utf8'));

describe.skipIf(!enabled)('per-sample explorer (e2e, chromium)', () => {
  beforeAll(async () => {
    ensureBuilt(ROOT);
    server = await serveStatic(DIST);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('explorer pages pass axe at desktop and phone width, with and without a client-rendered state', async () => {
    for (const width of [1400, 390]) {
      for (const path of ['/explore/', '/explore/medvision/', UNIT, `${UNIT}?f=error&s=spread`, '/explore/latch/demo_qc_mito_filter/', '/explore/clinicalbench/42-task_easy/']) {
        const page = await open(path, width);
        expect(await page.locator('main').count(), path).toBe(1);
        expect(await seriousViolations(page), `${path} at ${width}`).toEqual([]);
        expect(page.errors, path).toEqual([]);
        await page.close();
      }
    }
  });

  it('the disagreement filter of two entries shows exactly the samples where their outcomes differ or their values differ by the margin', async () => {
    const d = doc();
    const [a, b] = [0, 3];
    const ka = d.entries[a]!.key;
    const kb = d.entries[b]!.key;
    const expected = d.samples.flatMap((s, i) => {
      const x = d.cells[a]![i];
      const y = d.cells[b]![i];
      if (!x || !y || x.o === 'x' || y.o === 'x') return [];
      const differ = x.o !== y.o || (x.v !== null && y.v !== null && Math.abs(x.v - y.v) >= d.margin);
      return differ ? [s.id] : [];
    });
    expect(expected.length).toBeGreaterThan(0);
    const page = await open(`${UNIT}?e=${encodeURIComponent(`${ka},${kb}`)}&f=disagree`);
    const more = page.locator('#xp-more-rows');
    while (await more.isVisible()) await more.click();
    const shown = await page.$$eval('#xp-table tbody tr th a', (as) => as.map((a) => a.getAttribute('title')));
    expect(shown).toEqual(expected);
    expect(await page.locator('#xp-table thead th[data-e]').count()).toBe(2);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('a board row links its per-sample page with its entry; "show all" loads the whole raw response', async () => {
    const page = await open('/benchmarks/medvision/config/brats24-tumorlesionsize-task05-axial/');
    const link = page.locator('table[data-board] tbody tr a[data-samples]').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/explore\/medvision\/brats24-tumorlesionsize-task05-axial\/\?e=/);
    await link.click();
    await page.waitForLoadState('networkidle');
    const key = new URL(page.url()).searchParams.get('e')!;
    const heads = await page.$$eval('#xp-table thead th[data-e]', (ths) => ths.length);
    expect(heads).toBe(1);
    const d = doc();
    expect(d.entries.map((e) => e.key)).toContain(key);
    // The client rendered rows without texts: load one, then show it whole.
    await page.locator('#xp-table button.xp-load').first().click();
    const pre = page.locator('#xp-table details.xp-text[open] pre').first();
    await pre.waitFor();
    expect((await pre.textContent())!.length).toBeGreaterThan(0);
    await page.close();
  });

  it('a compare page links the explorer with both entries and the disagreement filter', async () => {
    const page = await open('/compare/demo-api-flash~medvision-bm-1-2-0/demo-api-pro~medvision-bm-1-2-0/');
    const href = await page.locator('a[data-explore]').first().getAttribute('href');
    const u = new URL(href!, server.url);
    expect(u.pathname).toBe('/explore/medvision/');
    expect(u.searchParams.get('e')).toBe('demo-api-flash~medvision-bm-1-2-0,demo-api-pro~medvision-bm-1-2-0');
    expect(u.searchParams.get('f')).toBe('disagree');
    await page.goto(u.href, { waitUntil: 'networkidle' });
    const unit = await page.locator('.xp-units > li:not([hidden]) a[data-unit]').first().getAttribute('href');
    expect(new URL(unit!, server.url).searchParams.get('f')).toBe('disagree');
    await page.close();
  });
});
