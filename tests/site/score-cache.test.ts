/**
 * The score cache's key: the content of the submission folder and of the code that scores it
 * (the scorer folders and the lockfile). A deploy restores `.cache/scored/` only into a build whose
 * code hash (`npm run --silent cache-key`) is the same, so a change to either must change the key.
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { CODE_DIRS, codeVersionOf } from '../../src/ingest/score-cache';
import { PRODUCT_CODE_DIRS, productCodeVersionOf } from '../../src/ingest/product-cache';

const ROOT = resolve(__dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'evalboard-cache-key-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A checkout holding a copy of the real scoring code and lockfile (and one page that is not scoring code). */
function checkout(name: string): string {
  const root = join(scratch, name);
  for (const d of CODE_DIRS) cpSync(join(ROOT, d), join(root, d), { recursive: true });
  mkdirSync(join(root, 'src/pages'), { recursive: true });
  writeFileSync(join(root, 'src/pages/index.astro'), '<h1>home</h1>\n');
  return root;
}

function edit(root: string, file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

describe('score-cache code key', () => {
  const base = checkout('base');
  const key = codeVersionOf(base);

  it('is the same for the same code in another folder (CI and a developer share keys)', () => {
    expect(codeVersionOf(checkout('elsewhere'))).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when the lockfile changes', () => {
    const root = checkout('lockfile');
    edit(root, 'package-lock.json', `${JSON.stringify({ name: 'evalboard', lockfileVersion: 3, packages: {} })}\n`);
    expect(codeVersionOf(root)).not.toBe(key);
  });

  it('changes when a scorer file changes, or one is added', () => {
    const changed = checkout('scorer');
    edit(changed, 'src/benchmarks/medvision/scorer/sample.ts', '// a different scorer\n');
    expect(codeVersionOf(changed)).not.toBe(key);
    const added = checkout('added');
    edit(added, 'src/benchmarks/medvision/scorer/new-metric.ts', 'export const x = 1;\n');
    expect(codeVersionOf(added)).not.toBe(key);
  });

  it('changes when the shared number comparison (src/core/conformance/compare.ts) changes', () => {
    const root = checkout('compare');
    edit(root, 'src/core/conformance/compare.ts', 'export const numbersClose = () => true;\n');
    expect(codeVersionOf(root)).not.toBe(key);
  });

  it('does not change for a page, which renders but never scores', () => {
    const root = checkout('page');
    edit(root, 'src/pages/index.astro', '<h1>another home</h1>\n');
    expect(codeVersionOf(root)).toBe(key);
  });

  it('hashes a link loop inside the code folders without following it', () => {
    const root = checkout('links');
    symlinkSync('.', join(root, 'src/core/a'));
    symlinkSync('.', join(root, 'src/core/b'));
    expect(codeVersionOf(root)).not.toBe(key);
  });

  /** The static import closure (what esbuild bundles) of `entryPoints`, repo-relative. */
  async function closure(entryPoints: string[]): Promise<string[]> {
    const r = await build({
      absWorkingDir: ROOT,
      entryPoints,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      external: ['*.astro'],
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: join(scratch, 'closure'),
    });
    return Object.keys(r.metafile.inputs);
  }
  const outsideHashed = (inputs: string[]) => inputs.filter((f) => !CODE_DIRS.some((d) => f === d || f.startsWith(`${d}/`)));

  it('covers every file the cached MedVision computation imports', async () => {
    // The computation cached per folder lives in the board loader; its static import closure
    // must lie inside the hashed folders, or a change there would be served stale.
    const inputs = await closure(['src/benchmarks/medvision/boards/load.ts']);
    expect(inputs).toContain('src/benchmarks/medvision/formats/score-tree.ts');
    expect(inputs).toContain('src/core/conformance/compare.ts');
    expect(outsideHashed(inputs)).toEqual([]);
  });

  it("covers every file the gate's cached checks and content digests import", async () => {
    // validateTree caches each benchmark's `check` and `contentDigest` per folder.
    const entries = ['medvision', 'latch', 'clinicalbench'].flatMap((b) => [`src/benchmarks/${b}/checks.ts`, `src/benchmarks/${b}/digest.ts`]);
    const inputs = await closure(entries);
    expect(inputs).toContain('src/benchmarks/latch/checks.ts');
    expect(outsideHashed(inputs)).toEqual([]);
  });

  it("covers every file the product cache's computations import (the data API's sample files, the explorer's pieces)", async () => {
    const inputs = await closure(['src/board/api.ts', 'src/benchmarks/medvision/explorer.ts']);
    expect(inputs).toContain('src/board/api.ts');
    expect(inputs).toContain('src/benchmarks/medvision/boards/samples.ts');
    expect(inputs.filter((f) => !PRODUCT_CODE_DIRS.some((d) => f === d || f.startsWith(`${d}/`)))).toEqual([]);
  });
});

describe('product-cache code key', () => {
  /** A checkout with the view-model code too (src/board shapes the products). */
  const withBoard = (name: string) => {
    const root = checkout(name);
    cpSync(join(ROOT, 'src/board'), join(root, 'src/board'), { recursive: true });
    return root;
  };
  const key = productCodeVersionOf(withBoard('products'));

  it('changes when the lockfile, a scorer file or a view-model file that shapes the products changes, not for a page', () => {
    expect(productCodeVersionOf(withBoard('products-again'))).toBe(key);
    const lock = withBoard('products-lock');
    edit(lock, 'package-lock.json', '{}\n');
    expect(productCodeVersionOf(lock)).not.toBe(key);
    const scorer = withBoard('products-scorer');
    edit(scorer, 'src/benchmarks/medvision/scorer/sample.ts', '// a different scorer\n');
    expect(productCodeVersionOf(scorer)).not.toBe(key);
    const api = withBoard('products-api');
    edit(api, 'src/board/api.ts', '// a different Parquet writer\n');
    expect(productCodeVersionOf(api)).not.toBe(key);
    const page = withBoard('products-page');
    edit(page, 'src/pages/index.astro', '<h1>another home</h1>\n');
    expect(productCodeVersionOf(page)).toBe(key);
  });
});

describe('deploy workflow', () => {
  it('restores .cache/scored before the build, keyed by the code hash, and saves it under a key that follows the results', () => {
    const w = parse(readFileSync(join(ROOT, '.github/workflows/deploy.yml'), 'utf8'));
    const steps: { id?: string; uses?: string; run?: string; with?: Record<string, string>; env?: Record<string, string> }[] = w.jobs.build.steps;
    const hash = steps.findIndex((s) => s.run?.includes('npm run --silent cache-key'));
    const cache = steps.findIndex((s) => s.uses === 'actions/cache@v4' && s.with?.path === '.cache/scored');
    const buildAt = steps.findIndex((s) => s.run === 'npm run build');
    expect(hash).toBeGreaterThan(steps.findIndex((s) => s.run === 'npm ci'));
    expect(cache).toBeGreaterThan(hash);
    expect(buildAt).toBeGreaterThan(cache);
    const c = steps[cache]!.with!;
    expect(c.path).toBe('.cache/scored');
    const code = `\${{ steps.${steps[hash]!.id}.outputs.code }}`;
    expect(c.key).toBe(`scored-${code}-\${{ hashFiles('results/**', 'references/**', 'sources.json') }}`);
    expect(c['restore-keys']!.trim()).toBe(`scored-${code}-`);
    // The build sweeps what it did not use before the cache is saved (tests/ingest/cache-prune.test.ts).
    expect(steps[buildAt]!.env?.EVALBOARD_CACHE_PRUNE).toBe('1');
  });

  it('scores in a matrix of shards first: each restores the same cache, primes its shard and uploads what it wrote; the build merges them in before it builds', () => {
    type Step = { id?: string; name?: string; uses?: string; run?: string; with?: Record<string, string | boolean>; env?: Record<string, string> };
    const w = parse(readFileSync(join(ROOT, '.github/workflows/deploy.yml'), 'utf8'));
    const score = w.jobs.score as { strategy: { matrix: { shard: number[] } }; steps: Step[] };
    expect(w.jobs.build.needs).toContain('score');
    expect(score.strategy.matrix.shard).toEqual(score.strategy.matrix.shard.map((_, i) => i + 1));
    expect(score.strategy.matrix.shard.length).toBeGreaterThan(1);
    const s = score.steps;
    const b: Step[] = w.jobs.build.steps;
    const code = (steps: Step[]) => `\${{ steps.${steps.find((x) => x.run?.includes('npm run --silent cache-key'))!.id}.outputs.code }}`;
    // The shards start from the cache the build restores (restore only: the build job saves it).
    const restore = s.findIndex((x) => x.uses === 'actions/cache/restore@v4' && x.with?.path === '.cache/scored');
    const buildCache = b.find((x) => x.uses === 'actions/cache@v4' && x.with?.path === '.cache/scored')!;
    expect(restore).toBeGreaterThan(s.findIndex((x) => x.run?.includes('import:sources')));
    expect(s[restore]!.with!.key).toBe(buildCache.with!.key);
    expect(s[restore]!.with!['restore-keys']).toBe(buildCache.with!['restore-keys']);
    // Shard i of the matrix's size, then only the files written after the restore are uploaded.
    const prime = s.findIndex((x) => x.run?.includes('npm run --silent prime-cache -- --shard "$SHARD"'));
    expect(prime).toBeGreaterThan(restore);
    expect(s[prime]!.env?.SHARD).toBe('${{ matrix.shard }}/${{ strategy.job-total }}');
    const run = s[prime]!.run!;
    const marked = run.indexOf('touch "$RUNNER_TEMP/before-prime"');
    expect(marked).toBeGreaterThanOrEqual(0);
    expect(marked).toBeLessThan(run.indexOf('prime-cache'));
    expect(run).toContain('-newer "$RUNNER_TEMP/before-prime"');
    const upload = s.findIndex((x) => x.uses === 'actions/upload-artifact@v4');
    expect(upload).toBeGreaterThan(prime);
    expect(s[upload]!.with!.name).toBe(`scored-${code(s)}-shard-\${{ matrix.shard }}`);
    expect(s[upload]!.with!.path).toBe('${{ runner.temp }}/primed');
    // The build adds every shard's files of this code hash to the restored cache, before building.
    const download = b.findIndex((x) => x.uses === 'actions/download-artifact@v4');
    expect(download).toBeGreaterThan(b.indexOf(buildCache));
    expect(download).toBeLessThan(b.findIndex((x) => x.run === 'npm run build'));
    expect(b[download]!.with).toEqual({ pattern: `scored-${code(b)}-shard-*`, path: '.cache/scored', 'merge-multiple': true });
  });

  it('primes the compare pairs in a second matrix after the scoring one, from the cache and every score shard; the build merges both stages in', () => {
    type Step = { id?: string; name?: string; uses?: string; run?: string; with?: Record<string, string | boolean>; env?: Record<string, string> };
    const w = parse(readFileSync(join(ROOT, '.github/workflows/deploy.yml'), 'utf8'));
    const pairs = w.jobs.pairs as { needs: string; strategy: { matrix: { shard: number[] } }; steps: Step[] };
    expect(pairs.needs).toBe('score');
    expect(w.jobs.build.needs).toEqual(['score', 'pairs']);
    expect(pairs.strategy.matrix.shard).toEqual(pairs.strategy.matrix.shard.map((_, i) => i + 1));
    expect(pairs.strategy.matrix.shard.length).toBeGreaterThan(1);
    const p = pairs.steps;
    const b: Step[] = w.jobs.build.steps;
    const s: Step[] = w.jobs.score.steps;
    const code = (steps: Step[]) => `\${{ steps.${steps.find((x) => x.run?.includes('npm run --silent cache-key'))!.id}.outputs.code }}`;
    // The same results tree (the sources imported) and the same cache as the score shards, then their entries.
    const imported = p.findIndex((x) => x.run?.includes('import:sources'));
    expect(p[imported]!.run).toBe(s.find((x) => x.run?.includes('import:sources'))!.run);
    const restore = p.findIndex((x) => x.uses === 'actions/cache/restore@v4' && x.with?.path === '.cache/scored');
    expect(restore).toBeGreaterThan(imported);
    expect(p[restore]!.with).toEqual(s.find((x) => x.uses === 'actions/cache/restore@v4' && x.with?.path === '.cache/scored')!.with);
    const shards = p.findIndex((x) => x.uses === 'actions/download-artifact@v4');
    expect(shards).toBeGreaterThan(restore);
    expect(p[shards]!.with).toEqual({ pattern: `scored-${code(p)}-shard-*`, path: '.cache/scored', 'merge-multiple': true });
    // Shard i of the matrix's size, after the download; only product entries written after it are uploaded.
    const prime = p.findIndex((x) => x.run?.includes('npm run --silent prime-cache -- --pairs "$SHARD"'));
    expect(prime).toBeGreaterThan(shards);
    expect(p[prime]!.env?.SHARD).toBe('${{ matrix.shard }}/${{ strategy.job-total }}');
    const run = p[prime]!.run!;
    const marked = run.indexOf('touch "$RUNNER_TEMP/before-pairs"');
    expect(marked).toBeGreaterThanOrEqual(0);
    expect(marked).toBeLessThan(run.indexOf('prime-cache'));
    expect(run).toContain('find ./products -type f -newer "$RUNNER_TEMP/before-pairs"');
    const upload = p.findIndex((x) => x.uses === 'actions/upload-artifact@v4');
    expect(upload).toBeGreaterThan(prime);
    expect(p[upload]!.with!.name).toBe(`scored-${code(p)}-pairs-\${{ matrix.shard }}`);
    expect(p[upload]!.with!.path).toBe('${{ runner.temp }}/primed');
    // The build adds both stages' files of this code hash to the restored cache, before building.
    const downloads = b.flatMap((x, i) => (x.uses === 'actions/download-artifact@v4' ? [i] : []));
    expect(downloads.map((i) => b[i]!.with)).toEqual([
      { pattern: `scored-${code(b)}-shard-*`, path: '.cache/scored', 'merge-multiple': true },
      { pattern: `scored-${code(b)}-pairs-*`, path: '.cache/scored', 'merge-multiple': true },
    ]);
    expect(Math.max(...downloads)).toBeLessThan(b.findIndex((x) => x.run === 'npm run build'));
  });
});
