import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreLatchFolder } from '../../src/benchmarks/latch/formats/index';
import { unrecognisedEpisodeFiles } from '../../src/benchmarks/clinicalbench/formats/discover';

const RESULTS = resolve(__dirname, '../../results');
const copy = (from: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'evalboard-drop-'));
  cpSync(from, dir, { recursive: true });
  return dir;
};

describe('latch: a run we cannot re-grade is an error and never counts', () => {
  it('a run whose eval JSON is missing is reported and left out of the aggregate', async () => {
    const dir = copy(join(RESULTS, 'latch/demo-agent-large-demo'));
    const before = await scoreLatchFolder(dir);
    const evalsDir = join(dir, 'evals');
    const task = readdirSync(evalsDir).find((d) => !d.includes('.'))!;
    const file = readdirSync(join(evalsDir, task)).find((f) => f.endsWith('.json'))!;
    rmSync(join(evalsDir, task, file));
    const after = await scoreLatchFolder(dir);
    const missing = after.findings.filter((f) => f.severity === 'error' && /no eval JSON found/.test(f.message));
    expect(missing.length).toBeGreaterThan(0);
    expect(missing[0]!.pointer).toBe('$.result.test_id');
    const nEvals = (s: typeof before) => Object.values(s.aggregate.overall)[0]!.n_evals;
    expect(nEvals(after)).toBe(nEvals(before) - 1);
  });
  it('two eval JSONs with the same id: the second is an error, not a silent override', async () => {
    const dir = copy(join(RESULTS, 'latch/demo-agent-large-demo'));
    const evalsDir = join(dir, 'evals');
    const task = readdirSync(evalsDir).find((d) => !d.includes('.'))!;
    const file = readdirSync(join(evalsDir, task)).find((f) => f.endsWith('.json'))!;
    cpSync(join(evalsDir, task, file), join(evalsDir, task, `zz-copy-${file}`));
    const out = await scoreLatchFolder(dir);
    expect(out.findings.map((f) => f.message)).toContainEqual(expect.stringMatching(/duplicate eval id/));
  });
});

describe('ClinicalBench: a broken or foreign JSON file in a submission is an error, not skipped', () => {
  it('names the file and where it broke', () => {
    const dir = copy(join(RESULTS, 'clinicalbench/demo-auditor-pro'));
    expect(unrecognisedEpisodeFiles(dir)).toEqual([]);
    writeFileSync(join(dir, 'episodes', 'seed-7.json'), '{"format": "clinicalbench-episodes", "episodes": [{"task_id": "task_easy"');
    writeFileSync(join(dir, 'notes.json'), '{"hello": 1}');
    const found = unrecognisedEpisodeFiles(dir).map((f) => `${f.path} ${f.pointer}: ${f.message}`);
    expect(found).toContainEqual(expect.stringMatching(/^episodes\/seed-7\.json \$\.episodes\[0\].*malformed JSON/));
    expect(found).toContainEqual(expect.stringMatching(/^notes\.json \$: not a ClinicalBench episode file/));
  });
});
