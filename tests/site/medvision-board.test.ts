import { describe, expect, it } from 'vitest';
import { FAMILY_STAT, medvisionBoards, summaryGroups } from '../../src/benchmarks/medvision/boards/boards';
import { loadMedvision } from '../../src/benchmarks/medvision/boards/load';
import { samplesOf } from '../../src/benchmarks/medvision/boards/sample-table';
import { combine, groupSums } from '../../src/core/stats/group-stat';
import { boardContext } from '../../src/board/gate';
import { SAMPLE_CLASS_TITLE, type SampleClass } from '../../src/benchmarks/medvision/sample-class';

const admitted = async () => (await boardContext()).forBenchmark('medvision');

describe('MedVision boards on the bundled demo data', () => {
  const entries = loadMedvision();
  it('the bootstrap statistic on the original samples reproduces the model summary exactly', () => {
    let checked = 0;
    for (const e of entries) {
      for (const r of e.results) {
        const groups = summaryGroups(r.task_type, r, samplesOf(e, r));
        const ours = combine(FAMILY_STAT[r.task_type], groupSums([...groups.values()].map((g) => g.map((s) => s.value))));
        const ms = r.model_summary as unknown as Record<string, unknown>;
        const theirs =
          r.task_type === 'Detection'
            ? ((ms.leaderboard_row as Record<string, Record<string, number | null>>)['T/L']!.IoU ?? NaN)
            : (ms.weighted_avg_mre as number | null) ?? NaN;
        if (Number.isNaN(theirs)) expect(Number.isNaN(ours)).toBe(true);
        else expect(ours).toBe(theirs);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('never ranks the two sample classes together; intervals bracket the value', async () => {
    for (const b of medvisionBoards(await admitted())) {
      expect(b.sections.map((s) => s.id)).toEqual(['full', 'pilot']);
      for (const s of b.sections) {
        // The title says what the section holds (the sample cap), never who made the model.
        expect(s.title.startsWith(SAMPLE_CLASS_TITLE[s.id as SampleClass])).toBe(true);
        for (const r of s.rows) {
          expect(r.sampleClass).toBe(s.id);
          if (r.interval && r.primary !== null) {
            expect(r.interval.lo).toBeLessThanOrEqual(r.primary + 1e-12);
            expect(r.interval.hi).toBeGreaterThanOrEqual(r.primary - 1e-12);
          }
        }
        expect(s.rows.map((r) => r.rank)[0] ?? 1).toBe(1);
      }
    }
  });

  it('is deterministic (same intervals on a second computation)', async () => {
    const a = JSON.stringify(medvisionBoards(await admitted()));
    expect(a).toBe(JSON.stringify(medvisionBoards(await admitted())));
  });
});
