/**
 * Where reported tables go (`src/board/reported.ts`, pure parts) and how they read: imported
 * tables on the boards of their suite, a typed-in copy of the same published file wins, a suite
 * without a board lands on the benchmark's first board saying so, cells exactly as read.
 */
import { describe, expect, it } from 'vitest';
import { defaultReportedOn, importedView, placeReported } from '../../src/board/reported';
import type { ReportedFile } from '../../src/ingest/reported';
import type { Board } from '../../src/core/board';
import { findBenchmark } from '../../src/registry/benchmarks';
import { agentRecomputation, readmeViews } from '../../src/benchmarks/clinicalbench/boards/reported';
import { SCBENCH_TABLE } from '../helpers/reported-table';

const board = (benchmark: string, kind: Board['kind'], slug: string, group?: string) => ({ benchmark, kind, slug, ...(group ? { group } : {}), sections: [] }) as unknown as Board;
const table = (over: Partial<ReportedFile>): ReportedFile => ({
  ...SCBENCH_TABLE,
  columns: ['model_name', 'Accuracy (%)', 'N'],
  rows: [{ model_name: 'gpt-5.5', 'Accuracy (%)': 57.95, N: null }],
  file: 'reported/latch/latchbio-scbench-scbench-results-model_results.json',
  ...over,
});

describe('reported table placement', () => {
  const latchBoards = [board('latch', 'overall', 'scbench/overall', 'scBench'), board('latch', 'category', 'scbench/task/qc', 'scBench'), board('latch', 'overall', 'spatialbench/overall', 'SpatialBench')];

  it('by default: the overall board of the suite’s group, no other', () => {
    expect(latchBoards.map((b) => defaultReportedOn('scBench', b))).toEqual([true, false, false]);
    expect(defaultReportedOn('anything', board('x', 'overall', 'overall'))).toBe(true);
  });

  it('an imported table is shown on its suite’s board only, never on another benchmark’s', () => {
    const t = table({});
    const on = (b: Board) => placeReported({ board: b, boards: latchBoards, tables: [t], own: [], typedCovers: new Set() }).map((v) => v.title);
    expect(latchBoards.map(on)).toEqual([[t.title], [], []]);
    expect(placeReported({ board: board('medvision', 'family', 'tl'), boards: [board('medvision', 'family', 'tl')], tables: [t], own: [], typedCovers: new Set() })).toEqual([]);
  });

  it('a published file already typed in (same repository, commit and path) is not shown twice', () => {
    const got = placeReported({ board: latchBoards[0]!, boards: latchBoards, tables: [table({})], own: [], typedCovers: new Set(['latchbio/scbench@4a7d2b0 results/model_results.csv']) });
    expect(got).toEqual([]);
    const otherCommit = table({ source: { repo: 'https://github.com/latchbio/scbench', commit: '74b1035aaaaaaa' } });
    expect(placeReported({ board: latchBoards[0]!, boards: latchBoards, tables: [otherCommit], own: [], typedCovers: new Set(['latchbio/scbench@4a7d2b0 results/model_results.csv']) })).toHaveLength(1);
  });

  it('a suite with no board goes on the benchmark’s first board, with a note saying so', () => {
    const t = table({ suite: 'SomeOtherBench' });
    const [first, ...rest] = latchBoards.map((b) => placeReported({ board: b, boards: latchBoards, tables: [t], own: [], typedCovers: new Set() }));
    expect(first).toHaveLength(1);
    expect(first![0]!.notes).toEqual(['Published for SomeOtherBench, which has no board on this site: shown here.']);
    expect(rest.flat()).toEqual([]);
  });

  it('MedVision: a task tag’s table goes on that family’s board', () => {
    const on = findBenchmark('medvision')!.submissions!.reportedOn!;
    const fam = ['tl', 'ad', 'detection'].map((s) => board('medvision', 'family', s));
    expect(fam.map((b) => on('MedVision-TL', b))).toEqual([true, false, false]);
    expect(fam.map((b) => on('MedVision-detect', b))).toEqual([false, false, true]);
    expect(on('MedVision-TL', board('medvision', 'config', 'tl'))).toBe(false);
  });
});

describe('an imported table as shown', () => {
  it('cells as read (null as —), source as owner/repo@commit path, licence and attribution kept', () => {
    const v = importedView(table({ licence: 'Apache-2.0', attribution: 'LatchBio', source: { repo: 'https://github.com/latchbio/scbench', commit: '4a7d2b0b6f792dee7b436c385cacf4faaf37646f', path: 'sub' } }));
    expect(v.rows).toEqual([{ kind: 'reported', cells: ['gpt-5.5', '57.95', '—'] }]);
    expect(v).toMatchObject({ source: 'latchbio/scbench@4a7d2b0 sub/results/model_results.csv', sourceUrl: 'https://github.com/latchbio/scbench', licence: 'Apache-2.0', attribution: 'LatchBio', origin: 'imported' });
  });

  it('a local import says its repository and commit are not recorded; a non-http repository is never linked', () => {
    const { source: _s, ...local } = table({});
    expect(importedView(local as ReportedFile).source).toBe('results/model_results.csv (local import: repository and commit not recorded)');
    const v = importedView(table({ source: { repo: 'javascript:alert(1)' } }));
    expect(v.sourceUrl).toBeUndefined();
    expect(v.source).toContain('(commit not recorded)');
  });
});

describe('ClinicalBench README views', () => {
  it('the Heuristic reported row is followed by its recomputation, printed as the README prints it (0.98 / 0.79 / 0.73, 0.83, 67%)', () => {
    const [scores, frontier] = readmeViews([agentRecomputation(20260402)]);
    const kinds = scores!.rows.map((r) => `${r.kind} ${r.cells[0]}`);
    expect(kinds).toEqual(['reported Naive LLM', 'reported Heuristic', 'recomputed Heuristic, recomputed by evalboard from seed 20260402', 'reported ReAct (3.1 405B)', 'reported ReAct (3.3 70B)']);
    const [reported, rec] = [scores!.rows[1]!, scores!.rows[2]!];
    expect(rec.cells.slice(1, 6)).toEqual(reported.cells.slice(1, 6));
    expect(rec.cells.slice(1, 6)).toEqual(['0.98', '0.79', '0.73', '0.83', '67%']);
    // The fixtures README's unrounded figures of upstream's own run: 0.98 / 0.791 / 0.733, average 0.8347.
    expect(rec.note).toContain('unrounded: Easy 0.98, Medium 0.791, Hard 0.733, Average 0.8347');
    expect(frontier!.rows.every((r) => r.kind === 'reported')).toBe(true);
    expect(scores!.source).toBe('sumitsaraswat362/clinical-trial-auditor@639207b README.md, Benchmark Results: "Reproducible benchmark scores (seed=20260402)"');
    expect(scores!.licence).toMatch(/^unclear/);
  });

  it('without a recomputation the Heuristic row stands alone, still reported', () => {
    const [scores] = readmeViews([]);
    expect(scores!.rows.map((r) => r.kind)).toEqual(['reported', 'reported', 'reported', 'reported']);
  });
});
