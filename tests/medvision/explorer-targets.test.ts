// The explorer's note that entries disagree on a sample's target: shown exactly when some entry's
// target for a doc_id differs from the first entry's (a config without a reference answer key).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS, TASK_TAG } from '../../src/benchmarks/medvision/demo/generator';
import { medvisionExplorer } from '../../src/benchmarks/medvision/explorer';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-explorer-targets-'));
const saved = { ...process.env };
process.env.EVALBOARD_NO_CACHE = '1';
afterAll(() => {
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

const tl = DEMO_CONFIGS.find((c) => c.family === 'TL')!;
const admitAll = { ranked: () => true, underReview: () => false };
const NOTE = /different target/;

async function notes(root: string): Promise<string[]> {
  const heads = await medvisionExplorer(admitAll, join(root, 'results'));
  expect(heads).toHaveLength(1);
  return (await heads[0]!.load()).notes;
}

describe('the explorer’s differing-targets note', () => {
  it('is absent when every entry has the same targets and shown when one entry’s last sample differs', async () => {
    const root = join(TMP, 'corpus');
    writeMedvisionCorpus({ root, entries: 3, configs: [tl], perSubtask: 5, seed: 'explorer-targets', prefix: 'et', treeClass: 'pilot' });
    expect((await notes(root)).some((n) => NOTE.test(n))).toBe(false);
    // The third entry's last record: another target for the same doc_id.
    const parsed = join(root, 'results', 'medvision', 'et-model-002-et', 'Results', TASK_TAG.TL, 'et-model-002', 'parsed');
    const file = join(parsed, readdirSync(parsed).find((f) => f.includes('_samples_'))!);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const rec = JSON.parse(lines.at(-1)!) as { target: string };
    rec.target = '[11.5, 12.5]';
    lines[lines.length - 1] = JSON.stringify(rec);
    writeFileSync(file, lines.join('\n') + '\n');
    expect((await notes(root)).some((n) => NOTE.test(n))).toBe(true);
  });
});
