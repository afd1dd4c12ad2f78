// The product cache on a temp MedVision tree: a build computes every submission's data-API sample
// files and explorer pieces once; a second build after adding one submission computes only that
// submission's (the cache log says which) and serves the others' bytes unchanged; and what the
// cache serves equals what a build without the cache computes. Each "build" is a fresh module graph.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS } from '../../src/benchmarks/medvision/demo/generator';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-product-cache-'));
const LOG = join(TMP, 'cache.log');
const saved = { ...process.env };
for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES', 'EVALBOARD_NO_CACHE']) delete process.env[k];
process.env.EVALBOARD_RESULTS = join(TMP, 'results');
process.env.EVALBOARD_CACHE_DIR = join(TMP, 'cache');
process.env.EVALBOARD_CACHE_LOG = LOG;
afterAll(() => {
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

const configs = (['TL', 'AD', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!);
const corpus = (entries: number) => writeMedvisionCorpus({ root: TMP, entries, configs, perSubtask: 6, seed: 'product-cache', prefix: 'pc', treeClass: 'pilot' });

/** One build's products: every API document's bytes and every explorer unit's data document and texts, with the cache log it wrote. */
async function build(): Promise<{ files: Map<string, string>; log: string[] }> {
  writeFileSync(LOG, '');
  vi.resetModules();
  const { apiDocuments, documentBody } = await import('../../src/board/api');
  const { explorerPages } = await import('../../src/board/explorer');
  const files = new Map<string, string>();
  for (const d of await apiDocuments()) {
    const body = documentBody(d);
    files.set(d.path, typeof body === 'string' ? body : Buffer.from(body).toString('base64'));
  }
  for (const head of await explorerPages()) {
    const page = await head.load();
    files.set(`explore/${head.unit}`, JSON.stringify(page.doc));
    for (const i of head.textEntries) files.set(`explore/${head.unit}/${i}`, JSON.stringify(page.texts.get(i)));
  }
  return { files, log: readFileSync(LOG, 'utf8').trim().split('\n').filter(Boolean) };
}

const folderOf = (line: string) => line.split(' ')[2]!.split('/').at(-1)!;
const lines = (log: string[], what: 'hit' | 'miss', kind: string) => log.filter((l) => l.startsWith(`${what} ${kind} `)).map(folderOf).sort();

describe('the product cache', () => {
  it('recomputes only an added submission’s products and serves the rest unchanged, equal to an uncached build', { timeout: 300_000 }, async () => {
    corpus(3);
    const first = await build();
    const old = ['pc-model-000-pc', 'pc-model-001-pc', 'pc-model-002-pc'];
    for (const kind of ['api-samples/medvision', 'explorer/medvision']) {
      expect(lines(first.log, 'miss', kind), kind).toEqual(old);
      expect(lines(first.log, 'hit', kind), kind).toEqual([]);
    }
    // The explorer's unit documents carry per-sample cells of every entry.
    expect([...first.files.keys()].filter((k) => k.startsWith('explore/') && !k.slice(8).includes('/'))).toHaveLength(3);
    expect([...first.files.keys()].filter((k) => k.endsWith('.parquet'))).toHaveLength(9);

    corpus(4); // the same three submissions (identical bytes) and a fourth
    const second = await build();
    for (const kind of ['api-samples/medvision', 'explorer/medvision']) {
      expect(lines(second.log, 'miss', kind), kind).toEqual(['pc-model-003-pc']);
      expect(lines(second.log, 'hit', kind), kind).toEqual(old);
    }
    // The old submissions' sample files are the bytes the first build wrote.
    const oldSamples = [...first.files.keys()].filter((k) => k.includes('/samples/'));
    expect(oldSamples.length).toBeGreaterThan(0);
    for (const k of oldSamples) expect(second.files.get(k), k).toBe(first.files.get(k));

    process.env.EVALBOARD_NO_CACHE = '1';
    try {
      const fresh = await build();
      expect([...fresh.files.keys()].sort()).toEqual([...second.files.keys()].sort());
      for (const [k, v] of fresh.files) expect(second.files.get(k), k).toBe(v);
    } finally {
      delete process.env.EVALBOARD_NO_CACHE;
    }
  });
});
