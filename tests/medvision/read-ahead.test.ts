/**
 * `score` in one thread reads each file ahead into the SIMD kernel's memory (formats/read-ahead.ts);
 * the result must be the file-by-file streaming pass exactly, bad lines and all.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreMedvisionTree } from '../../src/benchmarks/medvision/formats/score-tree';
import { scoreMedvisionTreeParallel } from '../../src/benchmarks/medvision/formats/score-parallel';
import { scoreFilesReadingAhead } from '../../src/benchmarks/medvision/formats/read-ahead';
import { kernelMemory } from '../../src/core/string-stop';

const ROOT = join(import.meta.dirname, '../..');

describe('one-thread scoring with read-ahead', () => {
  it('gives exactly the streaming result on a tree of every family with broken lines', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'evalboard-ahead-')), 'demo-vlm-7b-demo');
    cpSync(join(ROOT, 'results/medvision/demo-vlm-7b-demo'), dir, { recursive: true });
    const tl = join(dir, 'Results/MedVision-TL/demo-vlm-7b/parsed/20260901_120000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl');
    const det = join(dir, 'Results/MedVision-detect/demo-vlm-7b/parsed/20260901_120000_samples_AMOS22_BoxCoordinate_Task01_Axial.jsonl');
    const lines = readFileSync(tl, 'utf8').split('\n');
    lines[1] = '{"doc_id": 1, "doc": ';
    lines[2] = lines[2]!.replace(/"input":\s*"/, (m) => `${m}\t`); // a raw tab in the prompt text
    lines[3] = `${lines[3]}\r`;
    writeFileSync(tl, lines.join('\n').trimEnd()); // and no final newline
    writeFileSync(det, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(det), Buffer.from([0xff, 0xfe, 0x0a])]));
    const streamed = scoreMedvisionTree(dir);
    const ahead = await scoreMedvisionTreeParallel(dir, { threads: 1 });
    expect(streamed.findings.filter((f) => f.severity === 'error').length).toBeGreaterThanOrEqual(4);
    expect(ahead).toEqual(streamed);
  });

  it('steps aside (the caller streams) while another reader holds the kernel memory', async () => {
    const held = kernelMemory(1);
    expect(held).toBeDefined();
    try {
      const file = join(ROOT, 'results/medvision/demo-vlm-7b-demo/Results/MedVision-TL/demo-vlm-7b/parsed/20260901_120000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl');
      expect(await scoreFilesReadingAhead([{ file, display: 'x', taskType: 'TL' }])).toBeUndefined();
    } finally {
      held!.release();
    }
  });
});
