// A cold `npm run build` on every core (scripts/lib/prime-lanes.ts, docs/scaling.md "A cold build
// on both cores"): the deploy's two stages run as processes side by side into the build's one
// cache, after which the site's gate scores no folder and its compare pages compute no pair, and
// those pages are a plain cold build's, byte for byte; likewise the data API's per-sample files and
// the explorer's unit documents, which the pairs stage computes too. The plan says when the stages run at all.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLanes, planPrime, primeBeside, primeInLanes, probeMisses, runStage } from '../../scripts/lib/prime-lanes';
import type { CacheMisses } from '../../src/ingest/submission/prime-shard';
import { primedCorpus } from '../helpers/primed-corpus';

const ROOT = join(import.meta.dirname, '..', '..');
const { tmp: TMP, results: RESULTS, against } = primedCorpus({ name: 'prime-lanes', entries: 6, seed: 'prime-lanes', prefix: 'pl' });

const MB = 1e6;
const sha = (b: string | Uint8Array) => createHash('sha256').update(b).digest('hex');
const misses = (missing: number, missingMb: number, folders = 200): CacheMisses => ({ folders, bytes: 1000 * MB, missing, missingBytes: missingMb * MB });

/** The regular files under `dir`. */
const filesUnder = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));

/** The paths whose facts the cache remembers: its store file's and every process's own (`src/ingest/file-facts.ts`). */
function rememberedFacts(cache: string): Set<string> {
  const entriesOf = (f: string) => Object.keys((JSON.parse(readFileSync(f, 'utf8')) as { entries: object }).entries);
  const own = join(cache, 'file-facts.d');
  const files = [join(cache, 'file-facts.json'), ...(existsSync(own) ? readdirSync(own).map((n) => join(own, n)) : [])];
  return new Set(files.filter((f) => existsSync(f)).flatMap(entriesOf));
}

