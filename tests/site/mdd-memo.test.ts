// The MDDs of a build remembered between builds (src/core/mdd-memo.ts, src/ingest/mdd-store.ts): on
// a temp MedVision corpus every board and dated snapshot's paired MDD equals `pairedMdd` of its top
// two rows' unit values read now, and a second build of the same corpus gets every one of them
// without reading any submission's per-sample tables (the cache log's `read` lines).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS } from '../../src/benchmarks/medvision/demo/generator';
import type { Board } from '../../src/core/board';
import { pairedMdd } from '../../src/core/stats/mdd';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-mdd-memo-'));
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

// Two subtasks of one family, so two config boards can share their top two entries.
const configs = [...DEMO_CONFIGS.filter((c) => c.family === 'TL').slice(0, 2), ...(['AD', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!)];

/** Every MedVision board and dated snapshot of a fresh module graph, and the cache log's table reads. */
async function build() {
  writeFileSync(LOG, '');
  vi.resetModules();
  const { allBoards } = await import('../../src/board/boards');
  const { allBoardHistories } = await import('../../src/board/history-boards');
  const boards: Board[] = [...(await allBoards()), ...(await allBoardHistories()).flatMap((h) => h.snapshots.map((s) => s.board))].filter((b) => b.benchmark === 'medvision');
  const reads = readFileSync(LOG, 'utf8').split('\n').filter((l) => l.startsWith('read '));
  return { boards, reads };
}

const paired = (boards: Board[]) => boards.flatMap((b) => b.sections.filter((s) => s.mdd?.basis === 'paired').map((s) => ({ board: b.slug, section: s.id, rows: s.rows, mdd: s.mdd! })));

describe('MDDs remembered between builds', () => {
  it('equal pairedMdd of the top two rows, and a second build reads no per-sample table for them', { timeout: 300_000 }, async () => {
    writeMedvisionCorpus({ root: TMP, entries: 4, configs, perSubtask: 60, seed: 'mdd-memo', prefix: 'mm', treeClass: 'pilot' });
    const cold = await build();
    const sections = paired(cold.boards);
    // Family boards and per-subtask config boards both, each section from its own two rows' samples.
    expect(new Set(sections.map((s) => s.board)).size).toBeGreaterThan(3);
    for (const s of sections) {
      const [a, b] = s.rows;
      const direct = pairedMdd(a!.unitValues!(), b!.unitValues!())!;
      expect({ value: s.mdd.value, n: s.mdd.n }, `${s.board} ${s.section}`).toEqual({ value: direct.value, n: direct.n });
    }
    expect(cold.reads.length).toBeGreaterThan(0);

    const warm = await build();
    expect(warm.reads).toEqual([]);
    expect(paired(warm.boards).map((s) => [s.board, s.section, s.mdd])).toEqual(sections.map((s) => [s.board, s.section, s.mdd]));
  });
});
