// The product cache on a temp MedVision tree: a build computes every submission's data-API sample
// files, explorer pieces and explorer unit documents once, scoring each folder once; a second build after adding one
// submission computes only that submission's and the one unit it ran (the cache log says which),
// that unit from the old entries' cached fragments, and every other per-sample file it publishes
// (the old entries' texts on that unit too) is a hard link to the cache file the first build
// published; a changed submission reassembles every unit it ran; and what a build publishes equals
// what a build without the cache computes.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS, TASK_TAG } from '../../src/benchmarks/medvision/demo/generator';
import { slugify } from '../../src/core/slug';
import { productBuild } from '../helpers/product-build';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-product-cache-'));
const LOG = join(TMP, 'cache.log');
const LINKS = join(TMP, 'links.log');
const saved = { ...process.env };
for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES', 'EVALBOARD_NO_CACHE']) delete process.env[k];
process.env.EVALBOARD_RESULTS = join(TMP, 'results');
process.env.EVALBOARD_CACHE_DIR = join(TMP, 'cache');
process.env.EVALBOARD_CACHE_LOG = LOG;
process.env.EVALBOARD_LINK_LOG = LINKS;
afterAll(() => {
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

const configs = (['TL', 'AD', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!);
const corpus = (entries: number) => writeMedvisionCorpus({ root: TMP, entries, configs, perSubtask: 6, seed: 'product-cache', prefix: 'pc', treeClass: 'pilot' });

let builds = 0;
const build = () => productBuild({ log: LOG, links: LINKS, out: join(TMP, `out-${builds++}`) });

const folderOf = (line: string) => line.split(' ')[2]!.split('/').at(-1)!;
const lines = (log: string[], what: 'hit' | 'miss' | 'score', kind: string) => log.filter((l) => l.startsWith(`${what} ${kind} `)).map(folderOf).sort();
const perSample = (path: string) => path.startsWith('api/v1/samples/') || path.startsWith('explore-data/');

describe('the product cache', () => {
  it('recomputes only an added submission’s products and the units it touches, links the rest from the cache, equal to an uncached build', { timeout: 300_000 }, async () => {
    corpus(3);
    const first = await build();
    const old = ['pc-model-000-pc', 'pc-model-001-pc', 'pc-model-002-pc'];
    for (const kind of ['api-samples/medvision', 'explorer/medvision']) expect(lines(first.log, 'miss', kind), kind).toEqual(old);
    expect(lines(first.log, 'hit', 'api-samples/medvision')).toEqual([]);
    // One scoring pass per folder: the gate's computes every product; the data API reads its rows
    // from the explorer pieces (a hit), and no stage scores the folder again.
    expect(lines(first.log, 'score', 'medvision')).toEqual(old);
    const units = lines(first.log, 'miss', 'explorer-unit/medvision');
    expect(units).toHaveLength(3);
    // The explorer's unit documents carry per-sample cells of every entry.
    expect([...first.files.keys()].filter((k) => k.startsWith('explore-data/medvision/') && k.split('/').length === 3)).toHaveLength(3);
    expect([...first.files.keys()].filter((k) => k.endsWith('.parquet'))).toHaveLength(9);
    // No per-sample file is a route: each is linked from the cache.
    const linkedPaths = new Set(first.links.map((l) => l.split(' ')[1]!));
    for (const k of first.files.keys()) expect(linkedPaths.has(k), k).toBe(perSample(k));

    // The same three submissions (identical bytes) and a fourth that ran one of the three subtasks.
    corpus(4);
    const tl = configs[0]!.config;
    for (const c of configs.slice(1)) rmSync(join(TMP, 'results', 'medvision', 'pc-model-003-pc', 'Results', TASK_TAG[c.family]), { recursive: true, force: true });
    const second = await build();
    for (const kind of ['api-samples/medvision', 'explorer/medvision']) expect(lines(second.log, 'miss', kind), kind).toEqual(['pc-model-003-pc']);
    expect(lines(second.log, 'hit', 'api-samples/medvision')).toEqual(old);
    expect(new Set(lines(second.log, 'hit', 'explorer/medvision'))).toEqual(new Set([...old, 'pc-model-003-pc']));
    expect(lines(second.log, 'score', 'medvision')).toEqual(['pc-model-003-pc']);
    // Only the unit the new submission ran is reassembled; the other two are linked as they were.
    const touched = units.filter((u) => u === slugify(tl));
    expect(touched).toHaveLength(1);
    expect(lines(second.log, 'miss', 'explorer-unit/medvision')).toEqual(touched);
    expect(lines(second.log, 'hit', 'explorer-unit/medvision')).toEqual(units.filter((u) => !touched.includes(u)));
    // The touched unit is assembled from its entries' cached fragments: only the new entry's are
    // computed, and its frame (samples) is the first build's (the new entry adds no sample).
    expect(lines(second.log, 'miss', 'explorer-entry/medvision')).toEqual(['pc-model-003-pc']);
    expect(lines(second.log, 'hit', 'explorer-entry/medvision')).toEqual(old);
    expect(lines(second.log, 'miss', 'explorer-frame/medvision')).toEqual([]);
    // Every per-sample file not of the new submission, nor the touched unit's document, is the
    // cache's file itself (same inode) and the bytes the first build published: the old entries'
    // texts documents on the touched unit too.
    const fresh = (k: string) => k.includes('/pc-model-003') || k === `explore-data/medvision/${touched[0]}.json`;
    const untouched = [...second.files.keys()].filter((k) => perSample(k) && !fresh(k));
    expect(untouched.length).toBeGreaterThan(9);
    const sources = new Map(second.links.map((l) => [l.split(' ')[1]!, l.split(' ')]));
    for (const k of untouched) {
      const [how, , from] = sources.get(k)!;
      expect(how, k).toBe('link');
      expect(statSync(join(second.out, k)).ino, k).toBe(statSync(from!).ino);
      expect(second.files.get(k), k).toBe(first.files.get(k));
    }
    expect(untouched.filter((k) => k.startsWith(`explore-data/medvision/${touched[0]}/`))).toHaveLength(3);
    // The new submission's sample files and the touched unit's document are new cache files.
    const firstSources = new Set(first.links.map((l) => l.split(' ')[2]));
    const renewed = [...second.files.keys()].filter((k) => perSample(k) && fresh(k));
    expect(renewed.length).toBeGreaterThan(2);
    for (const k of renewed) expect(firstSources.has(sources.get(k)![2]), k).toBe(false);

    // Two old submissions rewritten with other results: every unit they ran is reassembled.
    writeMedvisionCorpus({ root: TMP, entries: 2, configs, perSubtask: 6, seed: 'product-cache-changed', prefix: 'pc', treeClass: 'pilot' });
    const third = await build();
    expect(lines(third.log, 'miss', 'explorer/medvision')).toEqual(old.slice(0, 2));
    // (The rewritten corpus has a new reference file: every folder's check misses and scores it, once.)
    expect(lines(third.log, 'score', 'medvision')).toEqual([...old, 'pc-model-003-pc']);
    expect(lines(third.log, 'miss', 'explorer-unit/medvision')).toEqual(units);

    process.env.EVALBOARD_NO_CACHE = '1';
    try {
      const uncached = await build();
      expect(uncached.links.every((l) => l.startsWith('write '))).toBe(true);
      expect([...uncached.files.keys()].sort()).toEqual([...third.files.keys()].sort());
      for (const [k, v] of uncached.files) expect(third.files.get(k), k).toBe(v);
    } finally {
      delete process.env.EVALBOARD_NO_CACHE;
    }
  });
});
