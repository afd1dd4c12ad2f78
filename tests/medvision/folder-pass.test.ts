// One scoring pass per MedVision folder: the data API's rows read back from the explorer pieces
// equal the rows scored from the folder itself (the old path), −0 included, and reading them
// scores nothing once the pieces are cached. (That a build scores each folder once, in the gate's
// folder pass, is tests/site/product-cache.test.ts.)
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS, TASK_TAG } from '../../src/benchmarks/medvision/demo/generator';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-folder-pass-'));
const saved = { ...process.env };
for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES', 'EVALBOARD_NO_CACHE', 'EVALBOARD_CACHE_LOG']) delete process.env[k];
afterAll(() => {
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

const configs = (['TL', 'AD', 'Detection'] as const).map((f) => DEMO_CONFIGS.find((c) => c.family === f)!);
const admitAll = { ranked: () => true, underReview: () => false };

/** A fresh two-entry corpus and an empty cache for one test; the folders' paths. */
function corpus(name: string): string[] {
  const root = join(TMP, name);
  writeMedvisionCorpus({ root, entries: 2, configs, perSubtask: 8, seed: 'folder-pass', prefix: 'fp', treeClass: 'pilot' });
  process.env.EVALBOARD_RESULTS = join(root, 'results');
  process.env.EVALBOARD_CACHE_DIR = join(root, 'cache');
  return [0, 1].map((i) => join(root, 'results', 'medvision', `fp-model-00${i}-fp`));
}

/** Rewrites the first record of the folder's TL file. */
function editFirstTlRecord(dir: string, model: string, edit: (rec: Record<string, unknown>) => void): Record<string, unknown> {
  const parsed = join(dir, 'Results', TASK_TAG.TL, model, 'parsed');
  const file = join(parsed, readdirSync(parsed).find((f) => f.includes('_samples_'))!);
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const rec = JSON.parse(lines[0]!) as Record<string, unknown>;
  edit(rec);
  lines[0] = JSON.stringify(rec);
  writeFileSync(file, lines.join('\n') + '\n');
  return rec;
}

beforeEach(() => {
  vi.resetModules();
});

async function apiRows(dir: string) {
  const { medvisionSampleFiles } = await import('../../src/benchmarks/medvision/boards/samples');
  const src = (await medvisionSampleFiles(admitAll)).find((s) => s.dir === dir)!;
  return (await src.files()).map((f) => ({ unit: f.unit, rows: f.rows }));
}

describe('one scoring pass per MedVision folder', () => {
  it('the data API reads its rows from the cached explorer pieces: equal to the rows scored from the folder, and no second scoring', async () => {
    const [dir] = corpus('rows');
    // A failed answer: its metrics are NaN when scored, null in the piece.
    editFirstTlRecord(dir!, 'fp-model-000', (rec) => {
      rec.resps = [['<answer>no idea</answer>']];
      rec.filtered_resps = ['no idea'];
    });
    const { medvisionRunPieces } = await import('../../src/benchmarks/medvision/explorer');
    const { scoredSampleRows } = await import('../../src/benchmarks/medvision/boards/samples');
    const { treeScorings } = await import('../../src/benchmarks/medvision/scored-once');
    await medvisionRunPieces(dir!);
    expect(treeScorings.get(dir!)).toBe(1);
    const rows = await apiRows(dir!);
    expect(treeScorings.get(dir!)).toBe(1);
    const scored = scoredSampleRows(dir!);
    expect(rows.map((r) => r.rows)).toEqual(scored.map((c) => c.rows));
    expect(rows.flatMap((r) => r.rows).filter((r) => r.primary === null && r.success === false)).toHaveLength(1);
    expect(rows.map((r) => r.rows[0]!.sample_id)).toHaveLength(3);
  });

  it('a −0 metric (which a piece stores as 0) is scored from the folder, not read back', async () => {
    const [, dir] = corpus('signed-zero');
    // A TL sample answered exactly on a negative target: MRE = 0 / target = −0.
    const rec = editFirstTlRecord(dir!, 'fp-model-001', (r) => {
      r.target = '[-30.0, -20.0]';
      r.resps = [['<answer>-30.0, -20.0</answer>']];
      r.filtered_resps = ['-30.0, -20.0'];
    });
    const { scoredSampleRows } = await import('../../src/benchmarks/medvision/boards/samples');
    const scored = scoredSampleRows(dir!);
    const tl = scored.find((c) => c.taskType === 'TL')!;
    expect(Object.is(tl.rows.find((r) => r.doc_id === rec.doc_id)!.MRE, -0)).toBe(true);
    const { medvisionRunPieces } = await import('../../src/benchmarks/medvision/explorer');
    await medvisionRunPieces(dir!);
    const rows = await apiRows(dir!);
    expect(rows.map((r) => r.rows)).toEqual(scored.map((c) => c.rows));
  });

  it('an explorer piece shows each record’s raw response and slice index, computed in a folder pass or alone', async () => {
    const [dir, other] = corpus('display');
    const rec = editFirstTlRecord(dir!, 'fp-model-000', (r) => {
      r.resps = [['<think>é "quoted"\n</think><answer>1.5, 2</answer>']];
      (r.doc as Record<string, unknown>).slice_idx = 77;
      (r.doc as Record<string, unknown>).modality = 'MRI';
    });
    const { medvisionRunPieces } = await import('../../src/benchmarks/medvision/explorer');
    const { withScoredTree } = await import('../../src/benchmarks/medvision/scored-once');
    const firstTl = async (d: string) => {
      const store = await medvisionRunPieces(d);
      const meta = store.meta.find((m) => m.taskType === 'TL')!;
      return (JSON.parse(store.read(meta.config).toString('utf8')) as { docId: number; raw: string | null; slice: string; modality: string | null }[])[0]!;
    };
    // Alone: no pass open, the piece scores the folder itself (with the display facts it asks for).
    expect(await firstTl(dir!)).toMatchObject({ docId: rec.doc_id, raw: (rec.resps as string[][])[0]![0], modality: 'MRI' });
    expect((await firstTl(dir!)).slice).toMatch(/, index 77$/);
    // In a pass, from the tree the gate scored.
    const inPass = await withScoredTree(other!, () => firstTl(other!));
    expect(inPass.raw).toMatch(/<answer>/);
    expect(inPass.slice).toMatch(/, index \d+$/);
  });
});

