import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { ensureBuilt } from './build';
import { serveStatic } from '../../scripts/lib/server';

const ROOT = join(import.meta.dirname, '..', '..');
const ARTIFACTS = join(ROOT, 'test-artifacts', 'e2e');
const enabled = hasChromium();
if (!enabled) console.warn('e2e: skipped — /usr/bin/chromium is not installed (apt-get install -y chromium)');

const BOARD = '/benchmarks/medvision/tl/';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const res = await page.goto(server.url + path, { waitUntil: 'load' });
  expect(res?.status(), path).toBe(200);
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

/** Model names of the visible rows of every board table, in order. */
const visibleModels = (page: Page) =>
  page.$$eval('table[data-board] tbody tr:not([hidden])', (trs) => trs.filter((tr) => !tr.closest('[hidden]')).map((tr) => tr.querySelector('th')!.textContent!.trim()));

describe.skipIf(!enabled)('site (e2e, chromium)', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ensureBuilt(ROOT);
    server = await serveStatic(join(ROOT, 'dist'));
    browser = await launch();
    context = browser.context;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('home lists every benchmark with leaders and counts', async () => {
    const page = await open('/');
    expect(await page.locator('.cards > li').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.cards ol.top > li').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.cards ol.top .val').first().innerText()).toMatch(/\d.*\[.*\].*n \d/);
    expect(await page.locator('form[role="search"] input[name="q"]').count()).toBe(1);
    await shot(page, 'home');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a task board is complete HTML with ranked, separate sample-class sections', async () => {
    const page = await open(BOARD);
    const sections = await page.$$eval('section[data-section]', (s) => s.map((x) => x.getAttribute('data-section')));
    expect(sections).toEqual(['full', 'pilot']);
    const ranks = await page.$$eval('section[data-section="full"] tbody tr td:first-child', (tds) => tds.map((td) => Number.parseInt(td.getAttribute('data-v')!, 10)));
    expect(ranks[0]).toBe(1);
    expect(await page.locator('figure.chart svg').count()).toBeGreaterThan(0);
    await shot(page, 'board');
    expect(await seriousViolations(page)).toEqual([]);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });

  it('sorts and filters a board and keeps the state in the URL', async () => {
    const page = await open(BOARD);
    const before = await visibleModels(page);
    await page.locator('section[data-section="full"] thead th', { hasText: 'Model' }).locator('button').click();
    expect(page.url()).toContain('sort=1');
    expect(page.url()).toContain('dir=asc');
    const fullRows = await page.$$eval('section[data-section="full"] tbody th', (ths) => ths.map((t) => t.textContent!.trim()));
    expect(fullRows).toEqual([...fullRows].sort((a, b) => a.localeCompare(b)));
    expect(await page.getAttribute('section[data-section="full"] thead th:nth-child(2)', 'aria-sort')).toBe('ascending');
    await page.locator('section[data-section="full"] thead th', { hasText: 'Model' }).locator('button').click();
    expect(page.url()).toContain('dir=desc');
    const desc = await page.$$eval('section[data-section="full"] tbody th', (ths) => ths.map((t) => t.textContent!.trim()));
    expect(desc).toEqual([...fullRows].reverse());

    await page.selectOption('form[data-board-filters] select[name="w"]', 'closed');
    expect(page.url()).toContain('w=closed');
    const closed = await page.$$eval('table[data-board] tbody tr', (trs) => trs.filter((tr) => !(tr as HTMLElement).hidden && !tr.closest('[hidden]')).map((tr) => tr.getAttribute('data-w')));
    expect(closed.length).toBeGreaterThan(0);
    expect(new Set(closed)).toEqual(new Set(['closed']));
    await page.selectOption('form[data-board-filters] select[name="w"]', '');
    await page.selectOption('form[data-board-filters] select[name="class"]', 'pilot');
    expect(page.url()).toContain('class=pilot');
    expect(await page.locator('section[data-section="full"]').isHidden()).toBe(true);
    await page.fill('form[data-board-filters] input[name="q"]', 'pro');
    const text = await visibleModels(page);
    expect(text.length).toBeGreaterThan(0);
    expect(text.every((m) => m.includes('pro'))).toBe(true);
    await page.fill('form[data-board-filters] input[name="from"]', '2026-01-01');
    expect(page.url()).toContain('from=2026-01-01');

    // A permalink restores the view.
    const url = page.url();
    const again = await open(url.replace(server.url, ''));
    expect(await visibleModels(again)).toEqual(text);
    expect(await again.inputValue('form[data-board-filters] input[name="q"]')).toBe('pro');
    await shot(again, 'board-filtered');
    expect(before.length).toBeGreaterThan(text.length);
  });

  it('the CSV download parses into the same rows as the table', async () => {
    const page = await open(BOARD);
    // The row header shows "model · harness" and badges; the downloads' model column is the model's name (its link text).
    const rows = await page.$$eval('table[data-board] tbody tr:not([hidden])', (trs) => trs.filter((tr) => !tr.closest('[hidden]')).map((tr) => tr.querySelector('th a')!.textContent!.trim()));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[href$=".csv"]')]);
    const path = await download.path();
    const parsed = Papa.parse<Record<string, string>>(readFileSync(path!, 'utf8'), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((r) => r.model)).toEqual(rows);
    const json = await (await fetch(`${server.url}${await page.getAttribute('a[href$=".json"]', 'href')}`)).json() as { rows: { entry: { model: string } }[] };
    expect(json.rows.map((r) => r.entry.model)).toEqual(rows);
  });

  it('model, metric, compare and benchmark pages load and pass axe', async () => {
    for (const [path, name, check] of [
      ['/models/', 'models', 'table'],
      ['/models/demo-vlm-7b/', 'model', 'table'],
      ['/metrics/mv-mre/', 'metric', 'math'],
      ['/compare/', 'compare-index', 'form'],
      ['/compare/demo-api-flash~medvision-bm-1-2-0/demo-api-pro~medvision-bm-1-2-0/', 'compare', 'table[data-compare]'],
      ['/benchmarks/medvision/', 'benchmark', 'table'],
      ['/benchmarks/latch/scbench/overall/', 'latch-board', 'table'],
      ['/benchmarks/clinicalbench/easy/', 'clinicalbench-board', 'table'],
    ] as const) {
      const page = await open(path);
      expect(await page.locator(check).count(), `${path} has ${check}`).toBeGreaterThan(0);
      await shot(page, name);
      expect(await seriousViolations(page), path).toEqual([]);
      await page.close();
    }
  });

  it('metric page shows a worked example computed at build time', async () => {
    const page = await open('/metrics/mv-iou/');
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/Worked example/);
    expect(text).toMatch(/IoU\s+0\.36/);
  });

  it('dark mode, phone width and no layout shift on a board', async () => {
    const dark = await launch({ colorScheme: 'dark', width: 390 });
    try {
      const page = await dark.context.newPage();
      await page.addInitScript(() => {
        (window as unknown as { __cls: number }).__cls = 0;
        new PerformanceObserver((l) => {
          for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(server.url + BOARD, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).toBe('rgb(20, 22, 26)');
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThan(0.01);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(ARTIFACTS, 'board-dark-phone.png'), fullPage: true });
    } finally {
      await dark.close();
    }
  });

  it('search is indexed (pagefind; tests/e2e/search.test.ts tests the ranking)', async () => {
    const page = await open('/search/?q=demo-vlm-7b');
    await page.waitForSelector('[data-search-results] li', { timeout: 20_000 });
    expect(await page.locator('[data-search-results] li').count()).toBeGreaterThan(0);
    await shot(page, 'search');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
