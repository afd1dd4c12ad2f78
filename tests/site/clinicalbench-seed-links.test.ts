import { describe, expect, it } from 'vitest';
import { clinicalbenchBoards } from '../../src/benchmarks/clinicalbench/boards/boards';
import { boardContext } from '../../src/board/gate';
import { officialSeeds, seedPagePath } from '../../src/benchmarks/clinicalbench/boards/seeds';

describe('ClinicalBench board rows link the seeds they were run on', () => {
  it('every row links only seed pages that the build generates', async () => {
    const boards = await clinicalbenchBoards((await boardContext()).forBenchmark('clinicalbench'));
    const pages = new Set((await officialSeeds()).flatMap((o) => ['task_easy', 'task_medium', 'task_hard'].map((t) => seedPagePath(o.seed, t))));
    const rows = boards.flatMap((b) => b.sections.flatMap((s) => s.rows));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.links?.length, `${r.model} has no seed links`).toBeGreaterThan(0);
      for (const l of r.links!) expect(pages.has(l.href), `${l.href} is not generated`).toBe(true);
    }
  });
});
