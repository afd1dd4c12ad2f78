/**
 * Every importer's published figures reach `reported/<benchmark>/<slug>.json` (run-import's
 * `out.reportedRoot`), read back by the build's reader without a finding, with the values of the
 * upstream files themselves (read here independently of the importers), the provenance copied,
 * the same bytes on a second run and nothing written on a dry run. On the public fixtures: latch's
 * `results/*.csv|json`, ClinicalBench's breakdown-only files, MedVision's `Paper-results-backup/`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { findBenchmark } from '../../src/registry/benchmarks';
import { runImport, type ImportRun } from '../../src/ingest/run-import';
import { readReportedTables, type ReportedFile } from '../../src/ingest/reported';
import { regularFiles } from '../../src/core/fs-walk';
import { parseJsonValue } from '../../src/core/tolerant-json';

const need = needShared('reported tables from the importers', 'fixtures/latch/latchbio__scbench/results', 'fixtures/clinicalbench/generated', 'fixtures/medvision/Paper-results-backup');
const target = (root: string) => ({ resultsRoot: join(root, 'results'), modelsRoot: join(root, 'models'), referencesRoot: join(root, 'references'), reportedRoot: join(root, 'reported') });
const readJson = (p: string) => parseJsonValue(readFileSync(p, 'utf8')) as Record<string, unknown>;
const LATCH_PROV = { repo: 'https://github.com/latchbio/scbench', commit: '4a7d2b0b6f792dee7b436c385cacf4faaf37646f', licence: 'Apache-2.0', attribution: 'LatchBio (scBench)' };
const CB_PROV = { repo: 'https://github.com/sumitsaraswat362/clinical-trial-auditor', commit: '639207bfb35497a71021e87ca9dd3210f54f580d', licence: 'unclear (no LICENSE file)' };

describe.skipIf(!need.ok)('reported tables written by npm run import', () => {
  let tmp: string;
  const runs: Record<string, ImportRun> = {};
  let read: ReturnType<typeof readReportedTables>;
  const tables = (benchmark: string) => read.tables.filter((t) => t.benchmark === benchmark);
  const byFrom = (benchmark: string, from: string): ReportedFile => tables(benchmark).find((t) => t.from === from)!;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'evalboard-reported-import-'));
    runs.latch = await runImport(findBenchmark('latch')!, { source: sharedPath('fixtures/latch/latchbio__scbench'), out: target(tmp), provenance: LATCH_PROV });
    runs.clinicalbench = await runImport(findBenchmark('clinicalbench')!, { source: sharedPath('fixtures/clinicalbench'), out: target(tmp), provenance: CB_PROV });
    runs.medvision = await runImport(findBenchmark('medvision')!, { source: sharedPath('fixtures/medvision'), out: target(tmp) });
    read = readReportedTables(join(tmp, 'reported'), tmp);
  }, 300_000);
  afterAll(() => tmp && rmSync(tmp, { recursive: true, force: true }));

  it('one file per reported table of each import, under reported/<benchmark>/, each read back without a finding', () => {
    expect(read.findings).toEqual([]);
    for (const [b, run] of Object.entries(runs)) {
      expect(run.report.reported.length, b).toBeGreaterThan(0);
      const files = run.report.written.filter((f) => f.startsWith(join(tmp, 'reported', b) + '/'));
      expect(files, b).toHaveLength(run.report.reported.length);
      expect(tables(b).map((t) => ({ suite: t.suite, title: t.title, from: t.from, columns: t.columns, rows: t.rows })).sort((x, y) => x.from.localeCompare(y.from)))
        .toEqual([...run.report.reported].map((t) => ({ ...t, rows: t.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && !Number.isFinite(v) ? null : v]))) })).sort((x, y) => x.from.localeCompare(y.from)));
    }
    expect(regularFiles(join(tmp, 'reported')).map((f) => f.split('/')[0])).toEqual(expect.arrayContaining(['clinicalbench', 'latch', 'medvision']));
  });

  it('latch: results/model_results.csv row for row, as the CSV has it, with the repository, commit and licence', () => {
    const [head, ...lines] = readFileSync(sharedPath('fixtures/latch/latchbio__scbench/results/model_results.csv'), 'utf8').trim().split(/\r?\n/).map((l) => l.split(','));
    const t = byFrom('latch', 'results/model_results.csv');
    expect(t.columns).toEqual(head);
    // The CSV's text, as numbers where it is one ("33.0" is 33): the importer keeps every value.
    expect(t.rows).toEqual(lines.map((l) => Object.fromEntries(head!.map((c, i) => [c, l[i] !== '' && Number.isFinite(Number(l[i])) ? Number(l[i]) : l[i]]))));
    expect(t).toMatchObject({ suite: 'scBench', source: { repo: LATCH_PROV.repo, commit: LATCH_PROV.commit }, licence: 'Apache-2.0', attribution: 'LatchBio (scBench)', reported: true });
  });

  it('latch: the per-category and per-platform tables, one row per group × model with passed and the interval', () => {
    for (const [from, top, col] of [['results/category_results.json', 'tasks', 'task'], ['results/platform_results.json', 'platforms', 'platform']] as const) {
      const src = readJson(sharedPath('fixtures/latch/latchbio__scbench', from))[top] as Record<string, { n_evals: number; model: Record<string, { passed: number; ci_low: number; ci_high: number }> }>;
      const want = Object.entries(src).flatMap(([g, v]) => Object.entries(v.model).map(([key, x]) => ({ [col]: g, key, passed: x.passed, ci_low: x.ci_low, ci_high: x.ci_high, n_evals: v.n_evals })));
      const t = byFrom('latch', from);
      expect(t.rows.map((r) => ({ [col]: r[col], key: r.key, passed: r.passed, ci_low: r.ci_low, ci_high: r.ci_high, n_evals: r.n_evals }))).toEqual(want);
      expect(t.rows.some((r) => r[col] === 'metadata')).toBe(false);
    }
  });

  it('clinicalbench: each breakdown-only file, its score_breakdown per agent × task', () => {
    for (const f of ['breakdown_639207b_seed20260402.json', 'breakdown_639207b_seed42.json', 'breakdown_a7bca03_seed20260402.json']) {
      const src = readJson(sharedPath('fixtures/clinicalbench/generated', f)) as { agents: Record<string, { per_task: Record<string, { score_breakdown: Record<string, number> }> }> };
      const want = Object.entries(src.agents).flatMap(([agent, a]) => Object.entries(a.per_task).map(([task, x]) => ({ agent, task, ...x.score_breakdown })));
      const t = byFrom('clinicalbench', `generated/${f}`);
      expect(t.rows).toEqual(want);
      expect(t.source).toEqual({ repo: CB_PROV.repo, commit: CB_PROV.commit });
    }
  });

  it("medvision: Paper-results-backup's two summaries, per label group; TL's sample-weighted MRE is the paper's 0.2595", () => {
    const paper = tables('medvision').filter((t) => t.from.startsWith('Paper-results-backup/'));
    expect(paper.map((t) => t.suite).sort()).toEqual(['MedVision-AD', 'MedVision-TL']);
    for (const t of paper) {
      const src = readJson(sharedPath('fixtures/medvision', t.from)) as Record<string, Record<string, number>>;
      expect(t.rows.map((r) => r.group)).toEqual(Object.keys(src));
      for (const r of t.rows) for (const [k, v] of Object.entries(src[r.group as string]!)) expect(r[k], `${r.group} ${k}`).toBe(Number.isFinite(v) ? v : null);
    }
    const tl = paper.find((t) => t.suite === 'MedVision-TL')!;
    const n = tl.rows.reduce((s, r) => s + (r.num_samples as number), 0);
    const mre = tl.rows.reduce((s, r) => s + (r.avgMRE as number) * (r.num_samples as number), 0) / n;
    expect(mre.toFixed(4)).toBe('0.2595');
  });

  it('a second run writes the same bytes; a dry run writes no reported file', async () => {
    const snap = () => Object.fromEntries(regularFiles(join(tmp, 'reported')).map((f) => [f, readFileSync(join(tmp, 'reported', f), 'utf8')]));
    const first = snap();
    await runImport(findBenchmark('latch')!, { source: sharedPath('fixtures/latch/latchbio__scbench'), out: target(tmp), provenance: LATCH_PROV });
    await runImport(findBenchmark('clinicalbench')!, { source: sharedPath('fixtures/clinicalbench'), out: target(tmp), provenance: CB_PROV });
    expect(snap()).toEqual(first);
    const dry = mkdtempSync(join(tmpdir(), 'evalboard-reported-dry-'));
    try {
      const r = await runImport(findBenchmark('clinicalbench')!, { source: sharedPath('fixtures/clinicalbench'), out: target(dry), provenance: CB_PROV, dryRun: true });
      expect(r.report.written.filter((f) => f.includes('/reported/'))).toHaveLength(3);
      expect(existsSync(join(dry, 'reported'))).toBe(false);
    } finally {
      rmSync(dry, { recursive: true, force: true });
    }
  }, 300_000);
});
