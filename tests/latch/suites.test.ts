/**
 * scBench, SpatialBench and SpatialBench-Long share the graders but are separate benchmarks: a run
 * belongs to a suite by its eval id (the reference's eval → suite map), each suite has its own
 * boards and reference version, and no board pools two suites. An eval the reference names no
 * suite for is a located warning and on no board.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Admitted } from '../../src/core/benchmark';
import type { Board } from '../../src/core/board';
import type { LatchReference } from '../../src/benchmarks/latch/reference/schema';

const REPO = join(import.meta.dirname, '..', '..');
const ALL: Admitted = { ranked: () => true, underReview: () => false };
const ENV = ['EVALBOARD_RESULTS', 'EVALBOARD_REFERENCES', 'EVALBOARD_MODELS', 'EVALBOARD_NO_CACHE'];
const demoRef = JSON.parse(readFileSync(join(REPO, 'references', 'latch', 'demo.json'), 'utf8')) as LatchReference;
const suiteOfEval = (id: string) => demoRef.evals[id]!.bench!;
const NO_SUITE = 'demo_sp_region_summary';

/** Every section's ranked rows: one unit set (the same eval ids), all of one suite. */
function assertOneSuitePerSection(boards: readonly Board[]): number {
  let checked = 0;
  for (const b of boards) {
    for (const s of [...b.sections]) {
      const sets = new Set(s.rows.map((r) => Object.keys(r.unitValues?.() ?? {}).sort().join(',')));
      expect(sets.size <= 1, `${b.slug} ${s.id}: ranked rows on different eval sets ${[...sets].join(' | ')}`).toBe(true);
      for (const r of [...s.rows, ...(s.unranked ?? [])]) {
        const suites = new Set(Object.keys(r.unitValues?.() ?? {}).map(suiteOfEval));
        expect([...suites], `${b.slug}: ${r.submissionId}`).toEqual([b.group]);
        checked++;
      }
    }
  }
  return checked;
}

describe('latch suites on the bundled demo', () => {
  it('each suite has its own overall, task and platform boards; every ranked row of a section has the same evals, of that suite only', async () => {
    vi.resetModules();
    for (const k of ENV) delete process.env[k];
    process.env.EVALBOARD_NO_CACHE = '1';
    const { latchBoards } = await import('../../src/benchmarks/latch/boards/boards');
    const boards = await latchBoards(ALL);
    delete process.env.EVALBOARD_NO_CACHE;
    expect(new Set(boards.map((b) => b.group))).toEqual(new Set(['scBench', 'SpatialBench']));
    for (const b of boards) expect(b.slug.startsWith(b.group === 'scBench' ? 'scbench/' : 'spatialbench/'), b.slug).toBe(true);
    expect(boards.filter((b) => b.kind === 'overall').map((b) => [b.slug, b.sections[0]!.rows.length, b.sections[0]!.rows[0]!.coverage!.total])).toEqual([
      ['scbench/overall', 4, 9],
      ['spatialbench/overall', 4, 6],
    ]);
    // Every demo entry ran every eval of both suites: all ranked, on every board.
    for (const b of boards) expect(b.sections.flatMap((s) => s.unranked ?? []), b.slug).toEqual([]);
    expect(assertOneSuitePerSection(boards)).toBeGreaterThan(0);
    // The old pooled URLs (overall, task/<t>, platform/<k>) are pages linking the suite boards they became.
    const { movedLatchBoards } = await import('../../src/benchmarks/latch/boards/boards');
    const moved = await movedLatchBoards();
    expect(moved.find((m) => m.slug === 'overall')?.to.map((t) => t.slug)).toEqual(['scbench/overall', 'spatialbench/overall']);
    expect(moved.find((m) => m.slug === 'task/qc')?.to.map((t) => t.slug)).toEqual(['scbench/task/qc']);
    const slugs = new Set(boards.map((b) => b.slug));
    for (const m of moved) {
      expect(slugs.has(m.slug), m.slug).toBe(false);
      for (const t of m.to) expect(slugs.has(t.slug), t.slug).toBe(true);
    }
    // One moved page per old slug: every suite board's slug without its suite segment.
    expect(moved.map((m) => m.slug)).toEqual([...new Set(boards.map((b) => b.slug.split('/').slice(1).join('/')))].sort());
  });
});

