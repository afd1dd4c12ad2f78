/**
 * Reported rows on real boards, end to end: the public fixtures imported (ClinicalBench heuristic
 * episodes and breakdowns, scBench runs and published tables) next to the bundled demo data, the
 * build's reported dir pointed at the import's. The ClinicalBench README's Heuristic row is shown
 * with evalboard's recomputations beside it (0.98 / 0.791 / 0.733, average 0.8347: the agent re-run
 * by evalboard, and the imported upstream episodes replayed, which are under review and so on no
 * board), and no reported row reaches
 * anything that ranks: board rows and unranked rows, MDDs, home-page leaders, compare entries.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import type { Board } from '../../src/core/board';
import type { ReportedView } from '../../src/core/reported';

const REPO = resolve(__dirname, '../..');
const need = needShared('reported rows on the boards', 'fixtures/clinicalbench/episodes_heuristic_seed20260402.json', 'fixtures/clinicalbench/generated', 'fixtures/latch/latchbio__scbench');
const ENV = ['EVALBOARD_RESULTS', 'EVALBOARD_REPORTED', 'EVALBOARD_REVIEWS', 'EVALBOARD_MODELS', 'EVALBOARD_REFERENCES'] as const;

describe.skipIf(!need.ok)('reported rows on the boards (fixtures imported beside the demo data)', () => {
  let tmp: string;
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  let boards: Board[];
  let viewsOf: (b: Board) => Promise<{ views: ReportedView[]; findings: string[] }>;
  const board = (benchmark: string, slug: string) => boards.find((b) => b.benchmark === benchmark && b.slug === slug)!;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'evalboard-reported-boards-'));
    for (const b of ['clinicalbench', 'latch']) {
      cpSync(join(REPO, 'results', b), join(tmp, 'results', b), { recursive: true });
      cpSync(join(REPO, 'reviews', b), join(tmp, 'reviews', b), { recursive: true });
      cpSync(join(REPO, 'references', b), join(tmp, 'references', b), { recursive: true });
    }
    cpSync(join(REPO, 'models'), join(tmp, 'models'), { recursive: true });
    for (const k of ENV) delete process.env[k];
    const { findBenchmark } = await import('../../src/registry/benchmarks');
    const { runImport } = await import('../../src/ingest/run-import');
    const out = { resultsRoot: join(tmp, 'results'), modelsRoot: join(tmp, 'models'), referencesRoot: join(tmp, 'references'), reviewsRoot: join(tmp, 'reviews'), reportedRoot: join(tmp, 'reported') };
    const cb = await runImport(findBenchmark('clinicalbench')!, { source: sharedPath('fixtures/clinicalbench'), out, provenance: { repo: 'https://github.com/sumitsaraswat362/clinical-trial-auditor', commit: '639207bfb35497a71021e87ca9dd3210f54f580d' } });
    expect(cb.validation?.valid).toBe(true);
    const latch = await runImport(findBenchmark('latch')!, { source: sharedPath('fixtures/latch/latchbio__scbench'), out, provenance: { repo: 'https://github.com/latchbio/scbench', commit: '4a7d2b0b6f792dee7b436c385cacf4faaf37646f', licence: 'Apache-2.0' } });
    expect(latch.validation?.valid).toBe(true);
    process.env.EVALBOARD_RESULTS = join(tmp, 'results');
    process.env.EVALBOARD_REPORTED = join(tmp, 'reported');
    const { allBoards } = await import('../../src/board/boards');
    const { reportedForBoard } = await import('../../src/board/reported');
    boards = await allBoards();
    viewsOf = (b) => reportedForBoard(b, boards);
  }, 600_000);
  afterAll(() => {
    for (const k of ENV) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("ClinicalBench overall: the README's tables, the Heuristic row followed by evalboard's recomputation from seed 20260402", async () => {
    const { views, findings } = await viewsOf(board('clinicalbench', 'overall'));
    expect(findings).toEqual([]);
    const scores = views.find((v) => v.id === 'reported-clinicalbench-readme-scores')!;
    const i = scores.rows.findIndex((r) => r.kind === 'reported' && r.cells[0] === 'Heuristic');
    expect(scores.rows[i]!.cells.slice(1, 6)).toEqual(['0.98', '0.79', '0.73', '0.83', '67%']);
    const [agent, upstream] = [scores.rows[i + 1]!, scores.rows[i + 2]!];
    expect([agent.kind, upstream.kind]).toEqual(['recomputed', 'recomputed']);
    expect(agent.cells.slice(0, 6)).toEqual(['Heuristic, recomputed by evalboard from seed 20260402', '0.98', '0.79', '0.73', '0.83', '67%']);
    expect(upstream.cells.slice(0, 6)).toEqual(['Heuristic, upstream’s episodes replayed by evalboard (seed 20260402)', '0.98', '0.79', '0.73', '0.83', '67%']);
    for (const r of [agent, upstream]) expect(r.note).toContain('unrounded: Easy 0.98, Medium 0.791, Hard 0.733, Average 0.8347');
    expect(upstream.note).toContain('clinicalbench-heuristic-639207b (under review)');
    expect(upstream.href).toBe('submissions/clinicalbench-heuristic-639207b/');
    expect(scores.rows.filter((r) => r.kind === 'recomputed')).toHaveLength(2);
    expect(views.some((v) => v.id === 'reported-clinicalbench-readme-frontier')).toBe(true);
  });

  it('ClinicalBench: the imported breakdown-only files on the overall board only; the README tables on every board', async () => {
    const imported = (v: { views: ReportedView[] }) => v.views.filter((x) => x.origin === 'imported').map((x) => x.title).sort();
    expect(imported(await viewsOf(board('clinicalbench', 'overall')))).toHaveLength(3);
    for (const slug of ['easy', 'medium', 'hard']) {
      const v = await viewsOf(board('clinicalbench', slug));
      expect(imported(v), slug).toEqual([]);
      expect(v.views.map((x) => x.id), slug).toEqual(['reported-clinicalbench-readme-scores', 'reported-clinicalbench-readme-frontier']);
    }
  });

  it('scBench overall: the typed-in published tables; the imported copies of the same files are not shown again, the others are', async () => {
    const { views } = await viewsOf(board('latch', 'scbench/overall'));
    const typed = views.filter((v) => v.origin === 'typed').map((v) => v.source);
    expect(typed.some((s) => s.startsWith('latchbio/scbench@4a7d2b0 results/model_results.csv'))).toBe(true);
    // model_results.csv, category and platform JSON are typed in: only model_steps.csv is shown as imported.
    expect(views.filter((v) => v.origin === 'imported').map((v) => v.source)).toEqual(['latchbio/scbench@4a7d2b0 results/model_steps.csv']);
    expect((await viewsOf(board('latch', 'spatialbench/overall'))).views).toEqual([]);
  });

  it('no reported row reaches a ranking, an unranked list, an MDD, a home-page leader or a compare entry', async () => {
    const labels = new Set<string>();
    for (const b of boards) for (const v of (await viewsOf(b)).views) for (const r of v.rows) labels.add(r.cells[0]!);
    expect(labels.size).toBeGreaterThan(10);
    const rows = boards.flatMap((b) => b.sections.flatMap((s) => [...s.rows, ...(s.unranked ?? [])]));
    expect(rows.length).toBeGreaterThan(0);
    // Imported submissions under review are listed (never ranked) under their real model names,
    // which the published tables share: those rows are recomputed from their runs, not reported.
    for (const r of rows.filter((x) => x.underReview !== true)) {
      expect(labels.has(r.model), r.model).toBe(false);
      expect(labels.has(`${r.model} · ${r.harness}`)).toBe(false);
    }
    // The recomputed heuristic row comes from an under-review submission: listed as under review, never ranked.
    const ranked = boards.flatMap((b) => b.sections.flatMap((s) => s.rows));
    expect(ranked.some((r) => r.submissionId === 'clinicalbench-heuristic-639207b')).toBe(false);
    expect(rows.filter((r) => r.submissionId === 'clinicalbench-heuristic-639207b').every((r) => 'status' in r && r.status === 'under_review')).toBe(true);
    const keys = new Set(rows.map((r) => r.entryKey));
    for (const b of boards) for (const s of b.sections) if (s.mdd) for (const k of s.mdd.between) expect(keys.has(k)).toBe(true);
    const { benchmarkCards } = await import('../../src/board/benchmarks');
    for (const c of await benchmarkCards()) {
      for (const l of c.leaders) {
        expect(keys.has(`${l.modelSlug}`) || rows.some((r) => r.modelSlug === l.modelSlug), l.model).toBe(true);
        for (const t of [l.model, ...l.top.map((x) => x.model)]) expect(labels.has(t), t).toBe(false);
      }
    }
    const { compareEntries } = await import('../../src/board/models');
    for (const e of await compareEntries()) {
      expect(keys.has(e.slug), e.slug).toBe(true);
      expect(labels.has(e.name.split(' · ')[0]!), e.name).toBe(false);
    }
  });
});