/** What the site build makes of the compare pairs, the data API's per-sample files and the explorer's units, as hashes. */
const site = async () => {
  const { validateTree } = await import('../../src/ingest/submission/validate-tree');
  await validateTree(RESULTS);
  const { compareEntries } = await import('../../src/board/models');
  const { allBoards } = await import('../../src/board/boards');
  const { comparePages, comparePairs } = await import('../../src/board/compare');
  const { encodeRows } = await import('../../src/board/compare-cache');
  const pages = await comparePages(await comparePairs(await compareEntries(), await allBoards()));
  const { apiDocuments, documentBody } = await import('../../src/board/api');
  const sampleFiles = (await apiDocuments('/', '')).filter((d) => d.cacheFile).map((d) => `${d.path}\n${sha(documentBody(d))}`);
  const { explorerPages } = await import('../../src/board/explorer');
  const explorerFiles: string[] = [];
  for (const p of await explorerPages()) for (const f of await p.files()) explorerFiles.push(`${f.path}\n${sha(f.bytes())}`);
  return { compare: pages.map((p) => `${JSON.stringify([p.a, p.b])}\n${encodeRows(p.diffs)}`), sampleFiles, explorerFiles };
};
// The products the pairs stage computes besides the pairs: the data API's per-sample files and the explorer's units.
const stageProducts = (log: string[]) => log.filter((l) => /^miss (api-samples|explorer-unit|explorer-frame|explorer-entry)\//.test(l));

describe('when the build primes in lanes', () => {
  it('takes one lane per core up to four, or EVALBOARD_BUILD_LANES, and refuses a malformed one', () => {
    expect(buildLanes({ cores: 2, env: {} })).toBe(2);
    expect(buildLanes({ cores: 1, env: {} })).toBe(1);
    expect(buildLanes({ cores: 16, env: {} })).toBe(4);
    expect(buildLanes({ cores: 2, env: { EVALBOARD_BUILD_LANES: '0' } })).toBe(0);
    expect(buildLanes({ cores: 2, env: { EVALBOARD_BUILD_LANES: '3' } })).toBe(3);
    expect(() => buildLanes({ cores: 2, env: { EVALBOARD_BUILD_LANES: 'two' } })).toThrow(/EVALBOARD_BUILD_LANES must be a whole number, got "two"/);
  });

  it('runs the folders stage only when enough misses, and the pairs stage only when a quarter of the folders are new', () => {
    expect(planPrime({ misses: misses(200, 1800), lanes: 2, env: {} })).toMatchObject({ lanes: 2, pairs: true });
    expect(planPrime({ misses: misses(50, 400), lanes: 2, env: {} })).toMatchObject({ lanes: 2, pairs: true });
    expect(planPrime({ misses: misses(49, 400), lanes: 2, env: {} })).toMatchObject({ lanes: 2, pairs: false });
    // An incremental build: no stage before astro; one process beside it runs both, unless what
    // misses is too small to pay for it.
    expect(planPrime({ misses: misses(1, 900), lanes: 2, env: {} })).toMatchObject({ lanes: 0, beside: ['--shard', '--pairs'] });
    expect(planPrime({ misses: misses(1, 63), lanes: 2, env: {} })).toMatchObject({ lanes: 0, beside: [] });
    expect(planPrime({ misses: misses(1, 1), lanes: 2, env: { EVALBOARD_BUILD_PRIME_MIN_MB: '0' } })).toMatchObject({ lanes: 0, beside: ['--shard', '--pairs'] });
    expect(planPrime({ misses: misses(10, 63), lanes: 2, env: {} })).toMatchObject({ lanes: 0, beside: [] });
    expect(planPrime({ misses: misses(1, 900), lanes: 2, env: { EVALBOARD_BUILD_BESIDE: '0' } })).toMatchObject({ lanes: 0, beside: [] });
    expect(planPrime({ misses: misses(0, 0), lanes: 2, env: { EVALBOARD_BUILD_PRIME_MIN_MB: '0' } })).toMatchObject({ lanes: 0, beside: [] });
    expect(planPrime({ misses: misses(1, 900), lanes: 1, env: {} })).toMatchObject({ lanes: 0, beside: [] });
    // A few new folders: their pairs stay in astro (a pairs process beside it would pass 2 GB together).
    expect(planPrime({ misses: misses(49, 400), lanes: 2, env: {} }).beside).toEqual([]);
    expect(planPrime({ misses: misses(50, 400), lanes: 2, env: {} }).beside).toEqual([]);
    expect(planPrime({ misses: misses(10, 63), lanes: 2, env: { EVALBOARD_BUILD_PRIME_MIN_MB: '0' } }).lanes).toBe(2);
    expect(planPrime({ misses: misses(3, 500), lanes: 4, env: {} }).lanes).toBe(3);
    expect(planPrime({ misses: misses(200, 1800), lanes: 1, env: {} }).lanes).toBe(0);
    expect(planPrime({ misses: misses(200, 1800), lanes: 2, env: { EVALBOARD_NO_CACHE: '1' } })).toMatchObject({ lanes: 0, beside: [] });
  });

  it('leaves the site build no folder to score and no pair to compute, and the same compare pages as a plain cold build', { timeout: 600_000 }, async () => {
    const env = { ...process.env, EVALBOARD_CACHE_DIR: join(TMP, 'lanes') };
    // Through run.mjs, which compiles dist-cli/ when it is stale (the lanes run the compiled tool).
    const cold = spawnSync(process.execPath, [join(ROOT, 'scripts', 'cli', 'run.mjs'), 'prime-cache', '--missing'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(cold.stderr).toBe('');
    const before = JSON.parse(cold.stdout) as CacheMisses;
    expect(before.folders).toBe(6 + 4 + 4);
    expect(before.missing).toBe(before.folders);
    expect(before.missingBytes).toBe(before.bytes);
    // With nothing cached the probe says so without hashing a file: the lanes hash their own.
    expect(rememberedFacts(env.EVALBOARD_CACHE_DIR).size).toBe(0);
    await new Promise((r) => setTimeout(r, 2100)); // past file-facts' racy window since the corpus was written
    // The folders stage alone first: each lane's facts of the files it hashed survive the other
    // rewriting the store, so no later process (a pairs lane, the site build) reads them again.
    expect((await runStage({ root: ROOT, env, flag: '--shard', lanes: 2 })).map((r) => r.status)).toEqual([0, 0]);
    const remembered = rememberedFacts(env.EVALBOARD_CACHE_DIR);
    expect(filesUnder(RESULTS).filter((f) => !remembered.has(f))).toEqual([]);

    // Both stages as the build runs them (the folders stage now finds its folders cached).
    const runs = await primeInLanes({ root: ROOT, env, plan: { lanes: 2, pairs: true, beside: [], reason: 'test' } });
    expect(runs.map((r) => [r.args.join(' '), r.status])).toEqual([['--shard 1/2', 0], ['--shard 2/2', 0], ['--pairs 1/2', 0], ['--pairs 2/2', 0]]);
    const listed = (i: number) => runs[i]!.stdout.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim());
    expect(listed(0).filter((f) => listed(1).includes(f))).toEqual([]);
    expect(listed(0).length + listed(1).length).toBe(before.folders);
    expect(listed(2).length).toBeGreaterThan(0);
    expect(listed(3).length).toBeGreaterThan(0);
    expect(probeMisses({ root: ROOT, env }).misses).toMatchObject({ folders: before.folders, missing: 0, missingBytes: 0 });

    const primed = await against('lanes', site);
    expect(primed.log.filter((l) => l.startsWith('score '))).toEqual([]);
    expect(primed.log.filter((l) => l.startsWith('miss compare-pair ') || l.startsWith('miss compare-shared '))).toEqual([]);
    expect(primed.log.filter((l) => l.startsWith('hit compare-pair ')).length).toBe(primed.value.compare.length);
    expect(primed.value.compare.length).toBeGreaterThan(6);
    expect(stageProducts(primed.log)).toEqual([]);
    expect(primed.value.sampleFiles.length).toBeGreaterThan(2 * 14);
    expect(primed.value.explorerFiles.length).toBeGreaterThan(3);

    const plain = await against('plain', site);
    expect(plain.log.filter((l) => l.startsWith('score ')).length).toBe(6); // the MedVision folders (the others log no scoring pass)
    expect(stageProducts(plain.log).filter((l) => l.startsWith('miss api-samples/')).length).toBe(14);
    expect(stageProducts(plain.log).filter((l) => l.startsWith('miss explorer-unit/')).length).toBeGreaterThan(0);
    expect(plain.value).toEqual(primed.value);
  });
  it('beside the site build, one process takes an incremental build\'s new folder and pairs; each entry is computed once, and the products are a plain build\'s', { timeout: 600_000 }, async () => {
    // The newcomer is ≈ 0.1 MB here: the plan's floor (64 MB) lowered to take it.
    const env = { ...process.env, EVALBOARD_CACHE_DIR: join(TMP, 'beside'), EVALBOARD_BUILD_PRIME_MIN_MB: '0' };
    // Everything cached but one MedVision folder: the cache a build left before a new submission.
    const newcomer = join(RESULTS, 'medvision', 'pl-model-005-pl');
    renameSync(newcomer, join(TMP, 'away'));
    const warm = await primeInLanes({ root: ROOT, env, plan: { lanes: 2, pairs: true, beside: [], reason: 'test' } });
    renameSync(join(TMP, 'away'), newcomer);
    expect(warm.map((r) => r.status)).toEqual([0, 0, 0, 0]);
    const plan = planPrime({ misses: probeMisses({ root: ROOT, env }).misses, lanes: 2, env });
    expect(plan).toMatchObject({ lanes: 0, beside: ['--shard', '--pairs'] });

    // The lane and the site build race for the new folder's entries. The site starts while the lane
    // holds its claim on the folder's pass (held 1 s by the test hook), so it must wait for the
    // lane's products rather than score the folder itself.
    const passClaim = join(TMP, 'beside', 'claims', sha(`folder-pass\0medvision\0${newcomer}`));
    const raced = await against('beside', async () => {
      const beside = primeBeside({ root: ROOT, env: { ...process.env, EVALBOARD_TEST_CLAIM_HOLD: '1000:folder-pass' }, plan });
      // Bounded: should the claim's name change, this fails rather than waits for the test's timeout.
      for (const t0 = Date.now(); !existsSync(passClaim) && Date.now() - t0 < 60_000; ) await new Promise((r) => setTimeout(r, 5));
      expect(existsSync(passClaim), `the process never claimed ${newcomer}'s pass (${passClaim})`).toBe(true);
      const value = await site();
      const { treeScorings } = await import('../../src/benchmarks/medvision/scored-once');
      return { value, runs: await beside.done, scoredHere: [...treeScorings.keys()] };
    });
    expect(raced.value.scoredHere).toEqual([]);
    expect(raced.value.runs.map((r) => [r.args.join(' '), r.status])).toEqual([['--shard 1/1', 0], ['--pairs 1/1', 0]]);
    // Both processes log to the one cache log: the folder was scored once, no entry computed twice.
    expect(raced.log.filter((l) => l.startsWith('score '))).toEqual([`score medvision ${newcomer}`]);
    const misses = raced.log.filter((l) => l.startsWith('miss '));
    expect(misses.filter((l, i) => misses.indexOf(l) !== i)).toEqual([]);
    expect(misses.some((l) => l.startsWith('miss compare-pair '))).toBe(true);

    const plain = await against('plain-beside', site);
    expect(raced.value.value).toEqual(plain.value);
  });
});
