// Keyboard-only use of a board and the compare page: every control is reached with Tab and worked
// with Enter / Space / arrows (page.keyboard only, never click), each shows a focus indicator, and
// the skip link is the first Tab stop and moves focus to <main>.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { serveStatic } from '../../scripts/lib/server';
import { ensureBuilt } from './build';

const ROOT = join(import.meta.dirname, '..', '..');
const enabled = hasChromium();
let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Awaited<ReturnType<typeof launch>>;

/** What the focused element looks like: a selector match and whether any focus indicator is drawn. */
async function focused(page: Page, selector: string): Promise<{ matches: boolean; indicator: boolean; desc: string }> {
  return page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { matches: false, indicator: false, desc: 'body' };
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    const shadow = s.boxShadow !== 'none';
    return { matches: el.matches(sel), indicator: outline || shadow, desc: `${el.tagName.toLowerCase()}${el.className ? `.${el.className}` : ''}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''} ${el.textContent?.trim().slice(0, 30) ?? ''}` };
  }, selector);
}

/**
 * Press Tab (or Shift+Tab) until the focused element matches `selector`; every stop on the way
 * must show a focus indicator. Fails after `max` presses.
 */
async function tabTo(page: Page, selector: string, opts: { back?: boolean; max?: number } = {}): Promise<void> {
  const unmarked: string[] = [];
  for (let i = 0; i < (opts.max ?? 250); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page, selector);
    if (f.desc !== 'body' && !f.indicator) unmarked.push(f.desc);
    if (f.matches) {
      expect(unmarked, 'Tab stops without a visible focus indicator').toEqual([]);
      return;
    }
  }
  throw new Error(`no Tab stop matches ${selector}`);
}

/** Values (data-v) of column `col` in the visible rows of the first board table. */
function columnValues(page: Page, col: number): Promise<(number | null)[]> {
  return page.$$eval('table[data-board]', (tables, c) => {
    const t = tables[0] as HTMLTableElement;
    return [...t.tBodies[0]!.rows].filter((r) => !r.hidden).map((r) => {
      const v = r.cells[c]?.getAttribute('data-v');
      return v === null || v === undefined || v === '' ? null : Number(v);
    });
  }, col);
}

function isSorted(vs: (number | null)[], dir: 'asc' | 'desc'): boolean {
  const nums = vs.filter((v): v is number => v !== null && Number.isFinite(v));
  return nums.every((v, i) => i === 0 || (dir === 'asc' ? nums[i - 1]! <= v : nums[i - 1]! >= v));
}

