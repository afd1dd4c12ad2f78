// The search page against the built site in chromium: whole-word and prefix matches only (ranked
// title first), "No results for …" when nothing matches, and no raw TeX in the index.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { serveStatic } from '../../scripts/lib/server';
import { ensureBuilt } from './build';

const ROOT = join(import.meta.dirname, '..', '..');
let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Awaited<ReturnType<typeof launch>>;
let page: Page;

async function search(q: string): Promise<{ status: string; urls: string[]; excerpts: string[] }> {
  await page.goto(`${server.url}/search/?q=${encodeURIComponent(q)}`, { waitUntil: 'load' });
  await page.waitForFunction(() => /result|No results/.test(document.querySelector('[data-search-status]')?.textContent ?? ''), null, { timeout: 20_000 });
  return {
    status: (await page.locator('[data-search-status]').innerText()).trim(),
    urls: await page.$$eval('[data-search-results] li > a', (as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
    excerpts: await page.$$eval('[data-search-results] li p', (ps) => ps.map((p) => p.textContent ?? '')),
  };
}

describe.skipIf(!hasChromium())('search (e2e, chromium, Pagefind)', () => {
  beforeAll(async () => {
    ensureBuilt(ROOT);
    server = await serveStatic(join(ROOT, 'dist'));
    browser = await launch();
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a query that matches nothing says so', async () => {
    const r = await search('xyzzy');
    expect(r.status).toBe('No results for “xyzzy”.');
    expect(r.urls).toEqual([]);
  });

  it('a model id finds its model page first', async () => {
    const r = await search('demo-vlm-7b');
    expect(r.urls[0]).toBe('/models/demo-vlm-7b/');
    expect(r.status).toMatch(/^\d+ results? for “demo-vlm-7b”$/);
  });

  it('a prefix finds the pages it starts words of, titles first', async () => {
    const r = await search('demo-vlm');
    expect(r.urls.slice(0, 2).sort()).toEqual(['/models/demo-vlm-3b/', '/models/demo-vlm-7b/']);
  });

  it('a metric name finds its metric page first, and benchmark names their benchmark page', async () => {
    expect((await search('nMAE')).urls[0]).toBe('/metrics/mv-nmae/');
    expect((await search('ClinicalBench')).urls[0]).toBe('/benchmarks/clinicalbench/');
  });

  it('formulas are indexed as plain text: no TeX command is found, and no excerpt shows one', async () => {
    for (const tex of ['mathrm', 'sqrt']) expect((await search(tex)).urls, tex).toEqual([]);
    const r = await search('diagonal');
    expect(r.urls).toContain('/metrics/mv-nmae/');
    for (const e of r.excerpts) expect(e).not.toMatch(/\\[a-z]+|\$\$/);
  });
});
