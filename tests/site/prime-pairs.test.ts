// The deploy's pairs stage (docs/scaling.md, "Compare pairs primed by a second stage"): after the
// scoring matrix, each job of a second matrix starts from the union of the score shards and
// computes one shard of the pre-rendered compare pairs (`npm run prime-cache -- --pairs i/n`). The
// shards split the site build's candidate pairs disjointly; the site build, given the union of
// both stages' entries, computes no pair, and its compare pages are byte for byte a cold build's.
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { primedCorpus } from '../helpers/primed-corpus';

const { tmp: TMP, results: RESULTS, against } = primedCorpus({ name: 'prime-pairs', entries: 8, seed: 'prime-pairs', prefix: 'pp' });

/** Every file under `dir`, relative to it. */
function files(dir: string, base = dir, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) files(p, base, out);
    else out.push(relative(base, p));
  }
  return out;
}

/** The compare pages as the site build computes them (`src/pages/compare/`), each serialised as its cached rows are. */
async function siteCompare() {
  const { compareEntries } = await import('../../src/board/models');
  const { allBoards } = await import('../../src/board/boards');
  const { comparePages, comparePairs } = await import('../../src/board/compare');
  const { encodeRows } = await import('../../src/board/compare-cache');
  const pages = await comparePages(await comparePairs(await compareEntries(), await allBoards()));
  return pages.map((p) => `${JSON.stringify([p.a, p.b])}\n${encodeRows(p.diffs)}`);
}

const lines = (log: string[], what: string, kind: string) => log.filter((l) => l.startsWith(`${what} ${kind} `)).map((l) => l.slice(what.length + kind.length + 2)).sort();

describe('the deploy’s pairs stage', () => {
  it('splits the candidate pairs disjointly; the site build on both stages’ entries computes no pair and renders a cold build’s pages', { timeout: 600_000 }, async () => {
    // The scoring matrix, then its union (the build job's download of every shard's artifact).
    for (const index of [1, 2]) {
      await against(`score-${index}`, async () => (await import('../../src/ingest/submission/prime-shard')).primeShard(RESULTS, { index, of: 2 }));
      cpSync(join(TMP, `score-${index}`), join(TMP, 'union'), { recursive: true });
    }
    const union = new Set(files(join(TMP, 'union')));

    // The pairs stage: each job from the union, keeping only the product entries it wrote.
    cpSync(join(TMP, 'union'), join(TMP, 'site'), { recursive: true });
    const shards = [];
    for (const index of [1, 2]) {
      cpSync(join(TMP, 'union'), join(TMP, `pairs-${index}`), { recursive: true });
      const job = await against(`pairs-${index}`, async () => (await import('../../src/board/compare-prime')).primePairShard({ index, of: 2 }));
      expect(job.log.filter((l) => l.startsWith('score '))).toEqual([]);
      const wrote = files(join(TMP, `pairs-${index}`)).filter((f) => f.startsWith('products/') && !union.has(f));
      for (const f of wrote) cpSync(join(TMP, `pairs-${index}`, f), join(TMP, 'site', f));
      shards.push({ ...job.value, computed: lines(job.log, 'miss', 'compare-pair'), wrote });
    }
    const [one, two] = shards as [(typeof shards)[0], (typeof shards)[0]];
    expect(one.pairs.length).toBeGreaterThan(0);
    expect(two.pairs.length).toBeGreaterThan(0);
    expect(one.pairs.filter((p) => two.pairs.includes(p))).toEqual([]);
    expect(one.pairs.length + two.pairs.length).toBe(one.candidates);
    const pairEntries = (wrote: string[]) => wrote.filter((f) => f.startsWith('products/compare-pair/'));
    expect(pairEntries(one.wrote).filter((f) => pairEntries(two.wrote).includes(f))).toEqual([]);

    // The site build: every candidate pair's shared units and every page's rows are cache hits.
    const site = await against('site', siteCompare);
    expect(lines(site.log, 'miss', 'compare-shared')).toEqual([]);
    expect(lines(site.log, 'miss', 'compare-pair')).toEqual([]);
    expect(site.log.filter((l) => l.startsWith('score '))).toEqual([]);
    expect(lines(site.log, 'hit', 'compare-pair')).toEqual([...one.computed, ...two.computed].sort());
    expect(site.value.length).toBe(one.pages + two.pages);
    expect(site.value.length).toBeGreaterThan(8);

    // A plain build (cold cache) computes every pair itself and shows the same pages, byte for byte.
    const plain = await against('plain', siteCompare);
    expect(lines(plain.log, 'miss', 'compare-pair').length).toBe(site.value.length);
    expect(plain.value).toEqual(site.value);
  });
});
