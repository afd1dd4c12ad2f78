// 200 synthetic MedVision entries (3 subtasks × 32 samples) in a temp results tree: every unit has
// an explorer page holding every entry scored on it, every board row (ranked or not) links a
// route that exists with its own entry on it, and the first screen stays bounded (the default
// selection shows at most DEFAULT_ENTRIES entries; the rest are a click away). View models only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScaleCorpus } from '../helpers/scale-corpus';
import type { ExplorerDoc } from '../../src/board/explorer-doc';

const ENTRIES = 200;
const PER_SUBTASK = 32;
const TMP = mkdtempSync(join(tmpdir(), 'evalboard-explorer-200-'));
const saved = { ...process.env };
for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES']) delete process.env[k];
process.env.EVALBOARD_RESULTS = join(TMP, 'results');
process.env.EVALBOARD_NO_CACHE = '1';

describe(`the explorer at ${ENTRIES} entries (view models, temp results tree)`, () => {
  beforeAll(() => writeScaleCorpus({ tmp: TMP, entries: ENTRIES, perSubtask: PER_SUBTASK, seed: 'explorer-scale' }), 120_000);
  afterAll(() => {
    process.env = saved;
    rmSync(TMP, { recursive: true, force: true });
  });

  it('every unit has a page with every entry; every board row links an existing explorer route that shows its entry', { timeout: 600_000 }, async () => {
    const { explorerBenchmarks, explorerLinkForRow } = await import('../../src/board/explorer');
    const { allBoards } = await import('../../src/board/boards');
    const { explorerPath } = await import('../../src/board/explorer-paths');
    const { stateFromQuery, DEFAULT_ENTRIES } = await import('../../src/board/explorer-doc');
    const mv = (await explorerBenchmarks()).find((b) => b.id === 'medvision')!;
    expect(mv.pages).toHaveLength(3);
    for (const head of mv.pages) {
      // The head (what the index and the routes' paths use) says what the loaded page holds.
      const { view } = await head.load();
      const doc = JSON.parse(Buffer.from((await head.files())[0]!.bytes()).toString('utf8')) as ExplorerDoc;
      expect(doc.entries, doc.unit).toHaveLength(ENTRIES);
      expect(doc.entries).toEqual(head.entries);
      expect(view.doc.entries).toEqual(head.entries);
      expect(doc.samples, doc.unit).toHaveLength(PER_SUBTASK);
      expect(head.samples).toBe(PER_SUBTASK);
      expect(view.sampleCount).toBe(PER_SUBTASK);
      for (const col of doc.cells) expect(col.filter((c) => c !== null)).toHaveLength(PER_SUBTASK);
      expect(view.tally.map((t) => t.run)).toEqual(doc.cells.map(() => PER_SUBTASK));
      expect(stateFromQuery(view.doc, '').entries).toHaveLength(DEFAULT_ENTRIES);
    }
    const routes = new Map<string, Set<string> | 'index'>([[explorerPath('medvision'), 'index'], ...mv.pages.map((p) => [explorerPath('medvision', p.unit), new Set(p.entries.map((e) => e.key))] as const)]);
    const allKeys = new Set(mv.pages.flatMap((p) => p.entries.map((e) => e.key)));
    const boards = (await allBoards()).filter((b) => b.benchmark === 'medvision');
    let rows = 0;
    let unitLinks = 0;
    for (const board of boards) {
      for (const s of board.sections) {
        for (const r of [...s.rows, ...(s.unranked ?? [])]) {
          const href = explorerLinkForRow(board, r);
          expect(href, `${board.slug} ${r.entryKey}`).toBeDefined();
          const u = new URL(href!, 'https://x.org/');
          const route = routes.get(u.pathname.slice(1));
          expect(route, `${board.slug}: ${href} is a built explorer route`).toBeDefined();
          expect(u.searchParams.get('e')).toBe(r.entryKey);
          if (route === 'index') expect(allKeys.has(r.entryKey)).toBe(true);
          else {
            expect(route!.has(r.entryKey), `${href} shows ${r.entryKey}`).toBe(true);
            unitLinks++;
          }
          rows++;
        }
      }
    }
    expect(rows).toBeGreaterThanOrEqual(ENTRIES * 3);
    expect(unitLinks).toBeGreaterThan(0); // the config boards link their one unit
  });
});
