import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATCH_DEMO_EVALS, LATCH_DEMO_MODELS, LATCH_DEMO_TRIALS, latchDemoEvalFiles, latchDemoRuns } from '../../src/benchmarks/latch/demo/generator';
import { scoreLatchFolder } from '../../src/benchmarks/latch/formats';
import { regradeAnswer } from '../../src/benchmarks/latch/formats/regrade';
import { evalSchema, runResultSchema, type EvalSpec } from '../../src/benchmarks/latch/formats/schemas';
import { readSubmissionFolder } from '../../src/ingest/submission/read';

const RESULTS = path.resolve(__dirname, '../../results');

describe('latch demo generator', () => {
  it('is deterministic', () => {
    for (const m of LATCH_DEMO_MODELS) expect(latchDemoRuns(m)).toEqual(latchDemoRuns(m));
    expect(latchDemoEvalFiles()).toEqual(latchDemoEvalFiles());
  });

  it('uses fictional agent names only', () => {
    for (const m of LATCH_DEMO_MODELS) expect(m.name).toMatch(/^demo-agent-/);
  });

  it('covers both benches, several categories, kits and grader types incl. composites', () => {
    expect(new Set(LATCH_DEMO_EVALS.map((e) => e.bench))).toEqual(new Set(['scBench', 'SpatialBench']));
    for (const bench of ['scBench', 'SpatialBench']) {
      expect(new Set(LATCH_DEMO_EVALS.filter((e) => e.bench === bench).map((e) => e.task)).size).toBeGreaterThanOrEqual(3);
    }
    const types = new Set(LATCH_DEMO_EVALS.map((e) => e.grader.type));
    expect(types.size).toBeGreaterThanOrEqual(12);
    expect(types).toContain('all_of');
    expect(types).toContain('average_of');
    expect(new Set(LATCH_DEMO_EVALS.map((e) => e.id)).size).toBe(LATCH_DEMO_EVALS.length);
  });

  it('every run parses, and re-grading reproduces its recorded grader_result', () => {
    const specs = new Map<string, EvalSpec>();
    for (const f of latchDemoEvalFiles()) {
      if (f.path.endsWith('manifest.json')) continue;
      const spec = evalSchema.parse(f.value);
      specs.set(spec.id, spec);
    }
    for (const m of LATCH_DEMO_MODELS) {
      const runs = latchDemoRuns(m);
      expect(runs).toHaveLength(LATCH_DEMO_EVALS.length * LATCH_DEMO_TRIALS);
      let passed = 0;
      for (const f of runs) {
        const run = runResultSchema.parse(f.value);
        const ours = regradeAnswer(specs.get(run.result.test_id)!, run.result.agent_answer);
        expect(ours.error).toBeUndefined();
        expect(ours.passed).toBe(run.result.grader_result!.passed);
        expect(ours.score).toBe(run.result.grader_result!.score);
        if (ours.passed) passed++;
      }
      // Realistic: nobody passes everything or nothing.
      expect(passed).toBeGreaterThan(0);
      expect(passed).toBeLessThan(runs.length);
    }
  });
});

describe.skipIf(!existsSync(path.join(RESULTS, 'latch')))('bundled results/latch demo folders', () => {
  for (const m of LATCH_DEMO_MODELS) {
    const dir = path.join(RESULTS, 'latch', `${m.name}-demo`);
    it(`${m.name}: up to date with the generator, valid submission, re-graded without findings`, async () => {
      for (const f of [...latchDemoEvalFiles(), ...latchDemoRuns(m)]) {
        expect(JSON.parse(readFileSync(path.join(dir, f.path), 'utf8')), f.path).toEqual(f.value);
      }
      const folder = readSubmissionFolder(dir, RESULTS);
      expect(folder.findings).toEqual([]);
      expect(folder.submission).toMatchObject({ benchmark: 'latch', synthetic: true });
      const scored = await scoreLatchFolder(dir);
      expect(scored.findings).toEqual([]);
      expect(scored.runs).toHaveLength(LATCH_DEMO_EVALS.length * LATCH_DEMO_TRIALS);
      expect(scored.runs.every((r) => r.ours && !r.ours.error)).toBe(true);
    });
  }
});
