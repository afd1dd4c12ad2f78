// The client compare page computes a pair that has no pre-rendered page in chromium, from the two
// entries' published /compare-data/ files, and prints exactly what the build-time function gives
// for that pair in this process: the same cell text (digits) and the same raw numbers (data-raw).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { serveStatic } from '../../scripts/lib/server';
import { ensureBuilt } from './build';
import { compareEntries, type CompareEntry } from '../../src/board/models';
import { allBoards, BENCHMARKS } from '../../src/board/boards';
import { compareExploreLinks } from '../../src/board/explorer-paths';
import { comparePair, comparePairs, pairSharedUnits, type ComparePair } from '../../src/board/compare';
import { compareTablesHtml } from '../../src/core/compare';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const enabled = hasChromium();
if (!enabled) console.warn('e2e compare-client: skipped — /usr/bin/chromium is not installed (apt-get install -y chromium)');

let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Awaited<ReturnType<typeof launch>>;

/** Text of every cell of every compare row, and each row's data-raw, in page order. */
function rowsOf(html: string): { task: string; cells: string[]; raw: unknown }[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return [...document.querySelectorAll('tr[data-task]')].map((tr) => ({
    task: tr.getAttribute('data-task')!,
    cells: [...tr.children].map((c) => c.textContent!.replace(/\s+/g, ' ').trim()),
    raw: JSON.parse(tr.getAttribute('data-raw')!) as unknown,
  }));
}

async function pageRows(page: Page) {
  return page.$$eval('#compare-result tr[data-task]', (trs) =>
    trs.map((tr) => ({
      task: tr.getAttribute('data-task')!,
      cells: [...tr.children].map((c) => c.textContent!.replace(/\s+/g, ' ').trim()),
      raw: JSON.parse(tr.getAttribute('data-raw')!) as unknown,
    })),
  );
}

describe.skipIf(!enabled)('client-side compare (e2e, chromium)', () => {
  let entries: CompareEntry[];
  let pair: ComparePair;
  beforeAll(async () => {
    ensureBuilt(ROOT);
    entries = await compareEntries();
    const pre = new Set((await comparePairs(entries, await allBoards())).map(([a, b]) => `${a.slug} ${b.slug}`));
    // A pair of one benchmark that shares units but has no pre-rendered page (e.g. a MedVision pilot run vs an open-weight run).
    let found: [CompareEntry, CompareEntry] | undefined;
    for (let i = 0; i < entries.length && !found; i++) {
      for (let j = i + 1; j < entries.length && !found; j++) {
        const [a, b] = [entries[i]!, entries[j]!].sort((x, y) => (x.slug < y.slug ? -1 : 1)) as [CompareEntry, CompareEntry];
        if (!pre.has(`${a.slug} ${b.slug}`) && (await pairSharedUnits(a, b)) > 0) found = [a, b];
      }
    }
    if (!found) throw new Error('the demo data has no shared-unit pair without a pre-rendered page');
    pair = await comparePair(found[0], found[1]);
    server = await serveStatic(DIST);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a pair without a pre-rendered page gets the build-time function\u2019s numbers, digit for digit', async () => {
    expect(existsSync(join(DIST, 'compare', pair.a.slug, pair.b.slug, 'index.html'))).toBe(false);
    const expected = rowsOf(compareTablesHtml(pair.a, pair.b, pair.diffs, '/', { explore: compareExploreLinks(BENCHMARKS, pair.a.slug, pair.b.slug) }));
    expect(expected.length).toBeGreaterThan(0);
    expect(pair.diffs.some((d) => Number.isFinite(d.lo))).toBe(true);

    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // B first in the URL: the page puts the pair in canonical order itself.
    await page.goto(`${server.url}/compare/?a=${encodeURIComponent(pair.b.slug)}&b=${encodeURIComponent(pair.a.slug)}`, { waitUntil: 'load' });
    await page.waitForSelector('#compare-result[data-state="done"]', { timeout: 60_000 });
    const got = await pageRows(page);
    expect(got.map((r) => r.task)).toEqual(expected.map((r) => r.task));
    for (let i = 0; i < got.length; i++) {
      expect(got[i]!.cells, got[i]!.task).toEqual(expected[i]!.cells); // printed digits, verdict text
      expect(got[i]!.raw, got[i]!.task).toEqual(expected[i]!.raw); // raw numbers (JSON, exact)
    }
    // The interval cell and the raw bounds of the first tested row, explicitly.
    const k = pair.diffs.findIndex((d) => Number.isFinite(d.lo));
    expect((got[k]!.raw as { lo: number; hi: number }).lo).toBe(pair.diffs[k]!.lo);
    expect((got[k]!.raw as { lo: number; hi: number }).hi).toBe(pair.diffs[k]!.hi);
    expect(await page.locator('#compare-result [data-holm]').getAttribute('data-holm')).toBe(String(pair.diffs.filter((d) => d.p !== null).length));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a pre-rendered page and the client page print the same table for the same pair', async () => {
    const [a, b] = (await comparePairs(entries, await allBoards()))[0]!;
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/compare/${a.slug}/${b.slug}/`, { waitUntil: 'load' });
    const pre = await pageRows(page);
    await page.goto(`${server.url}/compare/?a=${encodeURIComponent(a.slug)}&b=${encodeURIComponent(b.slug)}`, { waitUntil: 'load' });
    await page.waitForSelector('#compare-result[data-state="done"]', { timeout: 60_000 });
    expect(await pageRows(page)).toEqual(pre);
    expect(pre.length).toBeGreaterThan(0);
    await page.close();
  });

  it('the picker defaults to two entries of one benchmark, and compares them on submit', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/compare/`, { waitUntil: 'load' });
    const bench = await page.locator('#compare-form select[name="benchmark"]').inputValue();
    const a = await page.locator('#compare-form select[name="a"]').inputValue();
    const b = await page.locator('#compare-form select[name="b"]').inputValue();
    expect(a).not.toBe(b);
    const byKey = new Map(entries.map((e) => [e.slug, e]));
    expect(byKey.get(a)!.submissions.map((s) => s.benchmark)).toContain(bench);
    expect(byKey.get(b)!.submissions.map((s) => s.benchmark)).toContain(bench);
    await page.locator('#compare-form button[type="submit"]').click();
    await page.waitForSelector('#compare-result[data-state="done"]', { timeout: 60_000 });
    expect(await page.locator('#compare-result table[data-compare]').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('a')).toBe(a);
    await page.close();
  });
});
