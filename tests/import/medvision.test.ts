/**
 * `import medvision ../shared/fixtures/medvision/Results`: one submission per model folder, the
 * three task-specific checkpoints of one base model as one registered model (one entry family),
 * model and harness from the runs' results.json, the version's reference from the same tree;
 * validate passes on the output, and `score --json` on every imported folder equals the fixtures'
 * expectations exactly (reparsed/: the default re-extraction from resps; expected/: with
 * --trust-submitted-parse), model summaries included. Running it twice writes the same bytes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { handler } from '../../src/benchmarks/medvision/format-handler';
import { compareValues } from '../../src/core/conformance/compare';
import { toJson } from '../../src/core/json-out';
import { findBenchmark } from '../../src/registry/benchmarks';
import { runImport, type ImportRun } from '../../src/ingest/run-import';
import { regularFiles } from '../../src/core/fs-walk';

const ROOT = resolve(__dirname, '../..');
const need = needShared('MedVision importer on the public fixtures', 'fixtures/medvision/Results', 'fixtures/medvision/expected', 'fixtures/medvision/reparsed');
const FX = sharedPath('fixtures/medvision');

const snapshot = (dir: string) => Object.fromEntries(regularFiles(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));

describe.skipIf(!need.ok)('import medvision on the public Results/ tree', () => {
  let tmp: string;
  let run: ImportRun;
  const out = () => ({ resultsRoot: join(tmp, 'results'), modelsRoot: join(tmp, 'models'), referencesRoot: join(tmp, 'references') });
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'evalboard-import-mv-'));
    run = await runImport(findBenchmark('medvision')!, { source: join(FX, 'Results'), out: out(), provenance: { repo: 'https://github.com/viennh/MedVision', commit: '8118ec6de6c3145db4391d594565e8f0f069a615', path: 'Results', licence: 'ambiguous (MIT LICENSE, CC-BY-NC 4.0 in pyproject.toml)', attribution: 'Yongcheng Yao (MedVision); run by viennh' } });
  }, 180_000);
  afterAll(() => tmp && rmSync(tmp, { recursive: true, force: true }));

  it('writes one submission per model folder, one model for the three checkpoints, and validate passes', () => {
    const modelFolders = readdirSync(join(FX, 'Results')).flatMap((t) => readdirSync(join(FX, 'Results', t)));
    expect(run.report.submissions).toHaveLength(modelFolders.length);
    expect(run.report.models).toEqual(['yongchengyao-medvision__sft-m__qwen25vl-7b']);
    expect(run.validation?.valid).toBe(true);
    expect(run.validation?.reports.flatMap((r) => r.findings.filter((f) => f.severity === 'error'))).toEqual([]);
    const model = JSON.parse(readFileSync(join(tmp, 'models', 'yongchengyao-medvision__sft-m__qwen25vl-7b.json'), 'utf8'));
    expect(model).toMatchObject({ org: 'YongchengYAO', name: 'MedVision__SFT-m__qwen25vl-7b', weights: 'open', params: 'unknown', licence: 'unknown', release_date: 'unknown' });
    for (const t of ['AD', 'TL', 'detect']) expect(model.aliases).toContain(`YongchengYAO/MedVision__SFT-m__qwen25vl-7b__${t}`);
    // One entry family: every task-specific checkpoint's submission names the one base model.
    const models = run.report.submissions.map((s) => JSON.parse(readFileSync(join(s.dir, 'submission.json'), 'utf8')).model);
    expect(models).toEqual(run.report.submissions.map(() => 'yongchengyao-medvision__sft-m__qwen25vl-7b'));
    // Every sample of the public runs has a label group: nothing is left out of a model summary.
    const messages = run.validation!.reports.flatMap((r) => r.findings.map((f) => f.message));
    expect(messages.filter((m) => /label-group table|left out of the model summary/.test(m))).toEqual([]);
  });

  it('the validate CLI, run where the import wrote, finds every folder valid', () => {
    const dirs = run.report.submissions.map((s) => relative(tmp, s.dir));
    const cli = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/validate.ts'), ...dirs, '--format', 'json'], { cwd: tmp, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(cli.status, cli.stderr).toBe(0);
    const out = JSON.parse(cli.stdout) as { valid: boolean; submissions: { dir: string; valid: boolean; errors: number }[] };
    expect(out.valid).toBe(true);
    expect(out.submissions.map((x) => [x.dir, x.valid, x.errors]).sort()).toEqual(dirs.sort().map((d) => [d, true, 0]));
  }, 120_000);

  it('submission.json holds what results.json says and "unknown" for what it does not', () => {
    for (const s of run.report.submissions) {
      const sj = JSON.parse(readFileSync(join(s.dir, 'submission.json'), 'utf8'));
      expect(sj.submitted_at).toBe('2026-04-16');
      expect(sj.harness).toEqual({ name: 'medvision_bm', version: 'unknown' }); // git_hash is null in every results.json
      expect(sj.disclosures.contamination).toBe('unknown');
      expect(sj.disclosures.notes).toMatch(/--limit 100 .*runs capped at 100 samples per subtask/);
      expect(sj.disclosures.notes).toMatch(/viennh\/MedVision@8118ec6de6c3/);
      expect(sj.claimed).toBeUndefined();
      expect(s.unknown).toContain('harness.version (results.json git_hash is null)');
    }
  });

  it('skips the summarizer outputs, saying why', () => {
    const summaries = readdirSync(join(FX, 'Results')).flatMap((t) => readdirSync(join(FX, 'Results', t)).flatMap((m) => readdirSync(join(FX, 'Results', t, m, 'parsed')).filter((f) => f.startsWith('summary_')).map((f) => `${t}/${m}/parsed/${f}`)));
    expect(run.report.skipped.map((s) => s.path).sort()).toEqual(summaries.sort());
    for (const s of run.report.skipped) expect(s.reason).toMatch(/summarizer output/);
  });

  it('the reference holds every subtask with its sample set (pilot class: limit 100)', () => {
    const ref = JSON.parse(readFileSync(run.report.references[0]!, 'utf8'));
    const configs = readdirSync(join(FX, 'Results')).flatMap((t) => readdirSync(join(FX, 'Results', t)).flatMap((m) => readdirSync(join(FX, 'Results', t, m, 'parsed')).filter((f) => f.endsWith('.jsonl')).map((f) => /_samples_(.+)\.jsonl$/.exec(f)![1]!)));
    expect(Object.keys(ref.configs).sort()).toEqual(configs.sort());
    for (const c of Object.values(ref.configs) as { expected: Record<string, number>; samples: unknown[] }[]) {
      expect(Object.keys(c.expected)).toEqual(['pilot']);
      expect(c.samples).toHaveLength(c.expected.pilot!);
    }
    expect(ref.source).toMatch(/viennh\/MedVision@8118ec6/);
  });

  for (const [set, trustSubmittedParse] of [['reparsed', false], ['expected', true]] as const) {
    it(`score --json${trustSubmittedParse ? ' --trust-submitted-parse' : ''} on every imported folder equals ${set}/ exactly`, async () => {
      for (const s of run.report.submissions) {
        const got = JSON.parse(toJson(await handler.score(s.dir, trustSubmittedParse ? { trustSubmittedParse } : {})));
        expect(got.summary.models).toHaveLength(1);
        const m = got.summary.models[0];
        // Every results.json says config.limit 100: the class is the run's own limit.
        expect([m.sample_class, m.sample_class_basis, m.run_limit]).toEqual(['pilot', 'run limit', 100]);
        const want = JSON.parse(readFileSync(join(FX, set, m.task_tag, `${m.model}.json`), 'utf8'));
        expect(compareValues(want.model_summary, m.model_summary, '$.model_summary', { keyOrder: true })).toEqual([]);
        expect(compareValues(want.groups, m.groups, '$.groups', { keyOrder: true })).toEqual([]);
        const configs = Object.fromEntries(got.items.map((c: { path: string; n_records: number; metrics: unknown }) => [c.path.split('/').pop()!, { n_records: c.n_records, metrics: c.metrics }]));
        expect(compareValues(want.configs, configs, '$.configs', { keyOrder: true })).toEqual([]);
      }
    });
  }

  it('the score CLI itself prints the same document for an imported folder', () => {
    const s = run.report.submissions.find((x) => x.id.endsWith('-tl'))!;
    const cli = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/score.ts', s.dir, '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    const want = JSON.parse(readFileSync(join(FX, 'reparsed', 'MedVision-TL', 'Qwen2.5-VL-7B-SFT-TL.json'), 'utf8'));
    const m = JSON.parse(cli.stdout).summary.models[0];
    expect(compareValues(want.model_summary, m.model_summary, '$.model_summary', { keyOrder: true })).toEqual([]);
  }, 60_000);

  it('a second run writes byte-identical folders; a dry run writes nothing', async () => {
    const first = snapshot(tmp);
    await runImport(findBenchmark('medvision')!, { source: join(FX, 'Results'), out: out(), provenance: { repo: 'https://github.com/viennh/MedVision', commit: '8118ec6de6c3145db4391d594565e8f0f069a615', path: 'Results', licence: 'ambiguous (MIT LICENSE, CC-BY-NC 4.0 in pyproject.toml)', attribution: 'Yongcheng Yao (MedVision); run by viennh' } });
    expect(snapshot(tmp)).toEqual(first);
    const dry = join(tmp, 'dry');
    const r = await runImport(findBenchmark('medvision')!, { source: join(FX, 'Results'), out: { resultsRoot: join(dry, 'results'), modelsRoot: join(dry, 'models'), referencesRoot: join(dry, 'references') }, dryRun: true });
    expect(r.report.written.length).toBeGreaterThan(30);
    expect(existsSync(dry)).toBe(false);
  }, 180_000);

  it('reports raw files outside model folders, folders without parsed/, unparsed records and summary-only folders', async () => {
    const src = join(tmp, 'odd', 'Results');
    mkdirSync(join(src, 'MedVision-TL', 'no-parsed'), { recursive: true });
    writeFileSync(join(src, 'MedVision-TL', 'stray.json'), '{}');
    writeFileSync(join(src, 'MedVision-TL', 'no-parsed', '20260101_000000_samples_X_TumorLesionSize_Task01_Axial.jsonl'), '');
    mkdirSync(join(src, 'MedVision-TL', 'summary-only', 'parsed'), { recursive: true });
    writeFileSync(join(src, 'MedVision-TL', 'summary-only', 'parsed', 'summary_metrics_TL_Task.json'), JSON.stringify({ KiTS23_1: { MAE: 1.5, MRE: 0.2 } }));
    const r = await runImport(findBenchmark('medvision')!, { source: src, out: { resultsRoot: join(tmp, 'odd-out', 'results'), modelsRoot: join(tmp, 'odd-out', 'models'), referencesRoot: join(tmp, 'odd-out', 'references') } });
    const why = Object.fromEntries(r.report.skipped.map((s) => [relative('.', s.path), s.reason]));
    expect(why['MedVision-TL/stray.json']).toMatch(/outside a model folder/);
    expect(why['MedVision-TL/no-parsed/20260101_000000_samples_X_TumorLesionSize_Task01_Axial.jsonl']).toMatch(/unparsed records/);
    expect(why['MedVision-TL/no-parsed']).toMatch(/no parsed\//);
    expect(why['MedVision-TL/summary-only']).toMatch(/summary-only folder.*reported rows/);
    expect(r.report.reported).toHaveLength(1);
    expect(r.report.reported[0]!.rows).toEqual([{ group: 'KiTS23_1', MAE: 1.5, MRE: 0.2 }]);
    expect(r.report.submissions).toEqual([]);
  });
});
