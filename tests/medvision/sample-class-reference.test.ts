/**
 * The run's own --limit against the version's reference (bundled demo data: synthetic, 150
 * samples per subtask, pilot set = the first 60): a capped run reads the first samples of each
 * subtask, so a "capped" run holding samples from further down is an error, not a ranked run.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scoreMedvisionTree } from '../../src/benchmarks/medvision/formats/score-tree';
import { compareMedvisionWithReference } from '../../src/benchmarks/medvision/reference/compare';
import { readMedvisionReferences } from '../../src/benchmarks/medvision/reference/read';

const REPO = resolve(__dirname, '../..');
const refs = readMedvisionReferences(join(REPO, 'references')).versions;
const scratch = mkdtempSync(join(tmpdir(), 'mv-limit-ref-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The demo TL run with each subtask cut by `pick`, its results.json saying `--limit limit`. */
function stage(name: string, limit: number, pick: (lines: string[]) => string[]): string {
  const dir = join(scratch, name);
  cpSync(join(REPO, 'results/medvision/demo-vlm-3b-demo/Results/MedVision-TL'), join(dir, 'MedVision-TL'), { recursive: true });
  const parsed = join(dir, 'MedVision-TL/demo-vlm-3b/parsed');
  for (const f of readdirSync(parsed)) {
    const path = join(parsed, f);
    if (f.endsWith('.jsonl')) writeFileSync(path, pick(readFileSync(path, 'utf8').split('\n').filter((l) => l.trim())).join('\n') + '\n');
    if (f.endsWith('_results.json')) writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), config: { limit } }));
  }
  return dir;
}

describe('a recorded --limit is checked against the reference', () => {
  it('the first 60 samples with --limit 60: capped class, every subtask covered, no error', () => {
    const scored = scoreMedvisionTree(stage('first60', 60, (l) => l.slice(0, 60)), { keepSamples: true });
    const m = scored.models[0]!;
    expect([m.sample_class, m.sample_class_basis, m.run_limit]).toEqual(['pilot', 'run limit', 60]);
    const against = compareMedvisionWithReference(scored, refs);
    expect([...scored.findings, ...against.findings].filter((f) => f.severity === 'error')).toEqual([]);
    expect(against.families[0]).toMatchObject({ sampleClass: 'pilot', units: 4, total: 4 });
  });

  it('60 samples from the end of each subtask with --limit 60: a located error per subtask', () => {
    const scored = scoreMedvisionTree(stage('last60', 60, (l) => l.slice(-60)), { keepSamples: true });
    const against = compareMedvisionWithReference(scored, refs);
    const errors = against.findings.filter((f) => f.severity === 'error' && /says --limit 60, but some samples lie beyond the first 60/.test(f.message));
    expect(errors.map((e) => e.path.replace(/.*_samples_/, '')).sort()).toEqual(
      readdirSync(join(scratch, 'last60/MedVision-TL/demo-vlm-3b/parsed')).filter((f) => f.endsWith('.jsonl')).map((f) => f.replace(/.*_samples_/, '')).sort());
  });

  it('the same first 60 from a run that says it had no limit: full class, partial', () => {
    const dir = stage('nolimit', 60, (l) => l.slice(0, 60));
    const parsed = join(dir, 'MedVision-TL/demo-vlm-3b/parsed');
    for (const f of readdirSync(parsed).filter((x) => x.endsWith('_results.json'))) {
      writeFileSync(join(parsed, f), JSON.stringify({ ...JSON.parse(readFileSync(join(parsed, f), 'utf8')), config: { limit: null } }));
    }
    const scored = scoreMedvisionTree(dir, { keepSamples: true });
    const against = compareMedvisionWithReference(scored, refs);
    expect(against.families[0]).toMatchObject({ sampleClass: 'full', units: 0, total: 4 });
  });
});
