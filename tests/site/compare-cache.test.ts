// The compare pair cache on a temp MedVision tree: a second build after adding one submission
// recomputes only the pairs involving it and pairs that were not pre-rendered before (the cache log
// says which); rewriting two submissions recomputes every pair of theirs; and what a cached build
// shows equals the rows computed directly from the entries' compare data, and an uncached build.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS } from '../../src/benchmarks/medvision/demo/generator';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-compare-cache-'));
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
// 32 samples per subtask: above the boards' minimum of 30, so every entry is ranked.
const corpus = (entries: number, seed = 'compare-cache') => writeMedvisionCorpus({ root: TMP, entries, configs, perSubtask: 32, seed, prefix: 'cc', treeClass: 'pilot' });

/** The compare view models as the site build computes them, in a fresh module graph. */
async function build() {
  writeFileSync(LOG, '');
  vi.resetModules();
  const { compareEntries } = await import('../../src/board/models');
  const { allBoards } = await import('../../src/board/boards');
  const compare = await import('../../src/board/compare');
  const { compareData } = await import('../../src/core/compare');
  const entries = await compareEntries();
  const boards = await allBoards();
  const candidates = compare.neighbourPairs(boards).map(([a, b]) => `${a}+${b}`);
  const pairs = await compare.comparePairs(entries, boards);
  const pages = await compare.comparePages(pairs);
  const log = readFileSync(LOG, 'utf8').trim().split('\n');
  const of = (what: string, kind: string) => log.filter((l) => l.startsWith(`${what} ${kind} `)).map((l) => l.split(' ')[2]!).sort();
  /** Every page's rows computed from the two entries' compare data, past the cache. */
  const direct = async () => Promise.all(pages.map(async (p) => compareData([[(await compare.entryCompareData('medvision', p.a.slug))!, (await compare.entryCompareData('medvision', p.b.slug))!]])));
  return { labels: pairs.map(([a, b]) => `${a.slug}+${b.slug}`), candidates, pages, rows: { miss: of('miss', 'compare-pair'), hit: of('hit', 'compare-pair') }, shared: { miss: of('miss', 'compare-shared'), hit: of('hit', 'compare-shared') }, direct };
}

const involves = (label: string, slugs: readonly string[]) => label.split('+').some((s) => slugs.some((x) => s.startsWith(`${x}~`)));

describe('the compare pair cache', () => {
  it('recomputes only the pairs whose entries changed or that are new; a cached build equals an uncached one', { timeout: 600_000 }, async () => {
    corpus(8);
    const first = await build();
    expect(first.labels.length).toBeGreaterThan(8);
    expect(first.rows.miss).toEqual([...first.labels].sort());
    expect(first.rows.hit).toEqual([]);

    // The same eight submissions (identical bytes) and a ninth.
    corpus(9);
    const second = await build();
    const added = ['cc-model-008'];
    const fresh = (before: { labels: string[]; candidates: string[] }, key: 'labels' | 'candidates', changed: readonly string[]) => (l: string) => involves(l, changed) || !before[key].includes(l);
    const isNew = fresh(first, 'labels', added);
    expect(second.labels.some((l) => involves(l, added))).toBe(true);
    expect(second.labels.filter((l) => !isNew(l)).length).toBeGreaterThan(0);
    expect(second.rows.miss).toEqual(second.labels.filter(isNew).sort());
    expect(second.rows.hit).toEqual(second.labels.filter((l) => !isNew(l)).sort());
    const isNewCandidate = fresh(first, 'candidates', added);
    expect(second.shared.miss).toEqual(second.candidates.filter(isNewCandidate).sort());
    expect(second.shared.hit).toEqual(second.candidates.filter((l) => !isNewCandidate(l)).sort());

    // Two old submissions rewritten with other results: every pair of theirs is computed anew.
    corpus(2, 'compare-cache-changed');
    const third = await build();
    const changed = ['cc-model-000', 'cc-model-001'];
    const isChanged = fresh(second, 'labels', changed);
    expect(third.labels.some((l) => involves(l, changed))).toBe(true);
    expect(third.rows.miss).toEqual(third.labels.filter(isChanged).sort());
    expect(third.rows.hit).toEqual(third.labels.filter((l) => !isChanged(l)).sort());
    expect(third.rows.hit.length).toBeGreaterThan(0);
    // What the cache served is what the rows are, number for number (NaN, −0 included).
    expect(third.pages.map((p) => p.diffs)).toEqual(await third.direct());

    process.env.EVALBOARD_NO_CACHE = '1';
    try {
      const uncached = await build();
      expect(uncached.labels).toEqual(third.labels);
      expect(uncached.pages).toEqual(third.pages);
    } finally {
      delete process.env.EVALBOARD_NO_CACHE;
    }
  });
});
