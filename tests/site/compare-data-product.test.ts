// Each entry's compare data is a per-submission product (`compare-data/<benchmark>` in the product
// cache): a build after adding one MedVision submission computes compare data for that entry alone
// (the cache log says which), the other entries' data hit the cache, and the published
// `/compare-data/` files and the pair pages are the bytes and rows a cold build (empty cache) gives.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS } from '../../src/benchmarks/medvision/demo/generator';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-compare-data-'));
const LOG = join(TMP, 'cache.log');
const saved = { ...process.env };
for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES', 'EVALBOARD_NO_CACHE']) delete process.env[k];
process.env.EVALBOARD_RESULTS = join(TMP, 'results');
process.env.EVALBOARD_CACHE_LOG = LOG;
afterAll(() => {
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

const configs = (['TL', 'AD', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!);
// 32 samples per subtask: above the boards' minimum of 30, so every entry is ranked.
const corpus = (entries: number, seed = 'compare-data') => writeMedvisionCorpus({ root: TMP, entries, configs, perSubtask: 32, seed, prefix: 'cd', treeClass: 'pilot' });

/** The compare stages of a site build against the cache folder `cache`, in a fresh module graph. */
async function build(cache: string) {
  process.env.EVALBOARD_CACHE_DIR = join(TMP, cache);
  writeFileSync(LOG, '');
  vi.resetModules();
  const { clearPublishedFiles, publishedFiles } = await import('../../src/ingest/published-files');
  clearPublishedFiles();
  const { compareEntries } = await import('../../src/board/models');
  const { allBoards } = await import('../../src/board/boards');
  const compare = await import('../../src/board/compare');
  const entries = await compareEntries();
  const pages = await compare.comparePages(await compare.comparePairs(entries, await allBoards()));
  const published = await compare.publishCompareData(entries);
  const files = Object.fromEntries(
    publishedFiles()
      .filter((f) => f.path.startsWith('compare-data/'))
      .map((f) => [f.path, ('file' in f ? readFileSync(f.file) : Buffer.from(f.bytes)).toString('utf8')]),
  );
  const log = readFileSync(LOG, 'utf8').trim().split('\n');
  const of = (what: string) => log.filter((l) => l.startsWith(`${what} compare-data/medvision `)).map((l) => l.split(' ')[2]!.replace(/^medvision\//, '').split('~')[0]!).sort();
  return { entries: entries.length, published, files, pages, miss: of('miss'), hit: of('hit') };
}

const models = (n: number) => Array.from({ length: n }, (_, i) => `cd-model-${String(i).padStart(3, '0')}`);

describe('compare data as a per-submission product', () => {
  it('is computed only for a new entry, and a warm build publishes what a cold one does', { timeout: 600_000 }, async () => {
    corpus(5);
    const first = await build('cache');
    expect(first.entries).toBe(5);
    expect(first.miss).toEqual(models(5));
    expect(first.hit).toEqual([]);

    corpus(6);
    const second = await build('cache');
    expect(second.published).toBe(6);
    expect(second.miss).toEqual(['cd-model-005']);
    expect(second.hit).toEqual(models(5));

    const cold = await build('cold-cache');
    expect(cold.miss).toEqual(models(6));
    expect(Object.keys(second.files)).toHaveLength(6);
    expect(second.files).toEqual(cold.files);
    expect(second.pages).toEqual(cold.pages);

    // Two submissions rewritten with other results: their data is computed anew.
    corpus(2, 'compare-data-changed');
    const third = await build('cache');
    expect(third.miss).toEqual(expect.arrayContaining(['cd-model-000', 'cd-model-001']));
    const thirdCold = await build('cold-cache-2');
    expect(third.files).toEqual(thirdCold.files);
    expect(third.files).not.toEqual(second.files);
  });
});
