// npx tsx --expose-gc scripts/bench-memory.ts [--models 200] [--scale N]
// What the build's view models keep in memory, stage by stage, on the corpus `bench:build` wrote
// (bench-data/build-v2-<models>-<scale>/, run bench:build first): the same functions the pages call
// (the gate, every board, the dated snapshots, the compare data and pages, the explorer heads, the
// data API), run in one process as the build runs them; after each stage a full GC and the heap
// still used. The retained heap, not the RSS, says which stage keeps per-sample data (V8 lets the
// RSS grow past what is live). It uses the bench's cache: warm when bench:build ran with this code.
// Prints figures; never fails on them.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const WORK = join(import.meta.dirname, '..', 'bench-data', `build-v2-${arg('models', '200')}-${arg('scale', '0.02')}`);
if (!existsSync(join(WORK, 'DONE'))) throw new Error(`no corpus at ${WORK}: run npm run bench:build with the same --models and --scale first`);
Object.assign(process.env, {
  EVALBOARD_RESULTS: join(WORK, 'results'),
  EVALBOARD_MODELS: join(WORK, 'models'),
  EVALBOARD_REVIEWS: join(WORK, 'reviews'),
  EVALBOARD_REFERENCES: join(WORK, 'references'),
  EVALBOARD_CACHE_DIR: join(WORK, 'cache'),
});
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npx tsx --expose-gc …)');

const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;
const samples = Number(readFileSync(join(WORK, 'DONE'), 'utf8'));
console.log(`corpus ${WORK}: ${samples.toLocaleString('en-US')} MedVision samples; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
let last = 0;
let peakRss = 0;
async function stage(name: string, run: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  const kept = await run();
  gc!();
  gc!();
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  console.log(`${name.padEnd(34)} heap ${mb(m.heapUsed).padStart(9)} (${m.heapUsed - last >= 0 ? '+' : ''}${mb(m.heapUsed - last)}), array buffers ${mb(m.arrayBuffers)}, rss ${mb(m.rss)}, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  last = m.heapUsed;
  (globalThis as { kept?: unknown[] }).kept ??= [];
  (globalThis as { kept?: unknown[] }).kept!.push(kept); // what a build keeps alive until its end (Astro's route props)
}

await stage('start', async () => undefined);
const { admissions } = await import('../src/board/gate');
const { allBoards } = await import('../src/board/boards');
const { allBoardHistories } = await import('../src/board/history-boards');
const { compareEntries } = await import('../src/board/models');
// Loosely typed: the script also measures older code, whose compare module differs.
type Loose = (...args: unknown[]) => Promise<unknown>;
const compare = (await import('../src/board/compare')) as unknown as Record<string, Loose>;
const { explorerPages } = await import('../src/board/explorer');
const { apiDocuments } = await import('../src/board/api');
await stage('modules loaded', async () => undefined);
await stage('gate (every folder validated)', () => admissions());
await stage('boards', () => allBoards());
await stage('dated snapshots', () => allBoardHistories());
// As the build does: the files recorded one entry at a time (older code: every entry's data as route props).
await stage('compare data of every entry', async () => (compare.publishCompareData ?? compare.compareDataFiles)!(await compareEntries()));
await stage('compare pages (every pair)', async () => {
  const pairs = (await compare.comparePairs!(await compareEntries(), await allBoards())) as [unknown, unknown][];
  return compare.comparePages ? compare.comparePages(pairs) : Promise.all(pairs.map(([a, b]) => compare.comparePair!(a, b)));
});
await stage('explorer heads', () => explorerPages());
await stage('data API documents', () => apiDocuments());
console.log(`samples ${samples.toLocaleString('en-US')}: retained heap ${mb(last)}, ${(last / samples).toFixed(0)} B per MedVision sample (with the base); peak rss between stages ${mb(peakRss)}`);
