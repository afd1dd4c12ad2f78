// A sweep after a build on a temp MedVision tree (the deploy workflow's EVALBOARD_CACHE_PRUNE=1):
// after one submission is deleted and another rewritten, the sweep deletes the old entries of both
// and keeps everything the build used — the next build over the same tree computes nothing (every
// lookup a hit) and publishes the same bytes.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS } from '../../src/benchmarks/medvision/demo/generator';
import { productBuild } from '../helpers/product-build';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-cache-sweep-'));
const CACHE = join(TMP, 'cache');
const LOG = join(TMP, 'cache.log');
const LINKS = join(TMP, 'links.log');
const saved = { ...process.env };
for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES', 'EVALBOARD_NO_CACHE']) delete process.env[k];
process.env.EVALBOARD_RESULTS = join(TMP, 'results');
process.env.EVALBOARD_CACHE_DIR = CACHE;
process.env.EVALBOARD_CACHE_LOG = LOG;
process.env.EVALBOARD_LINK_LOG = LINKS;
afterAll(() => {
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

const configs = (['TL', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!);
const corpus = (entries: number, seed = 'cache-sweep') => writeMedvisionCorpus({ root: TMP, entries, configs, perSubtask: 5, seed, prefix: 'cs', treeClass: 'pilot' });

let builds = 0;
/** A build with this process's record of cache uses started afresh (as a new build process would). */
async function build() {
  const { clearCacheUses } = await import('../../src/ingest/cache-use');
  clearCacheUses();
  const { forgetFileFacts } = await import('../../src/ingest/file-facts');
  forgetFileFacts();
  return productBuild({ log: LOG, links: LINKS, out: join(TMP, `out-${builds++}`) });
}

/** Every file below the cache, relative to it. */
function cacheFiles(dir = CACHE, rel = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? cacheFiles(join(dir, e.name), `${rel}${e.name}/`) : [`${rel}${e.name}`]));
}

const entryDirs = (kind: string) => readdirSync(join(CACHE, 'products', kind)).sort();

describe('the cache sweep', () => {
  it('deletes what the build did not use, keeps what it did: the next build hits every entry and publishes the same bytes', { timeout: 300_000 }, async () => {
    corpus(3);
    await build();
    const before = new Set(cacheFiles());
    const apiEntries = entryDirs('api-samples/medvision');
    expect(apiEntries).toHaveLength(3);

    // One submission deleted, one rewritten with other results.
    rmSync(join(TMP, 'results', 'medvision', 'cs-model-002-cs'), { recursive: true });
    writeMedvisionCorpus({ root: TMP, entries: 1, configs, perSubtask: 5, seed: 'cache-sweep-changed', prefix: 'cs', treeClass: 'pilot' });
    await new Promise((r) => setTimeout(r, 20)); // the first build's files are older than the second build
    const started = Date.now();
    const second = await build();
    expect(second.log.filter((l) => l.startsWith('miss ')).length).toBeGreaterThan(0);

    const { cacheCompactors, cacheUses } = await import('../../src/ingest/cache-use');
    const { sweepCache } = await import('../../src/ingest/cache-prune');
    const used = new Set(cacheUses());
    for (const compact of cacheCompactors()) compact();
    const r = sweepCache({ root: CACHE, used, keepSince: started });
    expect(r.skipped).toBeUndefined();
    const after = cacheFiles();
    // Two of the three old submissions' product entries went (the deleted one and the old content
    // of the rewritten one); the kept one and the new content stay.
    const kept = entryDirs('api-samples/medvision');
    expect(kept).toHaveLength(2);
    expect(kept.filter((k) => apiEntries.includes(k))).toHaveLength(1);
    expect(r.removed).toBe([...before].filter((f) => !after.includes(f)).length);
    expect(r.removed).toBeGreaterThan(4);
    // Nothing is left that the build did not use: each file is a used file, inside a used entry
    // folder, or the tag.
    const usedRel = [...used].map((p) => p.slice(CACHE.length + 1));
    for (const f of after) expect(f === 'CACHEDIR.TAG' || usedRel.some((u) => f === u || f.startsWith(`${u}/`)), f).toBe(true);
    // File facts name no file of the deleted submission any more.
    const facts = Object.keys((JSON.parse(readFileSync(join(CACHE, 'file-facts.json'), 'utf8')) as { entries: object }).entries);
    expect(facts.length).toBeGreaterThan(0);
    expect(facts.filter((f) => f.includes('cs-model-002-cs'))).toEqual([]);
    // The second build's published files are still there (their own links to the bytes).
    for (const l of second.links) expect(existsSync(join(second.out, l.split(' ')[1]!)), l).toBe(true);

    // The next build computes nothing: no product lookup misses and no cache file is written
    // (a score-cache miss would write its entry again).
    const stamps = () => new Map(cacheFiles().map((f) => [f, statSync(join(CACHE, f)).mtimeMs]));
    const swept = stamps();
    const third = await build();
    expect(stamps()).toEqual(swept);
    expect(third.log.filter((l) => l.startsWith('miss '))).toEqual([]);
    expect(third.log.length).toBeGreaterThan(0);
    expect([...third.files.keys()].sort()).toEqual([...second.files.keys()].sort());
    for (const [k, v] of third.files) expect(v, k).toBe(second.files.get(k));
    for (const l of third.links) expect(l.startsWith('link '), l).toBe(true);
    expect(statSync(CACHE).isDirectory()).toBe(true);
  });
});
