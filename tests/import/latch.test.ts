/**
 * `import latch ../shared/fixtures/latch/latchbio__scbench`: every run imported into one
 * submission per model × harness, each re-graded to its recorded result, reruns (a repeated
 * trial_index under another r<N>) recorded as warnings, the suite's reference written as its own
 * version (boards split by it), validate passes, and each imported folder's aggregate equals the
 * fixtures' computed_from_fixtures. SpatialBench-Long's `evals/<id>/eval.json` + `vocabulary.json`
 * layout imports without a "missing eval" error.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { scoreLatchFolder } from '../../src/benchmarks/latch/formats';
import { findBenchmark } from '../../src/registry/benchmarks';
import { runImport, type ImportRun } from '../../src/ingest/run-import';
import { regularFiles } from '../../src/core/fs-walk';

const need = needShared('latch importer on the public scBench runs', 'fixtures/latch/latchbio__scbench', 'fixtures/latch/expectations_results.json', 'fixtures/latch/expectations_aggregate.json');
const SC = sharedPath('fixtures/latch/latchbio__scbench');
const latch = () => findBenchmark('latch')!;
const target = (root: string) => ({ resultsRoot: join(root, 'results'), modelsRoot: join(root, 'models'), referencesRoot: join(root, 'references') });

describe.skipIf(!need.ok)('import latch on the public scBench checkout', () => {
  let tmp: string;
  let run: ImportRun;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'evalboard-import-latch-'));
    run = await runImport(latch(), { source: SC, out: target(tmp), provenance: { repo: 'https://github.com/latchbio/scbench', commit: '4a7d2b0b6f792dee7b436c385cacf4faaf37646f', licence: 'Apache-2.0', attribution: 'LatchBio (scBench)' } });
  }, 180_000);
  afterAll(() => tmp && rmSync(tmp, { recursive: true, force: true }));

  it('imports every run, one submission per model × harness, and validate passes', () => {
    const want = JSON.parse(readFileSync(sharedPath('fixtures/latch/expectations_results.json'), 'utf8'));
    const imported = run.report.submissions.flatMap((s) => regularFiles(s.dir).filter((f) => f.endsWith('/result.json')));
    expect(imported).toHaveLength(want.n_files);
    const configs = new Set((want.cases as { result_path: string }[]).map((c) => c.result_path.split('/').slice(3, 6).join('/')));
    expect(run.report.submissions).toHaveLength(configs.size);
    expect(run.validation?.valid).toBe(true);
    expect(run.report.references.map((f) => f.split('/').pop())).toEqual(['scbench-4a7d2b0.json']);
  });

  it('re-grades every run to its recorded result', async () => {
    const want = JSON.parse(readFileSync(sharedPath('fixtures/latch/expectations_results.json'), 'utf8')) as { cases: { result_path: string; recorded: Record<string, unknown> }[] };
    const byPath = new Map(want.cases.map((c) => [c.result_path.replace(/^latchbio__scbench\//, ''), c.recorded]));
    let n = 0;
    for (const s of run.report.submissions) {
      const scored = await scoreLatchFolder(s.dir);
      for (const r of scored.runs) {
        const rec = byPath.get(r.path)!;
        expect(rec, r.path).toBeDefined();
        expect(r.ours?.passed, r.path).toBe(rec['grader_result.passed']);
        expect(r.ours?.score, r.path).toBe(rec['grader_result.score']);
        n++;
      }
    }
    expect(n).toBe(want.cases.length);
  });

  it('each imported folder aggregates to the fixtures\' computed_from_fixtures', async () => {
    const want = JSON.parse(readFileSync(sharedPath('fixtures/latch/expectations_aggregate.json'), 'utf8')).computed_from_fixtures.overall as Record<string, { unrounded: unknown; n_trials: unknown }>;
    const seen: string[] = [];
    for (const s of run.report.submissions) {
      const scored = await scoreLatchFolder(s.dir);
      for (const [key, g] of Object.entries(scored.aggregate.overall)) {
        // model_name differs per harness for one folder (gpt-5.5 via openai-codex): the fixtures key by <provider>/<model> folder.
        const k = Object.keys(want).find((w) => w === key || w.endsWith(`/${key}`))!;
        expect(k, key).toBeDefined();
        expect(g.unrounded).toEqual(want[k]!.unrounded);
        expect(g.n_trials).toEqual(want[k]!.n_trials);
        seen.push(k);
      }
    }
    expect(seen.sort()).toEqual(Object.keys(want).sort());
  });

  it('records a repeated trial_index under another r<N> as a rerun: a warning, not an error', () => {
    expect(run.report.notes.filter((n) => /reruns/.test(n)).length).toBeGreaterThan(0);
    const rerun = run.validation!.reports.flatMap((r) => r.findings).filter((f) => /^rerun:/.test(f.message));
    expect(rerun.length).toBeGreaterThan(0);
    expect(rerun.every((f) => f.severity === 'warning')).toBe(true);
  });

  it('imports the published tables as reported rows of the suite', () => {
    expect(run.report.reported.map((t) => `${t.suite} ${t.from}`)).toContain('scBench results/model_results.csv');
    const models = run.report.reported.find((t) => t.from === 'results/model_results.csv')!;
    expect(models.rows[0]).toMatchObject({ model_name: 'gpt-5.5', harness: 'mini-swe-agent', 'Accuracy (%)': 57.95 });
  });

  it('a second run writes the same bytes', async () => {
    const snap = () => Object.fromEntries(regularFiles(tmp).map((f) => [f, readFileSync(join(tmp, f), 'utf8')]));
    const first = snap();
    await runImport(latch(), { source: SC, out: target(tmp), provenance: { repo: 'https://github.com/latchbio/scbench', commit: '4a7d2b0b6f792dee7b436c385cacf4faaf37646f', licence: 'Apache-2.0', attribution: 'LatchBio (scBench)' } });
    expect(snap()).toEqual(first);
  }, 120_000);

  it("SpatialBench-Long's evals/<id>/eval.json layout (with vocabulary.json) imports without a missing-eval error", async () => {
    const src = join(tmp, 'latchbio__spatialbench-long');
    const specFile = join(SC, 'evals', 'normalization', 'NRM01_sparse_normalization.json');
    mkdirSync(join(src, 'evals', 'NRM01_sparse_normalization'), { recursive: true });
    cpSync(specFile, join(src, 'evals', 'NRM01_sparse_normalization', 'eval.json'));
    writeFileSync(join(src, 'evals', 'NRM01_sparse_normalization', 'vocabulary.json'), JSON.stringify({ terms: ['a', 'b'] }));
    cpSync(join(SC, 'trajectories', 'NRM01_sparse_normalization', 'anthropic', 'claude-opus-4-5'), join(src, 'trajectories', 'NRM01_sparse_normalization', 'anthropic', 'claude-opus-4-5'), { recursive: true });
    const r = await runImport(latch(), { source: src, out: target(join(tmp, 'long')) });
    expect(r.report.submissions).toHaveLength(1);
    expect(r.report.submissions[0]!.id).toMatch(/^spatialbench-long-/);
    expect(r.report.skipped.find((s) => s.path.endsWith('vocabulary.json'))?.reason).toMatch(/vocabulary/);
    const errors = r.validation!.reports.flatMap((x) => x.findings).filter((f) => f.severity === 'error');
    expect(errors).toEqual([]);
  });
});
