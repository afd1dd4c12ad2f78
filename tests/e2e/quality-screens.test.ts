// Screenshots of home, a board, a model page and compare at 1400×900 and 390×844
// (test-artifacts/screenshots/<page>-<width>.png), axe on each in both colour schemes, and the
// filter count of a board that lists only unranked rows.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { serveStatic } from '../../scripts/lib/server';
import { ensureBuilt } from './build';

const ROOT = join(import.meta.dirname, '..', '..');
const SHOTS = join(ROOT, 'test-artifacts', 'screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PAGES = { home: '/', board: '/benchmarks/medvision/tl/', model: '/models/demo-vlm-7b/', compare: '/compare/demo-api-flash~medvision-bm-1-2-0/demo-api-pro~medvision-bm-1-2-0/' };
/** One page of every other kind, checked by axe (every impact level) in both schemes; not screenshotted. */
const MORE_PAGES = [
  '/benchmarks/', '/benchmarks/medvision/', '/benchmarks/medvision/config/amos22-boxcoordinate-task01-axial/', '/benchmarks/latch/scbench/overall/',
  '/benchmarks/clinicalbench/overall/', '/models/', '/compare/', '/metrics/', '/metrics/mv-mre/', '/submissions/', '/submissions/demo-vlm-7b-demo/',
  '/tasks/', '/tasks/dicom_deid_audit_instance_1/', '/changelog/', '/search/', '/404.html', '/schemas/', '/api/', '/guides/submitting/',
  '/explore/', '/explore/medvision/', '/explore/medvision/amos22-boxcoordinate-task01-axial/', '/explore/latch/demo_celltype_labels/',
  '/explore/clinicalbench/1234-task_easy/', '/seeds/1234/task_easy/', '/benchmarks/medvision/ad/as-of/2026-09-05/',
];
const SIZES = [{ width: 1400, height: 900 }, { width: 390, height: 844 }];
/** axe-core's violations on the loaded page, every impact level, as "rule: first targets". */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () =>
    (await (window as unknown as { axe: { run: (d: Document) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document)).violations.map(
      (x) => `${x.id}: ${x.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`,
    ),
  );
}
let server: Awaited<ReturnType<typeof serveStatic>>;

describe.skipIf(!hasChromium())('screenshots and axe in both colour schemes (e2e)', () => {
  beforeAll(async () => {
    ensureBuilt(ROOT);
    mkdirSync(SHOTS, { recursive: true });
    server = await serveStatic(join(ROOT, 'dist'));
  });
  afterAll(async () => server?.close());

  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: every page at both sizes has no axe violation (contrast included); screenshots written`, async () => {
      const b = await launch({ colorScheme: scheme });
      try {
        const found: string[] = [];
        for (const size of SIZES) {
          const page = await b.context.newPage();
          await page.setViewportSize(size);
          for (const [name, path] of Object.entries(PAGES)) {
            const res = await page.goto(server.url + path, { waitUntil: 'load' });
            expect(res?.status(), path).toBe(200);
            if (scheme === 'light') await page.screenshot({ path: join(SHOTS, `${name}-${size.width}.png`), fullPage: true });
            found.push(...(await axeViolations(page)).map((x) => `${path} ${size.width}: ${x}`));
          }
          for (const path of MORE_PAGES) {
            const res = await page.goto(server.url + path, { waitUntil: 'load' });
            expect(res?.status(), path).toBe(200);
            found.push(...(await axeViolations(page)).map((x) => `${path} ${size.width}: ${x}`));
          }
          await page.close();
        }
        expect(found).toEqual([]);
      } finally {
        await b.close();
      }
    });
  }

  it('a board that lists only unranked rows counts them and filters them', async () => {
    const b = await launch();
    try {
      const page = await b.context.newPage();
      await page.goto(`${server.url}/benchmarks/latch/scbench/task/qc/`, { waitUntil: 'load' });
      const rows = await page.locator('table[data-unranked] tbody tr').count();
      expect(rows).toBeGreaterThan(0);
      expect(await page.locator('output[data-count]').innerText()).toBe(`${rows} of ${rows} rows`);
      await page.fill('form[data-board-filters] input[name="q"]', 'xyzzy-no-such-model');
      expect(await page.locator('output[data-count]').innerText()).toBe(`0 of ${rows} rows`);
    } finally {
      await b.close();
    }
  });
});
