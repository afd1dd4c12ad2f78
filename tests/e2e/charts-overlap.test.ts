// Every chart of the bundled build, rendered by chromium at 1400, 800 and 390 px: no two text boxes
// of a chart intersect, no text leaves its SVG, and no chart text is drawn below 12 px. The golden
// charts (long names, a 28-column grid) are checked too, at their viewBox size (scale 1, the
// smallest they are ever drawn).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launch } from '../../scripts/lib/browser';
import { serveStatic } from '../../scripts/lib/server';
import { goldenFiles } from '../site/charts/golden-charts';
import { ensureBuilt } from './build';
import { measureCharts } from './chart-check';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const enabled = hasChromium();
if (!enabled) console.warn('charts e2e: skipped — /usr/bin/chromium is not installed (apt-get install -y chromium)');

/** Site paths of the built pages that draw a chart. */
function chartPages(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) {
        if (e !== '_astro' && e !== 'pagefind') walk(p);
      } else if (e.endsWith('.html') && readFileSync(p, 'utf8').includes('<figure class="chart"')) out.push(`/${relative(dir, p).replace(/index\.html$/, '')}`);
    }
  };
  walk(dir);
  return out;
}

let server: Awaited<ReturnType<typeof serveStatic>>;
let pages: string[] = [];

describe.skipIf(!enabled)('charts: no overlapping or tiny text (e2e, chromium)', () => {
  beforeAll(async () => {
    ensureBuilt(ROOT);
    pages = chartPages(DIST);
    server = await serveStatic(DIST);
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const width of [1400, 800, 390]) {
    it(`every chart of the build at ${width} px`, async () => {
      expect(pages.length).toBeGreaterThan(5);
      const browser = await launch({ width });
      try {
        const page = await browser.context.newPage();
        await page.setViewportSize({ width, height: 900 });
        const failures: string[] = [];
        let svgs = 0;
        for (const path of pages) {
          await page.goto(server.url + path, { waitUntil: 'load' });
          const r = await measureCharts(page);
          svgs += r.svgs;
          if (r.svgs === 0) failures.push(`${path}: no chart SVG is visible`);
          failures.push(...r.problems.map((p) => `${path} ${p}`));
        }
        expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
        expect(svgs).toBeGreaterThanOrEqual(pages.length);
      } finally {
        await browser.close();
      }
    }, 300_000);
  }

  it('the golden charts at scale 1', async () => {
    const browser = await launch({ width: 1400 });
    try {
      const page = await browser.context.newPage();
      const svgs = [...goldenFiles()].filter(([name]) => name.endsWith('.svg')).map(([, svg]) => `<div>${svg}</div>`);
      await page.setContent(`<!doctype html><html><body style="margin:0">${svgs.join('\n')}</body></html>`);
      const r = await measureCharts(page, { all: true });
      expect(r.svgs).toBe(svgs.length);
      expect(r.problems, r.problems.slice(0, 40).join('\n')).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
