/**
 * The build's gate validates the whole tree in one pass (`validateTree`), with the per-sample
 * parts of validation (the benchmark's check, the content digest) from the score cache. It must
 * report exactly what `validateSubmission` reports folder by folder, and a cached verdict must
 * never outlive a change to anything it was computed from.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateTree } from '../../src/ingest/submission/validate-tree';
import { validateSubmission } from '../../src/ingest/submission/validate';
import { listSubmissionDirs } from '../../src/ingest/submission/read';
import { REPO, copyModels, editJson, editLine, filesUnder } from './helpers';

let root: string;
let cacheDir: string;
const results = () => join(root, 'results');

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'evalboard-tree-'));
  cacheDir = join(root, 'cache');
  for (const b of ['medvision', 'latch', 'clinicalbench']) cpSync(join(REPO, 'results', b), join(root, 'results', b), { recursive: true });
  // A copy under another name: both folders must get the duplicate-content error.
  cpSync(join(REPO, 'results', 'clinicalbench', 'demo-auditor-lite'), join(root, 'results', 'clinicalbench', 'lite-copy'), { recursive: true });
  copyModels(root);
  process.env.EVALBOARD_CACHE_DIR = cacheDir;
  delete process.env.EVALBOARD_NO_CACHE;
});
afterAll(() => {
  delete process.env.EVALBOARD_CACHE_DIR;
  rmSync(root, { recursive: true, force: true });
});

async function oneByOne() {
  const out = [];
  for (const b of ['medvision', 'latch', 'clinicalbench']) {
    for (const dir of listSubmissionDirs(results(), b)) out.push({ benchmark: b, report: await validateSubmission(dir, { repoRoot: root, resultsRoot: results() }) });
  }
  return out;
}

const cacheFiles = (ns: string) => readdirSync(join(cacheDir, ns)).filter((f) => f.endsWith('.json'));

/** Put a marker finding into every cached check of a benchmark: served from the cache, it shows up in the report. */
function poisonChecks(benchmark: string): void {
  for (const f of cacheFiles(`${benchmark}/check`)) {
    const file = join(cacheDir, benchmark, 'check', f);
    const j = JSON.parse(readFileSync(file, 'utf8'));
    j.findings.push({ path: '.', pointer: '$', severity: 'warning', message: 'served from the cache' });
    writeFileSync(file, JSON.stringify(j));
  }
}
const served = (r: { report: { findings: { message: string }[] } }) => r.report.findings.some((f) => f.message === 'served from the cache');
const byId = async () => new Map((await validateTree(results())).map((r) => [r.report.id, r]));

describe('validateTree (the gate)', () => {
  it('reports what validateSubmission reports for every folder, on a cold and on a warm cache', async () => {
    const expected = await oneByOne();
    expect(expected.length).toBe(14);
    expect(await validateTree(results())).toEqual(expected);
    for (const b of ['medvision', 'latch', 'clinicalbench']) {
      expect(cacheFiles(`${b}/check`).length, b).toBe(listSubmissionDirs(results(), b).length);
      expect(cacheFiles(`${b}/digest`).length, b).toBeGreaterThan(0);
    }
    expect(await validateTree(results())).toEqual(expected);
    const copy = expected.find((r) => r.report.id === 'lite-copy')!;
    expect(copy.report.findings).toContainEqual(expect.objectContaining({ severity: 'error', message: expect.stringContaining('duplicates results/clinicalbench/demo-auditor-lite ') }));
  });

  it('serves a check from the cache only while the folder, the references and the model names are unchanged', async () => {
    poisonChecks('medvision');
    poisonChecks('latch');
    let r = await byId();
    expect(served(r.get('demo-vlm-3b-demo')!)).toBe(true);
    expect(served(r.get('demo-agent-small-demo')!)).toBe(true);

    // A changed per-sample file: that folder is checked again, the others still come from the cache.
    const dir = join(results(), 'medvision', 'demo-vlm-3b-demo');
    editLine(join(dir, filesUnder(dir).find((f) => f.endsWith('.jsonl'))!), 1, (rec) => { rec.filtered_resps = ['changed']; });
    r = await byId();
    expect(served(r.get('demo-vlm-3b-demo')!)).toBe(false);
    expect(served(r.get('demo-api-pro-demo')!)).toBe(true);

    // The model's registered names (the latch check compares them with the run's own).
    editJson(join(root, 'models', 'demo-agent-small.json'), (j) => { j.aliases = [...(j.aliases ?? []), 'Small Agent Renamed']; });
    r = await byId();
    expect(served(r.get('demo-agent-small-demo')!)).toBe(false);
    expect(served(r.get('demo-agent-large-demo')!)).toBe(true);

    // Any reference file: every check is compared with them.
    editJson(join(root, 'references', 'medvision', 'demo.json'), (j) => { j.source = `${String(j.source)} (edited)`; });
    r = await byId();
    expect([...r.values()].filter(served)).toEqual([]);
  });
});