describe('a run set spanning two suites, each suite with its own reference version', () => {
  let root: string;
  let boards: Board[];
  let check: Awaited<ReturnType<typeof import('../../src/benchmarks/latch/checks')['checkLatch']>>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'evalboard-suites-'));
    // The demo reference split into one version per suite; one SpatialBench eval names no suite.
    const refs = join(root, 'references', 'latch');
    mkdirSync(refs, { recursive: true });
    for (const [version, bench] of [['scbench-demo', 'scBench'], ['spatialbench-demo', 'SpatialBench']] as const) {
      const evals = Object.fromEntries(
        Object.entries(demoRef.evals)
          .filter(([, e]) => e.bench === bench)
          .map(([id, e]) => {
            const { bench: _b, ...rest } = e;
            return [id, id === NO_SUITE ? rest : e];
          }),
      );
      writeFileSync(join(refs, `${version}.json`), JSON.stringify({ ...demoRef, version, evals }, null, 1));
    }
    for (const id of ['demo-agent-small-demo', 'demo-agent-large-demo']) cpSync(join(REPO, 'results', 'latch', id), join(root, 'results', 'latch', id), { recursive: true });
    process.env.EVALBOARD_RESULTS = join(root, 'results');
    process.env.EVALBOARD_REFERENCES = join(root, 'references');
    process.env.EVALBOARD_MODELS = join(REPO, 'models');
    process.env.EVALBOARD_NO_CACHE = '1';
    vi.resetModules();
    const { latchBoards } = await import('../../src/benchmarks/latch/boards/boards');
    boards = await latchBoards(ALL);
    const { checkLatch } = await import('../../src/benchmarks/latch/checks');
    check = await checkLatch(join(root, 'results', 'latch', 'demo-agent-small-demo'));
  }, 120_000);
  afterAll(() => {
    for (const k of ENV) delete process.env[k];
    rmSync(root, { recursive: true, force: true });
  });

  it('the folder is compared with one version of each suite: no eval is outside the reference', () => {
    expect(check.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(check.facts.find((f) => f.label === 'Reference')?.value ?? '').toMatch(/scbench-demo \+ spatialbench-demo/);
  });

  it('one entry per suite: the scBench board has the 9 scBench evals, the SpatialBench board the 5 with a suite, never pooled', () => {
    const sc = boards.find((b) => b.slug === 'scbench/overall')!;
    const sp = boards.find((b) => b.slug === 'spatialbench/overall')!;
    expect(sc.sections.map((s) => s.title)).toEqual(['All submissions']);
    expect(sc.sections[0]!.rows.map((r) => r.coverage)).toEqual([{ units: 9, total: 9, unit: 'evals' }, { units: 9, total: 9, unit: 'evals' }]);
    expect(sp.sections[0]!.rows.map((r) => r.coverage)).toEqual([{ units: 5, total: 5, unit: 'evals' }, { units: 5, total: 5, unit: 'evals' }]);
    expect(boards.filter((b) => b.kind === 'overall')).toHaveLength(2);
    expect(assertOneSuitePerSection(boards)).toBeGreaterThan(0);
  });

  it('an eval whose suite the reference does not name is a located warning and on no board', () => {
    const w = check.findings.filter((f) => f.message.includes(NO_SUITE) && f.severity === 'warning');
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ path: `evals/spatial_domains/${NO_SUITE}.json`, pointer: '$.id' });
    expect(w[0]!.message).toMatch(/does not say which suite .* on no suite board/);
    for (const b of boards) for (const s of b.sections) for (const r of [...s.rows, ...(s.unranked ?? [])]) expect(Object.keys(r.unitValues?.() ?? {}), b.slug).not.toContain(NO_SUITE);
    // Its task "spatial_domains" still has a board, over the eval of that task that has a suite.
    expect(boards.find((b) => b.slug === 'spatialbench/task/spatial-domains')?.sections[0]!.rows[0]!.coverage?.total).toBe(1);
  });
});
