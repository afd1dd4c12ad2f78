import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import {
  datasetCsv, datasetJson, officialSeeds, README_SEED, seedDatasetPath, seedPagePath, seedPages, seedView,
} from '../../src/benchmarks/clinicalbench/boards/seeds';
import { datasetSha256, FLOAT_FIELDS, pythonCanonicalJson, regenerateGroundTruth } from '../../src/benchmarks/clinicalbench/scorer/dataset';

const RESULTS = resolve(__dirname, '../../results');
const tmp = mkdtempSync(join(tmpdir(), 'cb-seeds-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('seed page paths', () => {
  it('are relative to the base URL, with the task id', () => {
    expect(seedPagePath(42, 'task_easy')).toBe('seeds/42/task_easy/');
    expect(seedDatasetPath(20260402, 'task_hard', 'csv')).toBe('seeds/20260402/task_hard/dataset.csv');
  });
});

describe('official seeds', () => {
  it('are the seeds of the bundled submissions plus the README seed, README first', async () => {
    const seeds = await officialSeeds(RESULTS);
    expect(seeds[0]!.seed).toBe(README_SEED);
    expect(seeds.map((s) => s.seed)).toEqual(expect.arrayContaining([20260402, 42, 1234]));
    expect(seeds.find((s) => s.seed === 42)!.usedBy.task_hard).toContain('demo-auditor-pro');
    expect((await seedPages(RESULTS)).length).toBe(seeds.length * 3);
  });

  it('pick up any seed a submission played, and the README seed even with no results', async () => {
    const dir = join(tmp, 'results', 'clinicalbench', 'x');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'submission.json'), '{}');
    writeFileSync(join(dir, 'ep.json'), JSON.stringify({ format: 'clinicalbench-episodes', episodes: [{ task_id: 'task_medium', seed: 7, actions: [] }] }));
    const seeds = await officialSeeds(join(tmp, 'results'));
    expect(seeds.map((s) => s.seed)).toEqual([README_SEED, 7]);
    expect(seeds[1]!.usedBy).toEqual({ task_easy: [], task_medium: ['x'], task_hard: [] });
    expect((await officialSeeds(join(tmp, 'nothing'))).map((s) => s.seed)).toEqual([README_SEED]);
  });
});

describe('seed page downloads', () => {
  const view = seedView(42, 'task_hard');

  it('JSON: the records as shown, verifiable against dataset_sha256', () => {
    const doc = JSON.parse(datasetJson(view)) as { dataset: Record<string, unknown>[]; dataset_sha256: string; n_patients: number; protocol: { excerpt: string } };
    expect(doc.n_patients).toBe(720);
    expect(doc.dataset_sha256).toBe(datasetSha256(view.records));
    // Rebuilding Python's canonical json.dumps from the download gives the published hash.
    expect(datasetSha256(doc.dataset as never)).toBe(doc.dataset_sha256);
    expect(pythonCanonicalJson(doc.dataset, FLOAT_FIELDS)).toBe(pythonCanonicalJson(view.records, FLOAT_FIELDS));
    expect(Object.keys(doc.dataset[0]!)[0]).toBe('patient_id');
    expect(doc.protocol.excerpt).toMatch(/TRIAL PROTOCOL EXCERPT/);
  });

  it('CSV: one row per record, same order, parseable with papaparse', () => {
    const parsed = Papa.parse<Record<string, string>>(datasetCsv(view), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(720);
    expect(parsed.data.map((r) => r.patient_id)).toEqual(view.records.map((r) => r.patient_id));
    const withMeds = view.records.findIndex((r) => r.concomitant_medications.length > 1);
    expect(parsed.data[withMeds]!.concomitant_medications).toBe(view.records[withMeds]!.concomitant_medications.join('; '));
  });

  it('never publish the answer key (ground-truth list, traps, bias_present)', () => {
    for (const seed of [20260402, 42, 1234]) {
      for (const task of ['task_easy', 'task_medium', 'task_hard'] as const) {
        const v = seedView(seed, task);
        const texts = [datasetJson(v), datasetCsv(v), JSON.stringify(v)];
        for (const t of texts) expect(t).not.toMatch(/ground_truth|error_type|bias_present|"traps"|bias_mode|age_errors|total_errors/);
        expect('bias_present' in v.protocol).toBe(false);
        // The GT's patient ids appear as ordinary records, but no list of them is carried.
        expect(Object.keys(v).sort()).toEqual(['datasetSha256', 'protocol', 'records', 'seed', 'summary', 'task', 'taskLabel']);
        expect(regenerateGroundTruth(seed, task).errors.length).toBeGreaterThan(0);
      }
    }
  });
});
