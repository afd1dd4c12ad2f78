/**
 * `import clinicalbench ../shared/fixtures/clinicalbench/`: the heuristic episodes become one
 * submission (agent names from the episodes as aliases, harness commit from the agent string),
 * breakdown-only files become reported figures (not submissions), stdout is skipped; validate
 * passes, and scoring the imported folder reproduces the seed README's heuristic row
 * (fixtures README: 0.98 / 0.791 / 0.733, average 0.8347 → 0.98 / 0.79 / 0.73 / 0.83).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { findBenchmark } from '../../src/registry/benchmarks';
import { runImport, type ImportRun } from '../../src/ingest/run-import';
import { FORMAT_HANDLERS } from '../../src/registry/formats';
import { toJson } from '../../src/core/json-out';
import { regularFiles } from '../../src/core/fs-walk';

const need = needShared('ClinicalBench importer on the public fixtures', 'fixtures/clinicalbench/episodes_heuristic_seed20260402.json', 'fixtures/clinicalbench/generated');
const FX = sharedPath('fixtures/clinicalbench');
const PROV = { repo: 'https://github.com/sumitsaraswat362/clinical-trial-auditor', commit: '639207bfb35497a71021e87ca9dd3210f54f580d', licence: 'unclear (no LICENSE file)' };

describe.skipIf(!need.ok)('import clinicalbench on the public fixtures', () => {
  let tmp: string;
  let run: ImportRun;
  const out = () => ({ resultsRoot: join(tmp, 'results'), modelsRoot: join(tmp, 'models'), referencesRoot: join(tmp, 'references') });
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'evalboard-import-cb-'));
    run = await runImport(findBenchmark('clinicalbench')!, { source: FX, out: out(), provenance: PROV });
  }, 180_000);
  afterAll(() => tmp && rmSync(tmp, { recursive: true, force: true }));

  it('one submission from the episodes, validate passes; breakdowns are reported figures', () => {
    expect(run.report.submissions.map((s) => s.id)).toEqual(['clinicalbench-heuristic-639207b']);
    expect(run.report.submissions[0]!.harness).toEqual({ name: 'clinical-trial-auditor', version: '639207b', commit: '639207b' });
    expect(run.validation?.valid).toBe(true);
    expect(run.report.reported.map((t) => t.from).sort()).toEqual(['generated/breakdown_639207b_seed20260402.json', 'generated/breakdown_639207b_seed42.json', 'generated/breakdown_a7bca03_seed20260402.json']);
    for (const s of run.report.skipped.filter((x) => x.path.endsWith('.txt'))) expect(s.reason).toMatch(/program output/);
    const ref = JSON.parse(readFileSync(run.report.references[0]!, 'utf8'));
    expect(ref).toMatchObject({ version: 'clinical-trial-auditor-639207b', commit: PROV.commit, seeds: [20260402] });
  });

  it("scoring the imported folder reproduces the seed README's heuristic row", async () => {
    const dir = run.report.submissions[0]!.dir;
    const h = FORMAT_HANDLERS.find((x) => x.format === 'clinicalbench')!;
    expect(await h.detect(dir, {})).toBe(true);
    const got = JSON.parse(toJson(await h.score(dir, {})));
    const [row] = got.summary.agents[0].rows;
    expect(row.seed).toBe(20260402);
    expect([row.Easy, row.Medium, row.Hard]).toEqual([0.98, 0.791, 0.733]);
    expect(row.Average.toFixed(4)).toBe('0.8347');
    expect([row.Easy, row.Medium, row.Hard, row.Average].map((x: number) => x.toFixed(2))).toEqual(['0.98', '0.79', '0.73', '0.83']);
  });

  it('a second run writes the same bytes', async () => {
    const snap = () => Object.fromEntries(regularFiles(tmp).map((f) => [f, readFileSync(join(tmp, f), 'utf8')]));
    const first = snap();
    await runImport(findBenchmark('clinicalbench')!, { source: FX, out: out(), provenance: PROV });
    expect(snap()).toEqual(first);
  });
});
