// Lighthouse 12.2.3 on the built site (Debian chromium, headless): performance, accessibility,
// best practices and SEO ≥ 95 on home, a board, a model page, a metric page and a per-sample explorer unit. Desktop preset
// (lighthouse/core/config/desktop-config.js: 1350×940, simulated throttling 40 ms RTT, 10 Mbps,
// CPU ×1): the site is a static page set served from 127.0.0.1, so the preset's simulated network
// is what it measures, and the CPU multiplier of 1 keeps a busy 2-core CI runner from being taken
// for a slow phone. Performance scores vary with load, so a page below the bar is measured once
// more before the test fails. Figures are printed and written to test-artifacts/lighthouse.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, hasChromium } from '../../scripts/lib/browser';
import { serveStatic } from '../../scripts/lib/server';
import { ensureBuilt } from './build';

const ROOT = join(import.meta.dirname, '..', '..');
const BAR = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = { home: '/', board: '/benchmarks/medvision/tl/', model: '/models/demo-vlm-7b/', metric: '/metrics/mv-mre/', explorer: '/explore/medvision/brats24-tumorlesionsize-task05-axial/' };

let server: Awaited<ReturnType<typeof serveStatic>>;
let chrome: chromeLauncher.LaunchedChrome;

async function scores(path: string): Promise<Record<string, number>> {
  const r = await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, desktopConfig);
  const cats = r!.lhr.categories;
  return Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((cats[c]?.score ?? 0) * 100)]));
}

describe.skipIf(!hasChromium())('Lighthouse quality bars (e2e)', () => {
  beforeAll(async () => {
    ensureBuilt(ROOT);
    server = await serveStatic(join(ROOT, 'dist'));
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    chrome?.kill();
    await server?.close();
  });

  it(`home, a board, a model, a metric and an explorer page score ≥ ${BAR} in every category`, async () => {
    const figures: Record<string, Record<string, number>> = {};
    for (const [name, path] of Object.entries(PAGES)) {
      let s = await scores(path);
      if (CATEGORIES.some((c) => s[c]! < BAR)) s = await scores(path); // one retry: performance varies with load
      figures[name] = s;
    }
    mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
    writeFileSync(join(ROOT, 'test-artifacts', 'lighthouse.json'), `${JSON.stringify(figures, null, 1)}\n`);
    console.log(`lighthouse (desktop preset): ${Object.entries(figures).map(([n, s]) => `${n} ${CATEGORIES.map((c) => `${c} ${s[c]}`).join(' ')}`).join(' | ')}`);
    const below = Object.entries(figures).flatMap(([n, s]) => CATEGORIES.filter((c) => s[c]! < BAR).map((c) => `${n} ${c} ${s[c]}`));
    expect(below).toEqual([]);
  }, 600_000);
});
