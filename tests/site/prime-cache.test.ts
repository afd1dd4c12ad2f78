// The deploy's scoring matrix (docs/scaling.md, "The split, on GitHub Actions"): each job primes
// the score cache with one shard of the submission folders (`npm run prime-cache -- --shard i/n`).
// The shards are disjoint and cover every folder; their cache entries are disjoint; and the site
// build's gate, given their union, scores nothing and writes nothing, with the reports and cache
// entries a cold gate gives.
import { cpSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { primedCorpus } from '../helpers/primed-corpus';
import { listSubmissionDirs } from '../../src/ingest/submission/read';
import { SUBMISSION_BENCHMARKS } from '../../src/registry/benchmarks';
import type { Shard } from '../../src/ingest/submission/prime-shard';

const { tmp: TMP, results: RESULTS, against } = primedCorpus({ name: 'prime-cache', entries: 5, seed: 'prime-cache', prefix: 'pc' });
const prime = (cache: string, shard: Shard) => against(cache, async () => (await import('../../src/ingest/submission/prime-shard')).primeShard(RESULTS, shard));
const gate = (cache: string) => against(cache, async () => (await import('../../src/board/gate')).admissions());

/** Every file under `dir` but the cache-directory tag, with its bytes. */
function files(dir: string, base = dir, out = new Map<string, string>()): Map<string, string> {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) files(p, base, out);
    else if (e !== 'CACHEDIR.TAG') out.set(relative(base, p), readFileSync(p, 'latin1'));
  }
  return out;
}

const allFolders = () => SUBMISSION_BENCHMARKS.flatMap(({ id }) => listSubmissionDirs(RESULTS, id)).sort();

describe('the deploy’s scoring matrix', () => {
  it('splits the folders into disjoint shards that cover every folder, balanced by size', async () => {
    const { shardFolders } = await import('../../src/ingest/submission/prime-shard');
    const shards = [1, 2, 3].map((index) => shardFolders(RESULTS, { index, of: 3 }));
    const dirs = shards.flatMap((s) => s.map((f) => f.dir));
    expect(allFolders().length).toBeGreaterThanOrEqual(12);
    expect([...dirs].sort()).toEqual(allFolders());
    expect(new Set(dirs).size).toBe(dirs.length);
    const bytes = shards.map((s) => s.reduce((n, f) => n + f.bytes, 0));
    const largest = Math.max(...shards.flat().map((f) => f.bytes));
    // Greedy by size: no shard exceeds another by more than the largest folder.
    expect(Math.max(...bytes) - Math.min(...bytes)).toBeLessThanOrEqual(largest);
  });

  it('primes disjoint cache entries per shard; the gate on their union scores and writes nothing, as a cold gate reports', { timeout: 600_000 }, async () => {
    const a = await prime('shard-1', { index: 1, of: 2 });
    const b = await prime('shard-2', { index: 2, of: 2 });
    expect([...a.value, ...b.value].map((f) => f.dir).sort()).toEqual(allFolders());
    const fa = files(join(TMP, 'shard-1'));
    const fb = files(join(TMP, 'shard-2'));
    expect(fa.size).toBeGreaterThan(0);
    expect(fb.size).toBeGreaterThan(0);
    expect([...fa.keys()].filter((k) => fb.has(k))).toEqual([]);

    // The site build's job: the artifacts of every shard merged into one cache.
    cpSync(join(TMP, 'shard-1'), join(TMP, 'merged'), { recursive: true });
    cpSync(join(TMP, 'shard-2'), join(TMP, 'merged'), { recursive: true });
    const before = files(join(TMP, 'merged'));
    const warm = await gate('merged');
    expect(warm.log.filter((l) => l.startsWith('score ') || l.startsWith('miss '))).toEqual([]);
    const after = files(join(TMP, "merged"));
    expect(after).toEqual(before);

    const cold = await gate('cold');
    expect(cold.log.some((l) => l.startsWith('score medvision '))).toBe(true);
    expect(warm.value).toEqual(cold.value);
    // The same entries but the bootstrap memo (`bootstrap/<code hash>.jsonl`): one file per cache,
    // so the shards do not write it (they could not merge it); the row intervals it memoises for
    // the gate are cached with each entry's summary, which the warm gate above read instead.
    const entries = (m: Map<string, string>) => new Map([...m].filter(([k]) => !k.startsWith('bootstrap/')));
    expect(entries(files(join(TMP, 'cold')))).toEqual(before);

    // The boards after the gate: built from the primed summaries, no folder scored again.
    const boards = await against('merged', async () => {
      await (await import('../../src/board/gate')).admissions();
      return (await import('../../src/board/boards')).allBoards();
    });
    expect(boards.value.length).toBeGreaterThan(0);
    expect(boards.log.filter((l) => l.startsWith('score '))).toEqual([]);
  });
});
