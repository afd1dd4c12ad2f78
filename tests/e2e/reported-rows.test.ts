/**
 * Reported rows in the browser (the bundled build): the ClinicalBench README tables below the
 * board, labelled "reported, not recomputed", untouched by the board's filters, sorting and
 * counts (they are not a board table), never turned into phone cards, and free of serious axe
 * violations. The Heuristic row's recomputation (the agent re-run by evalboard) is beside it.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { ensureBuilt } from './build';
import { serveStatic } from '../../scripts/lib/server';

const ROOT = join(import.meta.dirname, '..', '..');
const BOARD = '/benchmarks/clinicalbench/overall/';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const enabled = hasChromium();

let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Awaited<ReturnType<typeof launch>>;

const reportedRows = (page: Page) => page.$$eval('section[data-reported] tbody tr', (trs) => trs.filter((tr) => !(tr as HTMLElement).hidden && !tr.closest('[hidden]')).map((tr) => `${tr.getAttribute('data-kind')} ${tr.children[1]!.textContent!.trim()}`));
const boardRows = (page: Page) => page.$$eval('table[data-board] tbody tr', (trs) => trs.filter((tr) => !(tr as HTMLElement).hidden && !tr.closest('[hidden]')).length);

describe.skipIf(!enabled)('reported rows in the browser', () => {
  beforeAll(async () => {
    ensureBuilt(ROOT);
    server = await serveStatic(join(ROOT, 'dist'));
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the README tables below the ClinicalBench board, each labelled, the Heuristic row recomputed beside it', async () => {
    const page = await browser.context.newPage();
    await page.goto(server.url + BOARD, { waitUntil: 'load' });
    const titles = await page.$$eval('section[data-reported] h2', (hs) => hs.map((h) => h.textContent!.replace(/\s+/g, ' ').trim()));
    expect(titles).toEqual(['Published scores, seed 20260402 (ClinicalBench README) reported, not recomputed', 'Frontier Model Leaderboard (ClinicalBench README) reported, not recomputed']);
    expect(await reportedRows(page)).toEqual([
      'reported Naive LLM',
      'reported Heuristic',
      'recomputed Heuristic, recomputed by evalboard from seed 20260402',
      'reported ReAct (3.1 405B)',
      'reported ReAct (3.3 70B)',
      'reported Meta-Llama-3.3-70B-Instruct',
      'reported Meta-Llama-3.1-405B-Instruct',
    ]);
    const rec = await page.$$eval('section[data-reported] tr[data-kind="recomputed"] td', (tds) => tds.map((td) => td.textContent!.trim()));
    expect(rec.slice(1, 7)).toEqual(['Heuristic, recomputed by evalboard from seed 20260402', '0.98', '0.79', '0.73', '0.83', '67%']);
    expect(rec[0]).toBe('recomputed by evalboard');
    // No reported table is a board table: none carries data-board, none sits in a ranked section.
    expect(await page.locator('section[data-reported] table[data-board], [data-section] section[data-reported]').count()).toBe(0);
    await page.addScriptTag({ content: axeSource });
    const serious = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: object, o: object) => Promise<{ violations: { id: string; impact: string }[] }> } }).axe;
      const r = await axe.run({ include: [['section[data-reported]']] }, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
    expect(serious).toEqual([]);
  });

  it("the board's text filter and count never touch the reported rows", async () => {
    const page = await browser.context.newPage();
    await page.goto(server.url + BOARD, { waitUntil: 'load' });
    const before = await reportedRows(page);
    const total = await boardRows(page);
    expect(total).toBeGreaterThan(0);
    await page.fill('form[data-board-filters] input[name="q"]', 'Naive LLM');
    expect(await boardRows(page)).toBe(0);
    expect(await reportedRows(page)).toEqual(before);
    // The count is of board rows only: the seven reported rows are not in it.
    expect(await page.textContent('form[data-board-filters] output[data-count]')).toBe(`0 of ${total} rows`);
  });

  it('at phone width the reported tables stay tables (not board cards) and scroll inside their frame', async () => {
    const phone = await launch({ width: 390 });
    try {
      const page = await phone.context.newPage();
      await page.goto(server.url + BOARD, { waitUntil: 'load' });
      expect(await page.locator('section[data-reported] table.as-cards').count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});
