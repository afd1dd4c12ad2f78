// npm run bench:site — a MedVision board page with 200 synthetic models: gzipped HTML + CSS + JS
// of the page, and the in-browser time to sort 1000 rows. Prints figures; never fails on them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_CONFIGS, TASK_TAG, demoRecords, type DemoModel } from '../src/benchmarks/medvision/demo/generator';
import { hashSeed, mulberry32 } from '../src/core/prng';
import { writeDemoSubmission } from '../src/ingest/demo-files';
import { hasChromium, launch } from './lib/browser';
import { serveStatic } from './lib/server';

const ROOT = join(import.meta.dirname, '..');
const WORK = join(ROOT, 'bench-data', 'site');
const RESULTS = join(WORK, 'results');
/** The synthetic models' registry files (models/<id>.json), beside the results. */
const MODELS_DIR = join(WORK, 'models');
const REVIEWS = join(WORK, 'reviews');
const target = { resultsRoot: RESULTS, modelsRoot: MODELS_DIR, reviewsRoot: REVIEWS };
const OUT = join(WORK, 'dist');
const MODELS = 200;
const PER_SUBTASK = 20;
const BOARD = '/benchmarks/medvision/tl/';

function writeCorpus(): void {
  rmSync(RESULTS, { recursive: true, force: true });
  rmSync(MODELS_DIR, { recursive: true, force: true });
  rmSync(REVIEWS, { recursive: true, force: true });
  const rand = mulberry32(hashSeed('bench-site'));
  for (let i = 0; i < MODELS; i++) {
    const open = i % 3 !== 0;
    const model: DemoModel = {
      name: `bench-model-${String(i).padStart(3, '0')}`,
      org: `Org ${String.fromCharCode(65 + (i % 12))}`,
      weights: open ? 'open' : 'closed',
      release_date: `202${4 + (i % 3)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
      relError: 0.1 + rand() * 0.5,
      failRate: rand() * 0.1,
      boxJitter: 0.1 + rand() * 0.5,
    };
    const id = `${model.name}-bench`;
    const dir = join(RESULTS, 'medvision', id);
    for (const cfg of DEMO_CONFIGS) {
      const parsed = join(dir, 'Results', TASK_TAG[cfg.family], model.name, 'parsed');
      mkdirSync(parsed, { recursive: true });
      writeFileSync(join(parsed, `20260901_120000_samples_${cfg.config}.jsonl`), [...demoRecords(model, cfg, PER_SUBTASK)].join('\n') + '\n');
    }
    // submission.json, the maintainer's review (reviews/<benchmark>/<id>.json: a review field in
    // submission.json is refused by the gate, which left the boards empty) and the registry file.
    writeDemoSubmission(target, { id, benchmark: 'medvision', model, harness: { name: 'medvision_bm', version: '1.2.0' }, notes: 'Synthetic bench:site data; not a real model.', reviewText: 'Synthetic bench data.' });
  }
}

function assetSizes(html: string): { html: number; css: number; js: number; files: string[] } {
  const refs = [...html.matchAll(/<(?:link[^>]+rel="stylesheet"[^>]+href|script[^>]+src)="([^"]+)"/g)].map((m) => m[1]!);
  let css = 0, js = 0;
  for (const ref of refs) {
    const file = join(OUT, ref.replace(/^\//, ''));
    if (!existsSync(file)) continue;
    const n = gzipSync(readFileSync(file)).length;
    if (ref.endsWith('.css')) css += n; else js += n;
  }
  return { html: gzipSync(html).length, css, js, files: refs };
}

async function sortTimes(url: string): Promise<{ rows: number; index: number; sorts: number[] }> {
  const { context, close } = await launch();
  try {
    const page = await context.newPage();
    await page.goto(url + BOARD, { waitUntil: 'load' });
    return await page.evaluate(() => {
      const api = (window as unknown as { __boardSort: { indexTable: (t: HTMLTableElement) => unknown[]; sortTable: (t: HTMLTableElement, rows: unknown[], col: number, dir: 'asc' | 'desc') => number } }).__boardSort;
      const table = [...document.querySelectorAll<HTMLTableElement>('table[data-board]')].sort((a, b) => b.tBodies[0]!.rows.length - a.tBodies[0]!.rows.length)[0]!;
      const body = table.tBodies[0]!;
      const originals = [...body.rows];
      for (let i = 0; body.rows.length < 1000; i++) body.appendChild(originals[i % originals.length]!.cloneNode(true));
      const t0 = performance.now();
      const rows = api.indexTable(table);
      const index = performance.now() - t0;
      const primary = [...table.tHead!.rows[0]!.cells].findIndex((th) => th.hasAttribute('data-dir'));
      const sorts: number[] = [];
      const plan: [number, 'asc' | 'desc'][] = [[primary, 'desc'], [primary, 'asc'], [1, 'asc'], [1, 'desc'], [5, 'desc'], [2, 'asc'], [primary + 1, 'desc'], [0, 'asc']];
      for (const [col, dir] of [...plan, ...plan]) sorts.push(api.sortTable(table, rows, col, dir));
      return { rows: table.tBodies[0]!.rows.length, index, sorts };
    });
  } finally {
    await close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

writeCorpus();
const t0 = performance.now();
execFileSync('npx', ['astro', 'build', '--outDir', OUT], { cwd: ROOT, env: { ...process.env, EVALBOARD_RESULTS: RESULTS, EVALBOARD_MODELS: MODELS_DIR, EVALBOARD_REVIEWS: REVIEWS }, stdio: ['ignore', 'ignore', 'inherit'] });
const buildMs = performance.now() - t0;
const html = readFileSync(join(OUT, BOARD, 'index.html'));
const rows = (html.toString().match(/<tr data-w=/g) ?? []).length;
// An empty board would measure nothing: the corpus is broken, not the page light.
if (rows === 0) throw new Error(`bench:site: the board ${BOARD} has no rows (were the synthetic submissions admitted?)`);
const s = assetSizes(html.toString());
console.log(`site bench: ${MODELS} synthetic MedVision models × ${DEMO_CONFIGS.length} subtasks × ${PER_SUBTASK} samples; astro build ${(buildMs / 1000).toFixed(1)} s`);
console.log(`board ${BOARD}: ${rows} rows; gzipped HTML ${(s.html / 1024).toFixed(1)} KB + CSS ${(s.css / 1024).toFixed(1)} KB + JS ${(s.js / 1024).toFixed(1)} KB = ${((s.html + s.css + s.js) / 1024).toFixed(1)} KB (budget 50 KB)`);
if (!hasChromium()) {
  console.log('sort timing skipped: /usr/bin/chromium is not installed');
} else {
  const server = await serveStatic(OUT);
  try {
    const t = await sortTimes(server.url);
    console.log(`  each sort (ms): ${t.sorts.map((x) => x.toFixed(1)).join(' ')}`);
    console.log(`sort ${t.rows} rows in chromium: median ${median(t.sorts).toFixed(2)} ms, max ${Math.max(...t.sorts).toFixed(2)} ms over ${t.sorts.length} sorts (budget 16 ms); indexing once ${t.index.toFixed(2)} ms`);
  } finally {
    await server.close();
  }
}
