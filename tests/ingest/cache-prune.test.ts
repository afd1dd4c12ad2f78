// The cache sweep (src/ingest/cache-prune.ts) on temp folders: what a build used stays, what it did
// not use goes, and the guards hold — an untagged folder is never swept, a recent file is kept (a
// concurrent build's), a link is removed without touching its target; and the two one-file stores
// (file facts, bootstrap results) keep only what this process used.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepCache } from '../../src/ingest/cache-prune';
import { CACHEDIR_TAG, ensureCacheRoot } from '../../src/ingest/cache-root';
import { cacheCompactors, cacheUses, clearCacheUses } from '../../src/ingest/cache-use';

let dir: string;
let root: string;
const saved = { ...process.env };
const OLD = new Date(Date.now() - 3_600_000);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'evalboard-sweep-'));
  root = join(dir, 'cache');
  process.env.EVALBOARD_CACHE_DIR = root;
  delete process.env.EVALBOARD_NO_CACHE;
  clearCacheUses();
});
afterEach(() => {
  clearCacheUses();
  process.env = { ...saved };
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `rel` under the cache root with an mtime an hour ago (a previous build's file). */
function old(rel: string, body = rel): string {
  const p = join(root, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, body);
  utimesSync(p, OLD, OLD);
  return p;
}

/** Every file and folder under the root an hour old, as a previous build left them (a folder's mtime moves when an entry is added). */
function ageAll(at = root): void {
  for (const e of readdirSync(at, { withFileTypes: true })) {
    const p = join(at, e.name);
    if (e.isDirectory()) ageAll(p);
    if (!e.isSymbolicLink()) utimesSync(p, OLD, OLD);
  }
  utimesSync(at, OLD, OLD);
}

describe('sweepCache', () => {
  it('keeps used files and entry folders whole, deletes the rest, and removes folders left empty', () => {
    ensureCacheRoot();
    const usedScore = old('medvision/aaa.json');
    old('medvision/bbb.json', 'x'.repeat(100));
    old('medvision/check/ccc.json');
    const usedEntry = join(root, 'products/api-samples/medvision/k1');
    old('products/api-samples/medvision/k1/meta.json');
    old('products/api-samples/medvision/k1/p-a');
    old('products/api-samples/medvision/k2/meta.json');
    old('products/api-samples/medvision/k2/p-a');
    old('products/published/ab/abcdef');
    old('products/published/cd/cdef01');
    old('medvision/ddd.json.1234.tmp'); // a killed build's temp file
    ageAll();
    const r = sweepCache({ root, used: new Set([usedScore, usedEntry, join(root, 'products/published/ab/abcdef')]), keepSince: Date.now() });
    expect(r.skipped).toBeUndefined();
    expect(r.removed).toBe(6);
    const goneFiles = ['medvision/check/ccc.json', 'products/api-samples/medvision/k2/meta.json', 'products/api-samples/medvision/k2/p-a', 'products/published/cd/cdef01', 'medvision/ddd.json.1234.tmp'];
    expect(r.bytes).toBe(100 + goneFiles.reduce((n, f) => n + f.length, 0));
    for (const kept of ['medvision/aaa.json', 'products/api-samples/medvision/k1/meta.json', 'products/api-samples/medvision/k1/p-a', 'products/published/ab/abcdef', CACHEDIR_TAG]) expect(existsSync(join(root, kept)), kept).toBe(true);
    for (const gone of ['medvision/bbb.json', 'medvision/check', 'products/api-samples/medvision/k2', 'products/published/cd', 'medvision/ddd.json.1234.tmp']) expect(existsSync(join(root, gone)), gone).toBe(false);
  });

  it('keeps a file changed at or after keepSince (a build sharing the cache may be using it)', () => {
    ensureCacheRoot();
    old('latch/old.json');
    writeFileSync(join(root, 'latch', 'new.json'), '{}');
    const r = sweepCache({ root, used: new Set(), keepSince: Date.now() - 60_000 });
    expect(r.removed).toBe(1);
    expect(existsSync(join(root, 'latch', 'new.json'))).toBe(true);
    expect(existsSync(join(root, 'latch', 'old.json'))).toBe(false);
  });

  it('never sweeps a folder without the cache tag, and removes a link without following it', () => {
    old('medvision/aaa.json');
    const untagged = sweepCache({ root, used: new Set(), keepSince: Date.now() });
    expect(untagged.skipped).toMatch(/CACHEDIR\.TAG/);
    expect(existsSync(join(root, 'medvision/aaa.json'))).toBe(true);
    // A tag without the specification's signature is not a tag.
    writeFileSync(join(root, CACHEDIR_TAG), 'not a tag\n');
    expect(sweepCache({ root, used: new Set(), keepSince: Date.now() }).skipped).toMatch(/CACHEDIR\.TAG/);
    rmSync(join(root, CACHEDIR_TAG));

    ensureCacheRoot();
    const outside = join(dir, 'precious');
    mkdirSync(outside);
    writeFileSync(join(outside, 'keep.txt'), 'mine');
    symlinkSync(outside, join(root, 'medvision', 'link'));
    ageAll();
    const r = sweepCache({ root, used: new Set(), keepSince: Date.now() + 1000 });
    expect(r.skipped).toBeUndefined();
    expect(existsSync(join(root, 'medvision'))).toBe(false);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('mine');
  });
});

describe('the one-file stores under a sweep', () => {
  it('file facts keep only the files this process looked up', async () => {
    const { fileFacts, flushFileFacts, forgetFileFacts } = await import('../../src/ingest/file-facts');
    forgetFileFacts();
    const files = ['a', 'b', 'c'].map((n) => {
      const p = join(dir, `${n}.jsonl`);
      writeFileSync(p, `{"n":"${n}"}\n`);
      utimesSync(p, OLD, OLD);
      return p;
    });
    for (const f of files) fileFacts(f, { racyMs: 0 });
    flushFileFacts();
    const entries = () => Object.keys((JSON.parse(readFileSync(join(root, 'file-facts.json'), 'utf8')) as { entries: object }).entries).sort();
    expect(entries()).toEqual(files);
    // The next build looks up two of them (the third file was deleted from results/).
    forgetFileFacts();
    clearCacheUses();
    rmSync(files[2]!);
    fileFacts(files[0]!, { racyMs: 0 });
    fileFacts(files[1]!, { racyMs: 0 });
    expect(cacheUses().has(join(root, 'file-facts.json'))).toBe(true);
    for (const compact of cacheCompactors()) compact();
    expect(entries()).toEqual(files.slice(0, 2));
    forgetFileFacts();
  });

  it('bootstrap results keep only the inputs this process looked up or drew', async () => {
    const { persistBootstraps } = await import('../../src/ingest/bootstrap-store');
    const { setBootstrapMemo, stratifiedBootstrap } = await import('../../src/core/stats/bootstrap');
    const lines = () => readFileSync([...cacheUses()].find((p) => p.endsWith('.jsonl'))!, 'utf8').trim().split('\n');
    const opts = { seedLabel: 'sweep-test', replicates: 200 };
    try {
      persistBootstraps();
      const a = stratifiedBootstrap([[1, 2, 3, 4]], 'pooled', opts);
      stratifiedBootstrap([[1, 2, 3, 40]], 'pooled', opts);
      stratifiedBootstrap([[1, 2, 30, 40]], 'pooled', opts);
      expect(lines()).toHaveLength(3);
      // A later build that needs only the first.
      clearCacheUses();
      persistBootstraps();
      expect(stratifiedBootstrap([[1, 2, 3, 4]], 'pooled', opts)).toEqual(a);
      for (const compact of cacheCompactors()) compact();
      expect(lines()).toHaveLength(1);
      // What is left still serves: a fresh store reads it back.
      clearCacheUses();
      persistBootstraps();
      expect(stratifiedBootstrap([[1, 2, 3, 4]], 'pooled', opts)).toEqual(a);
      expect(lines()).toHaveLength(1);
    } finally {
      setBootstrapMemo(undefined);
    }
  });
});

describe('the build’s sweep (src/integrations/cache-sweep.ts)', () => {
  const run = async () => {
    const { default: cacheSweep } = await import('../../src/integrations/cache-sweep');
    const logged: string[] = [];
    const logger = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(`warn ${m}`) };
    const hook = cacheSweep().hooks['astro:build:done'] as unknown as (o: { logger: typeof logger }) => void;
    hook({ logger });
    return logged;
  };

  it('sweeps only under EVALBOARD_CACHE_PRUNE=1, after the published files are linked', async () => {
    const { publishBytes } = await import('../../src/ingest/published-files');
    publishBytes('explore-data/x.json', '{"x":1}');
    const blob = [...cacheUses()].find((p) => p.includes(`${join('products', 'published')}`));
    expect(blob, 'publishBytes records the blob it links').toBeDefined();
    old('medvision/stale.json');
    utimesSync(blob!, OLD, OLD);
    delete process.env.EVALBOARD_CACHE_PRUNE;
    expect(await run()).toEqual([]);
    expect(existsSync(join(root, 'medvision/stale.json'))).toBe(true);
    process.env.EVALBOARD_CACHE_PRUNE = '1';
    const logged = await run();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^cache sweep: \d+ entries used, 1 unused files deleted/);
    expect(existsSync(join(root, 'medvision/stale.json'))).toBe(false);
    expect(existsSync(blob!)).toBe(true);
    const { default: config } = await import('../../astro.config.mjs');
    const names = (config.integrations ?? []).flat().map((i) => (i as { name: string }).name);
    expect(names.indexOf('evalboard:cache-sweep')).toBeGreaterThan(names.indexOf('evalboard:published-files'));
    expect(names.indexOf('evalboard:published-files')).toBeGreaterThanOrEqual(0);
  });
});
