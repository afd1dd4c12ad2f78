// npm run bench:explorer — the per-sample explorer's first load on a synthetic MedVision unit of
// 1,000 samples × 20 models: builds the site from that corpus, loads the unit page in Chromium and
// sums every response of the first load (HTML, CSS, JS, anything else it requests) gzipped; then
// runs Lighthouse 12.2.3 (performance only, mobile and desktop presets) on the page, served gzipped as the host serves it. Prints figures; never fails on them.
// Options: --samples N (1000), --models M (20), --no-lighthouse, --reuse (measure the last build again).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_CONFIGS } from '../src/benchmarks/medvision/demo/generator';
import { slugify } from '../src/core/slug';
import { writeMedvisionCorpus } from './lib/medvision-corpus';
import { hasChromium, launch } from './lib/browser';
import { serveStatic } from './lib/server';

const ROOT = join(import.meta.dirname, '..');
const WORK = join(ROOT, 'bench-data', 'explorer');
const OUT = join(WORK, 'dist');
const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const SAMPLES = arg('samples', 1000);
const MODELS = arg('models', 20);
const CONFIG = DEMO_CONFIGS.find((c) => c.family === 'TL')!;
const PAGE = `/explore/medvision/${slugify(CONFIG.config)}/`;

function writeCorpus(): void {
  rmSync(WORK, { recursive: true, force: true });
  writeMedvisionCorpus({ root: WORK, entries: MODELS, configs: [CONFIG], perSubtask: SAMPLES, seed: 'bench-explorer', prefix: 'explorer', treeClass: 'full' });
}

/** Every response of the page's first load (until network idle), each gzipped as a server would send it. */
async function firstLoad(url: string): Promise<{ total: number; byType: Record<string, number>; requests: number; rows: number; cols: number }> {
  const { context, close } = await launch({ width: 1400 });
  try {
    const page = await context.newPage();
    const sizes: Promise<[string, number]>[] = [];
    page.on('response', (r) => sizes.push(r.body().then((b) => [r.request().resourceType(), gzipSync(b).length] as [string, number]).catch(() => ['failed', 0] as [string, number])));
    await page.goto(url + PAGE, { waitUntil: 'networkidle' });
    const got = await Promise.all(sizes);
    const byType: Record<string, number> = {};
    for (const [t, n] of got) byType[t] = (byType[t] ?? 0) + n;
    const rows = await page.locator('#xp-table tbody tr').count();
    const cols = await page.locator('#xp-table thead th').count();
    return { total: got.reduce((s, [, n]) => s + n, 0), byType, requests: got.length, rows, cols };
  } finally {
    await close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

console.log(`explorer bench: ${MODELS} synthetic models × 1 MedVision subtask (${CONFIG.config}) × ${SAMPLES} samples; load average ${load()}`);
if (!(process.argv.includes('--reuse') && existsSync(join(OUT, PAGE, 'index.html')))) {
  writeCorpus();
  const t0 = performance.now();
  execFileSync('npx', ['astro', 'build', '--outDir', OUT], { cwd: ROOT, env: { ...process.env, EVALBOARD_RESULTS: join(WORK, 'results'), EVALBOARD_NO_CACHE: '1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`astro build ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const html = readFileSync(join(OUT, PAGE, 'index.html'));
const data = readFileSync(join(OUT, 'explore-data', 'medvision', `${slugify(CONFIG.config)}.json`));
console.log(`unit page HTML ${kb(html.length)} raw, ${kb(gzipSync(html).length)} gzipped; its data document (on demand) ${kb(data.length)} raw, ${kb(gzipSync(data).length)} gzipped`);
if (!hasChromium()) {
  console.log('first-load and Lighthouse skipped: /usr/bin/chromium is not installed');
} else {
  const server = await serveStatic(OUT);
  try {
    const f = await firstLoad(server.url);
    console.log(`first load of ${PAGE}: ${f.requests} requests, ${kb(f.total)} gzipped (budget 100 KB): ${Object.entries(f.byType).map(([t, n]) => `${t} ${kb(n)}`).join(', ')}; ${f.rows} rows × ${f.cols - 2} entries rendered`);
    if (!process.argv.includes('--no-lighthouse')) {
      // Both presets: mobile (Moto G Power viewport, slow 4G, CPU ×4 simulated) and desktop.
      for (const preset of ['mobile', 'desktop'] as const) {
        const report = join(WORK, `lighthouse-${preset}.json`);
        const flags = ['--chrome-flags=--headless --no-sandbox --disable-gpu', '--only-categories=performance', '--output=json', `--output-path=${report}`, '--quiet', ...(preset === 'desktop' ? ['--preset=desktop'] : [])];
        try {
          // Asynchronously: the static server runs in this process and must keep answering.
          await promisify(execFile)('npx', ['lighthouse', server.url + PAGE, ...flags], { cwd: ROOT, env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, timeout: 1_200_000 });
          const lh = JSON.parse(readFileSync(report, 'utf8')) as { lighthouseVersion: string; categories: { performance: { score: number } }; audits: Record<string, { numericValue?: number; displayValue?: string }> };
          const a = (id: string) => lh.audits[id]?.displayValue ?? '—';
          console.log(`Lighthouse ${lh.lighthouseVersion} (${preset} preset, simulated throttling): performance ${Math.round(lh.categories.performance.score * 100)}; FCP ${a('first-contentful-paint')}, LCP ${a('largest-contentful-paint')}, TBT ${a('total-blocking-time')}, CLS ${a('cumulative-layout-shift')}, SI ${a('speed-index')}, DOM ${a('dom-size')}, total byte weight ${a('total-byte-weight')}; load average ${load()}`);
        } catch (err) {
          console.log(`Lighthouse (${preset}) failed: ${(err as Error).message.split('\n')[0]}`);
        }
      }
    }
  } finally {
    await server.close();
  }
}
