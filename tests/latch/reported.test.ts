import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LATCH_REPORTED, SCBENCH_PAPER_DISPLAY_NAMES, splitModelHarness, type ReportedTable } from '../../src/benchmarks/latch/formats/reported';
import { needShared, sharedPath } from '../helpers/shared';

const FILE = sharedPath('fixtures/latch/expectations_aggregate.json');
const need = needShared('latch reported figures vs the shared published tables', 'fixtures/latch/expectations_aggregate.json');

const table = (id: string): ReportedTable => LATCH_REPORTED.find((t) => t.id === id)!;

describe('latch reported figures: shape', () => {
  it('every figure is marked reported with a source, and its CI brackets it', () => {
    let n = 0;
    for (const t of LATCH_REPORTED) {
      for (const g of Object.values(t.groups)) {
        for (const r of g.rows) {
          expect(r.accuracy.reported).toBe(true);
          expect(r.accuracy.source).toBe(t.source);
          expect(r.accuracy.ci_lower).toBeLessThanOrEqual(r.accuracy.value);
          expect(r.accuracy.ci_upper).toBeGreaterThanOrEqual(r.accuracy.value);
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(200);
  });

  it('splits upstream "<model>-<harness>" keys', () => {
    expect(splitModelHarness('gpt-5.5-openai-codex')).toEqual({ model: 'gpt-5.5', harness: 'openai-codex' });
    expect(splitModelHarness('grok-4-1-fast-reasoning-mini-swe-agent')).toEqual({ model: 'grok-4-1-fast-reasoning', harness: 'mini-swe-agent' });
    expect(() => splitModelHarness('no-harness')).toThrow();
  });
});

describe.skipIf(!need.ok)('latch reported figures match the shared published tables', () => {
  const published = need.ok ? (JSON.parse(readFileSync(FILE, 'utf8')) as { published_tables: Record<string, any> }).published_tables : {};

  it('knows every published table, and every table it knows is published', () => {
    const unknown = Object.keys(published).filter((k) => !LATCH_REPORTED.some((t) => t.id === k));
    expect(unknown, 'published tables not typed into LATCH_REPORTED').toEqual([]);
    for (const t of LATCH_REPORTED) expect(Object.keys(published), t.id).toContain(t.id);
  });

  it('model_results.csv', () => {
    const src = published.scbench_HEAD_model_results_csv;
    const t = table('scbench_HEAD_model_results_csv');
    expect(t.source).toBe(src.source);
    expect(
      t.groups.overall!.rows.map((r) => [r.model, r.harness, r.accuracy.value, r.accuracy.ci_lower, r.accuracy.ci_upper, r.cost_usd, r.duration_s, r.n_evals]),
    ).toEqual(
      (src.rows as Record<string, string>[]).map((r) => [
        r.model_name,
        r.harness,
        Number(r['Accuracy (%)']),
        Number(r.ci_lower),
        Number(r.ci_upper),
        Number(r['Cost ($)']),
        Number(r['Duration (s)']),
        Number(r.N),
      ]),
    );
  });

  for (const [id, key] of [
    ['scbench_HEAD_category_results.json', 'tasks'],
    ['scbench_HEAD_platform_results.json', 'platforms'],
  ] as const) {
    it(id, () => {
      const src = published[id];
      const t = table(id);
      expect(t.source).toBe(src.source);
      const theirs = src.data[key] as Record<string, { n_evals: number; model: Record<string, { passed: number; ci_low: number; ci_high: number }> }>;
      expect(Object.keys(t.groups)).toEqual(Object.keys(theirs));
      for (const [group, g] of Object.entries(theirs)) {
        expect(t.groups[group]!.n_evals, group).toBe(g.n_evals);
        expect(Object.fromEntries(t.groups[group]!.rows.map((r) => [r.key, [r.accuracy.value, r.accuracy.ci_lower, r.accuracy.ci_upper]]))).toEqual(
          Object.fromEntries(Object.entries(g.model).map(([k, v]) => [k, [v.passed, v.ci_low, v.ci_high]])),
        );
        for (const r of t.groups[group]!.rows) expect(`${r.model}-${r.harness}`).toBe(r.key);
      }
    });
  }

  it('paper-era benchmark_results.json', () => {
    const src = published.scbench_paper_74b1035_benchmark_results;
    const t = table('scbench_paper_74b1035_benchmark_results');
    expect(t.source).toBe(src.source);
    expect(t.groups.overall!.n_evals).toBe(src.metadata.n_evaluations);
    expect(t.groups.overall!.rows.map((r) => [r.model, SCBENCH_PAPER_DISPLAY_NAMES[r.model], r.accuracy.value, r.accuracy.ci_lower, r.accuracy.ci_upper, r.n_evals])).toEqual(
      (src.models as { id: string; display_name: string; accuracy: { mean: number; ci_lower: number; ci_upper: number }; n_evals: number }[]).map((m) => [
        m.id,
        m.display_name,
        m.accuracy.mean,
        m.accuracy.ci_lower,
        m.accuracy.ci_upper,
        m.n_evals,
      ]),
    );
  });
});
