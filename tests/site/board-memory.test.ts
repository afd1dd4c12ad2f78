// What the build keeps of the corpus's per-sample data once every board, dated snapshot, MDD and
// compare page is made: at most TABLES_KEPT submissions' MedVision tables and no row's unit values
// (none of either once the tables are forgotten: nothing else holds one, closures included, by a
// FinalizationRegistry after a full GC), and boards, snapshots and loaded entries that hold the same number of values whether a run
// has 40 or 120 samples per subtask (counted by walking everything reachable from them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS } from '../../src/benchmarks/medvision/demo/generator';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-board-memory-'));
const saved = { ...process.env };
for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES', 'EVALBOARD_NO_CACHE', 'EVALBOARD_CACHE_LOG']) delete process.env[k];
afterAll(() => {
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

const configs = (['TL', 'AD', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!);

/** Numbers, strings and booleans reachable from `root` through objects, arrays, maps and sets (typed arrays count their length). */
function countValues(root: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let n = 0;
  while (stack.length) {
    const v = stack.pop();
    if (v === null || v === undefined || typeof v === 'function') continue;
    if (typeof v !== 'object') {
      n++;
      continue;
    }
    if (seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) n += (v as unknown as ArrayLike<unknown>).length;
    else if (v instanceof Map) for (const [k, x] of v) stack.push(k, x);
    else if (v instanceof Set) for (const x of v) stack.push(x);
    else for (const x of Object.values(v)) stack.push(x);
  }
  return n;
}

/** FinalizationRegistry callbacks run after a GC, in a later task. */
async function collect(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every board, snapshot, MDD and compare page of a fresh corpus with `perSubtask` samples per run, in a fresh module graph. */
async function buildViews(perSubtask: number) {
  const root = join(TMP, `corpus-${perSubtask}`);
  writeMedvisionCorpus({ root, entries: 4, configs, perSubtask, seed: 'board-memory', prefix: 'bm', treeClass: 'pilot' });
  process.env.EVALBOARD_RESULTS = join(root, 'results');
  process.env.EVALBOARD_CACHE_DIR = join(root, 'cache');
  vi.resetModules();
  const load = await import('../../src/benchmarks/medvision/boards/load');
  const { livePerSampleObjects } = await import('../../src/benchmarks/medvision/boards/sample-table');
  const { allBoards } = await import('../../src/board/boards');
  const { allBoardHistories } = await import('../../src/board/history-boards');
  const { compareEntries } = await import('../../src/board/models');
  const { comparePages, comparePairs, publishCompareData } = await import('../../src/board/compare');
  const { clearPublishedFiles } = await import('../../src/ingest/published-files');
  const boards = await allBoards();
  const histories = await allBoardHistories();
  const entries = await compareEntries();
  const pages = await comparePages(await comparePairs(entries, boards));
  expect(await publishCompareData(entries)).toBe(4);
  clearPublishedFiles();
  return { load, livePerSampleObjects, boards, histories, pages, entries: load.loadMedvision() };
}

describe('per-sample data the build keeps', () => {
  it('at most TABLES_KEPT submissions’ sample tables and no row’s unit values are alive after every board, snapshot, MDD and compare page; nothing once the tables are forgotten', { timeout: 300_000 }, async () => {
    const { load, livePerSampleObjects, boards, histories, pages, entries } = await buildViews(40);
    // The MDDs were computed from paired per-sample values, and the compare pages from the samples.
    const mdd = boards.filter((b) => b.benchmark === 'medvision').flatMap((b) => b.sections).filter((s) => s.mdd?.basis === 'paired');
    expect(mdd.length).toBeGreaterThan(0);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((p) => p.diffs.some((d) => d.benchmark === 'MedVision'))).toBe(true);
    await collect();
    // The tables of the last TABLES_KEPT entries read, and nothing else: no row keeps its unit values.
    expect(livePerSampleObjects()).toBeGreaterThan(0);
    expect(livePerSampleObjects()).toBeLessThanOrEqual(load.TABLES_KEPT);
    load.forgetRecentTables();
    await collect();
    expect(livePerSampleObjects()).toBe(0);
    // A later ask reads them again (from the score cache) and gives the same samples.
    const e = entries[0]!;
    const before = [...e.samples().values()].map((t) => t.value.length);
    load.forgetRecentTables();
    expect([...e.samples().values()].map((t) => t.value.length)).toEqual(before);
    expect(before.reduce((s, x) => s + x, 0)).toBeGreaterThan(0);
    expect(histories.length).toBeGreaterThan(0);
  });

  it('boards, snapshots and loaded entries hold as many values at 120 samples per run as at 40', { timeout: 300_000 }, async () => {
    const held = async (perSubtask: number) => {
      const { load, boards, histories, entries } = await buildViews(perSubtask);
      load.forgetRecentTables();
      return countValues({ boards, histories, entries });
    };
    const small = await held(40);
    const large = await held(120);
    expect(small).toBeGreaterThan(1000);
    expect(large).toBe(small);
  });
});
