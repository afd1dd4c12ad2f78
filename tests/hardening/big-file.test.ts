import { closeSync, cpSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSubmission } from '../../src/ingest/submission/validate';
import { REPO } from '../submission/helpers';

const MB200 = 200 * 1024 * 1024;

/** Write ~200 MB without holding it in memory. */
function writeBig(file: string, line: (i: number) => string): void {
  const fd = openSync(file, 'w');
  let written = 0;
  try {
    for (let i = 0; written < MB200; i++) {
      const chunk: string[] = [];
      for (let k = 0; k < 256; k++) chunk.push(line(i * 256 + k));
      const s = `${chunk.join('\n')}\n`;
      writeSync(fd, s);
      written += Buffer.byteLength(s);
    }
  } finally {
    closeSync(fd);
  }
}

describe('a 200 MB file neither crashes validate nor blows memory or time', () => {
  const pad = 'x'.repeat(3800);

  it('200 MB MedVision JSONL: streamed, every record located, over the subtask cap', async () => {
    const root = mkdtempSync(join(tmpdir(), 'evalboard-big-'));
    try {
      const dir = join(root, 'results', 'medvision', 'big');
      cpSync(join(REPO, 'results', 'medvision', 'demo-api-flash-demo', 'submission.json'), join(dir, 'submission.json'));
      const parsed = join(dir, 'Results', 'MedVision-TL', 'big-model', 'parsed');
      cpSync(join(REPO, 'results', 'medvision', 'demo-api-flash-demo', 'Results', 'MedVision-TL', 'demo-api-flash', 'parsed'), parsed, { recursive: true });
      writeBig(join(parsed, '20260901_120000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl'), (i) =>
        JSON.stringify({ doc_id: i, doc: { dataset_name: 'KiTS23', taskID: '01', slice_dim: 2, label: 2, image_size_2d: [512, 512], pixel_size: [0.78, 0.78] }, target: '[35.4, 15.7]', resps: [[pad]], filtered_resps: ['30.1,18.6'] }),
      );
      const before = process.memoryUsage().rss;
      const t0 = performance.now();
      const r = await validateSubmission(dir, { repoRoot: root, resultsRoot: join(root, 'results') });
      const seconds = (performance.now() - t0) / 1000;
      const grewMb = (process.memoryUsage().rss - before) / 2 ** 20;
      expect(r.valid).toBe(false);
      expect(r.findings.some((f) => f.severity === 'error' && /above the benchmark's cap of 1000/.test(f.message))).toBe(true);
      expect(seconds).toBeLessThan(90);
      expect(grewMb).toBeLessThan(1024);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 240_000);

  it('200 MB latch result.json: refused by size before any parser reads it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'evalboard-big-'));
    try {
      const dir = join(root, 'results', 'latch', 'big');
      cpSync(join(REPO, 'results', 'medvision', 'demo-api-flash-demo', 'submission.json'), join(dir, 'submission.json'));
      const run = join(dir, 'trajectories', 'e', 'p', 'm', 'h', 'r1');
      mkdirSync(run, { recursive: true });
      writeBig(join(run, 'result.json'), (i) => (i === 0 ? '{"pad": [' : `"${pad}",`));
      const before = process.memoryUsage().rss;
      const t0 = performance.now();
      const r = await validateSubmission(dir, { repoRoot: root, resultsRoot: join(root, 'results') });
      expect((performance.now() - t0) / 1000).toBeLessThan(10);
      expect((process.memoryUsage().rss - before) / 2 ** 20).toBeLessThan(256);
      const f = r.findings.find((x) => x.path.endsWith('r1/result.json'));
      expect(f?.message).toMatch(/above the 64 MiB limit/);
      expect(r.valid).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 240_000);
});