describe.skipIf(!enabled)('keyboard-only use (e2e, chromium)', () => {
  beforeAll(async () => {
    ensureBuilt(ROOT);
    server = await serveStatic(join(ROOT, 'dist'));
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the skip link is the first Tab stop, visibly focused, and Enter moves focus to #main', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/benchmarks/medvision/tl/`, { waitUntil: 'load' });
    await page.keyboard.press('Tab');
    const f = await focused(page, 'a.skip[href="#main"]');
    expect(f.matches).toBe(true);
    expect(f.indicator).toBe(true);
    // It is on screen when focused (it sits at left: -999px otherwise).
    expect(await page.evaluate(() => document.activeElement!.getBoundingClientRect().left)).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab stop is inside main, not back in the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await page.close();
  });

  it('sort: Enter on a metric header sorts best-first, Space reverses; aria-sort and ?sort= follow', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/benchmarks/medvision/tl/`, { waitUntil: 'load' });
    const header = await page.$eval('table[data-board]', (t) => {
      const ths = [...(t as HTMLTableElement).tHead!.rows[0]!.cells];
      const i = ths.findIndex((th) => th.querySelector('a[href*="metrics/"]'));
      return { index: i, dir: ths[i]!.dataset.dir };
    });
    expect(header.index).toBeGreaterThan(1);
    const first: 'asc' | 'desc' = header.dir === 'higher' ? 'desc' : 'asc';
    const second = first === 'asc' ? 'desc' : 'asc';
    const btn = `table[data-board] thead th:nth-child(${header.index + 1}) > button`;
    await tabTo(page, btn);
    // Sort by another column first so the metric sort is a visible change.
    await tabTo(page, 'table[data-board] thead th:nth-child(2) > button', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.search.includes('sort=1'));
    await tabTo(page, btn);
    await page.keyboard.press('Enter');
    await page.waitForFunction((c) => location.search.includes(`sort=${c}`), header.index);
    const ariaOf = () => page.$eval(btn, (b) => b.parentElement!.getAttribute('aria-sort'));
    expect(await ariaOf()).toBe(first === 'asc' ? 'ascending' : 'descending');
    expect(new URL(page.url()).searchParams.get('dir')).toBe(first);
    const v1 = await columnValues(page, header.index);
    expect(v1.filter((v) => v !== null).length).toBeGreaterThanOrEqual(2);
    expect(isSorted(v1, first)).toBe(true);
    expect(isSorted(v1, second)).toBe(false);
    expect(await page.$eval('table[data-board] thead th:nth-child(2)', (th) => th.getAttribute('aria-sort'))).toBeNull();

    await page.keyboard.press('Space');
    await page.waitForFunction((d) => new URL(location.href).searchParams.get('dir') === d, second);
    expect(await ariaOf()).toBe(second === 'asc' ? 'ascending' : 'descending');
    const v2 = await columnValues(page, header.index);
    expect(isSorted(v2, second)).toBe(true);
    expect(isSorted(v2, first)).toBe(false);
    await page.close();
  });

  it('filter: typing in the search box updates the rows and the count; the Reset button restores them', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/benchmarks/medvision/tl/`, { waitUntil: 'load' });
    const count = () => page.$eval('form[data-board-filters] output[data-count]', (o) => o.textContent!.trim());
    const visibleRows = () => page.$$eval('table[data-board] tbody tr', (trs) => trs.filter((r) => !(r as HTMLElement).hidden).length);
    const before = await count();
    const m = /^(\d+) of (\d+) rows$/.exec(before);
    expect(m).not.toBeNull();
    expect(m![1]).toBe(m![2]);
    const rows0 = await visibleRows();
    const model = await page.$eval('table[data-board] tbody tr th[scope="row"] a', (a) => a.textContent!.trim());

    await tabTo(page, 'form[data-board-filters] input[name="q"]');
    await page.keyboard.type(model);
    await page.waitForFunction((b) => document.querySelector('output[data-count]')!.textContent!.trim() !== b, before);
    const after = /^(\d+) of (\d+) rows$/.exec(await count());
    expect(Number(after![1])).toBeGreaterThanOrEqual(1);
    expect(Number(after![1])).toBeLessThan(Number(m![2]));
    expect(await visibleRows()).toBeLessThan(rows0);
    const shownNames = await page.$$eval('table[data-board] tbody tr', (trs) => trs.filter((r) => !(r as HTMLElement).hidden).map((r) => r.textContent!.toLowerCase()));
    expect(shownNames.every((t) => t.includes(model.toLowerCase()))).toBe(true);
    expect(new URL(page.url()).searchParams.get('q')).toBe(model);

    await tabTo(page, 'form[data-board-filters] button[type="reset"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction((b) => document.querySelector('output[data-count]')!.textContent!.trim() === b, before);
    expect(await visibleRows()).toBe(rows0);
    expect(await page.$eval('form[data-board-filters] input[name="q"]', (i) => (i as HTMLInputElement).value)).toBe('');
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);
    await page.close();
  });

  it('column toggle: open "Columns" with Enter, Space on a box hides the column and sets ?hide=, Space again restores it', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/benchmarks/medvision/tl/`, { waitUntil: 'load' });
    await tabTo(page, 'form[data-board-filters] details.cols > summary');
    await page.keyboard.press('Enter');
    expect(await page.$eval('form[data-board-filters] details.cols', (d) => (d as HTMLDetailsElement).open)).toBe(true);
    await tabTo(page, 'form[data-board-filters] [data-col-toggles] input[type="checkbox"]');
    const key = await page.evaluate(() => (document.activeElement as HTMLInputElement).dataset.col!);
    expect(key).toBeTruthy();
    const colIndex = await page.$eval('table[data-board]', (t, k) => {
      const ths = [...(t as HTMLTableElement).tHead!.rows[0]!.cells];
      return ths.findIndex((th) => (th.querySelector('button')?.textContent ?? '').trim().toLowerCase().replace(/[^a-z0-9<>=.]+/g, '-').replace(/^-+|-+$/g, '') === k);
    }, key);
    expect(colIndex).toBeGreaterThan(1);
    const shown = () => page.$eval('table[data-board]', (t, i) => {
      const tb = t as HTMLTableElement;
      const cells = [tb.tHead!.rows[0]!.cells[i]!, ...[...tb.tBodies[0]!.rows].map((r) => r.cells[i]!)];
      return cells.map((c) => getComputedStyle(c).display !== 'none');
    }, colIndex);
    expect((await shown()).every(Boolean)).toBe(true);

    await page.keyboard.press('Space');
    await page.waitForFunction(() => new URL(location.href).searchParams.has('hide'));
    expect(new URL(page.url()).searchParams.get('hide')).toBe(key);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(false);
    expect((await shown()).some(Boolean)).toBe(false);

    await page.keyboard.press('Space');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('hide'));
    expect((await shown()).every(Boolean)).toBe(true);
    await page.close();
  });

  it('compare: pick a benchmark and two entries with arrow keys, submit with Enter, the result is computed', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}/compare/`, { waitUntil: 'load' });
    await tabTo(page, '#compare-form select[name="a"]');
    const a0 = await page.$eval('#compare-form select[name="a"]', (s) => (s as HTMLSelectElement).value);
    await page.keyboard.press('ArrowDown');
    const a = await page.$eval('#compare-form select[name="a"]', (s) => (s as HTMLSelectElement).value);
    expect(a).not.toBe(a0);
    await tabTo(page, '#compare-form select[name="b"]');
    // B defaults to the first entry other than A's default; move it to one that differs from the new A.
    let b = await page.$eval('#compare-form select[name="b"]', (s) => (s as HTMLSelectElement).value);
    if (b === a) {
      await page.keyboard.press('ArrowDown');
      b = await page.$eval('#compare-form select[name="b"]', (s) => (s as HTMLSelectElement).value);
    }
    expect(b).not.toBe(a);
    await tabTo(page, '#compare-form button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#compare-result[data-state="done"]', { timeout: 30_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('a')).toBe(a);
    expect(url.searchParams.get('b')).toBe(b);
    expect(await page.$$eval('#compare-result tr[data-task]', (trs) => trs.length)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
