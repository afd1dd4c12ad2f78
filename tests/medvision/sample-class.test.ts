import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { SAMPLE_CLASS_SHORT, SAMPLE_CLASS_TITLE, sampleClassFrom } from '../../src/benchmarks/medvision/sample-class';
import { scoreMedvisionTree } from '../../src/benchmarks/medvision/formats/score-tree';

describe('sampleClassFrom: the class from the data and the run\'s own limit', () => {
  it('a recorded --limit 100 caps the run, even where a subtask had fewer samples', () => {
    expect(sampleClassFrom([{ n: 100, limit: 100 }, { n: 40, limit: 100 }])).toEqual({ sampleClass: 'pilot', basis: 'run limit', limit: 100 });
  });
  it('a run that says it had no limit (or a larger one) is a full run, even with 100 samples here', () => {
    expect(sampleClassFrom([{ n: 100, limit: null }])).toEqual({ sampleClass: 'full', basis: 'run limit', limit: null });
    expect(sampleClassFrom([{ n: 90, limit: 1000 }])).toEqual({ sampleClass: 'full', basis: 'run limit', limit: 1000 });
    expect(sampleClassFrom([{ n: 100, limit: 100 }, { n: 100, limit: null }])).toEqual({ sampleClass: 'full', basis: 'run limit', limit: null });
  });
  it('without a recorded limit the sample counts decide', () => {
    expect(sampleClassFrom([{ n: 100 }, { n: 7 }])).toEqual({ sampleClass: 'pilot', basis: 'sample counts' });
    expect(sampleClassFrom([{ n: 101 }])).toEqual({ sampleClass: 'full', basis: 'sample counts' });
    expect(sampleClassFrom([])).toEqual({ sampleClass: 'pilot', basis: 'sample counts' });
  });
  it('a fractional --limit (lmms-eval: a share of the test set) is not a sample cap', () => {
    expect(sampleClassFrom([{ n: 300, limit: 0.1 }])).toEqual({ sampleClass: 'full', basis: 'sample counts' });
  });
  it('a capped limit does not hide a subtask no limit covers that holds more', () => {
    expect(sampleClassFrom([{ n: 100, limit: 100 }, { n: 500 }])).toEqual({ sampleClass: 'full', basis: 'sample counts' });
  });
  it('section titles say what they hold, never who made the model', () => {
    for (const t of [...Object.values(SAMPLE_CLASS_TITLE), ...Object.values(SAMPLE_CLASS_SHORT)]) {
      expect(t).toMatch(/samples per subtask/);
      expect(t).not.toMatch(/proprietary|open-weight|closed|api\b|pilot/i);
    }
    expect(SAMPLE_CLASS_TITLE.pilot).toBe('Runs capped at 100 samples per subtask');
  });
});

const need = needShared('MedVision sample class on real runs', 'fixtures/medvision/Results');
describe.skipIf(!need.ok)('sample class on the public fixtures (every results.json says config.limit 100)', () => {
  const root = sharedPath('fixtures/medvision/Results');
  const scratch = mkdtempSync(join(tmpdir(), 'mv-class-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('each task family scores as a capped run, decided by the run\'s own limit', () => {
    const scored = scoreMedvisionTree(root, { trustSubmittedParse: true });
    expect(scored.models.length).toBe(3);
    for (const m of scored.models) {
      expect({ model: m.model, cls: m.sample_class, basis: m.sample_class_basis, limit: m.run_limit }).toEqual({ model: m.model, cls: 'pilot', basis: 'run limit', limit: 100 });
    }
  });

  /** A copy of one fixture model folder whose results.json files are rewritten by `edit`. */
  function variant(tag: string, name: string, edit: (doc: Record<string, unknown>) => Record<string, unknown> | undefined) {
    const model = readdirSync(join(root, tag))[0]!;
    const dir = join(scratch, name, tag, model);
    cpSync(join(root, tag, model), dir, { recursive: true });
    const parsed = join(dir, 'parsed');
    for (const f of readdirSync(parsed).filter((x) => x.endsWith('_results.json'))) {
      const doc = JSON.parse(readFileSync(join(parsed, f), 'utf8')) as Record<string, unknown>;
      const next = edit(doc);
      if (next === undefined) rmSync(join(parsed, f));
      else writeFileSync(join(parsed, f), JSON.stringify(next));
    }
    return join(scratch, name);
  }

  it('the same records from a run that says it had no limit are a full (partial) run, not a capped one', () => {
    const dir = variant('MedVision-TL', 'nolimit', (d) => ({ ...d, config: { ...(d.config as object), limit: null } }));
    const [m] = scoreMedvisionTree(dir, { trustSubmittedParse: true }).models;
    expect([m!.sample_class, m!.sample_class_basis, m!.run_limit]).toEqual(['full', 'run limit', null]);
  });

  it('without results.json the sample counts decide (≤ 100 per subtask: capped)', () => {
    const dir = variant('MedVision-TL', 'noresults', () => undefined);
    const [m] = scoreMedvisionTree(dir, { trustSubmittedParse: true }).models;
    expect([m!.sample_class, m!.sample_class_basis, m!.run_limit]).toEqual(['pilot', 'sample counts', undefined]);
  });

  it('more samples than the run\'s own limit is a located error', () => {
    const dir = variant('MedVision-detect', 'overlimit', (d) => ({ ...d, config: { ...(d.config as object), limit: 50 } }));
    const scored = scoreMedvisionTree(dir, { trustSubmittedParse: true });
    const errors = scored.findings.filter((f) => f.severity === 'error' && /--limit 50/.test(f.message));
    expect(errors.length).toBe(4);
    for (const e of errors) expect(e.path).toMatch(/parsed\/.*_samples_.*\.jsonl$/);
  });
});
