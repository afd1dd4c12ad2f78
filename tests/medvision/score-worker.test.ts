/**
 * A worker thread scores a file without zod: a file whose records all pass the fast type check
 * comes back as the full reader scores it; a file with a record only the schema can judge comes
 * back deferred (the main thread reads it with the schema), never scored without that record's
 * located messages.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import scoreFileTask from '../../src/benchmarks/medvision/formats/score-worker';
import { encodeScoredFile, scoreFile } from '../../src/benchmarks/medvision/formats/score-file';
import { readParsedFile } from '../../src/benchmarks/medvision/formats/read-parsed-file';

const SOURCE = resolve(__dirname, '../../results/medvision/demo-vlm-7b-demo/Results/MedVision-TL/demo-vlm-7b/parsed/20260901_120000_samples_BraTS24_TumorLesionSize_Task05_Axial.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'evalboard-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function copyWith(name: string, edit: (lines: string[]) => void): string {
  const lines = readFileSync(SOURCE, 'utf8').split('\n');
  edit(lines);
  const file = join(dir, name);
  writeFileSync(file, lines.join('\n'));
  return file;
}

const task = (file: string) => ({ file, display: 'f.jsonl', taskType: 'TL' as const });

describe('MedVision score worker', () => {
  it('scores a clean file as the full reader does, malformed JSON lines located without the schema', () => {
    const file = copyWith('clean.jsonl', (l) => {
      l[2] = '{"doc_id": 2, "doc": ';
    });
    const got = scoreFileTask(task(file));
    expect('deferred' in got).toBe(false);
    const want = encodeScoredFile(scoreFile({ ...task(file), read: readParsedFile }), 'TL');
    expect(got).toEqual(want);
    expect(want.findings.filter((f) => f.severity === 'error').map((f) => f.line)).toEqual([3]);
  });

  it('defers a file with a record the fast type check rejects', () => {
    const file = copyWith('typed.jsonl', (l) => {
      l[4] = JSON.stringify({ ...JSON.parse(l[4]!), target: 17 });
    });
    expect(scoreFileTask(task(file))).toEqual({ deferred: true, file });
    const full = scoreFile({ ...task(file), read: readParsedFile });
    expect(full.findings.filter((f) => f.severity === 'error').map((f) => [f.line, f.pointer])).toEqual([[5, '$.target']]);
  });
});
