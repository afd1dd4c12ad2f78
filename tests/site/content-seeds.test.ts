/** Interval seeds come from the content: the same per-sample data under two ids gets the same interval. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentLabel } from '../../src/core/stats/rng';

const REPO = join(import.meta.dirname, '..', '..');
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'evalboard-seeds-'));
  // The maintainers' answer keys and model registry beside results/, as in the repo.
  for (const d of ['references', 'models']) cpSync(join(REPO, d), join(root, d), { recursive: true });
  for (const id of ['first-id', 'a-completely-different-id']) {
    const dir = join(root, 'results', 'medvision', id);
    cpSync(join(REPO, 'results', 'medvision', 'demo-vlm-3b-demo'), dir, { recursive: true });
    const sj = JSON.parse(readFileSync(join(dir, 'submission.json'), 'utf8'));
    sj.id = id;
    writeFileSync(join(dir, 'submission.json'), JSON.stringify(sj));
  }
  process.env.EVALBOARD_RESULTS = join(root, 'results');
});
afterAll(() => {
  delete process.env.EVALBOARD_RESULTS;
  rmSync(root, { recursive: true, force: true });
});

describe('content-addressed interval seeds', () => {
  it('the label depends on every value bit and on the grouping, not on anything else', () => {
    expect(contentLabel('x', [[1, 2], [3]])).toBe(contentLabel('x', [[1, 2], [3]]));
    expect(contentLabel('x', [[1, 2], [3]])).not.toBe(contentLabel('x', [[1], [2, 3]]));
    expect(contentLabel('x', [[0.1 + 0.2]])).not.toBe(contentLabel('x', [[0.3]]));
  });

  it('two ids holding the same samples get the same bootstrap interval on every MedVision board', async () => {
    vi.resetModules();
    const { medvisionBoards } = await import('../../src/benchmarks/medvision/boards/boards');
    const boards = medvisionBoards({ ranked: () => true, underReview: () => false });
    let compared = 0;
    for (const b of boards) {
      for (const s of b.sections) {
        const [x, y] = [s.rows.find((r) => r.submissionId === 'first-id'), s.rows.find((r) => r.submissionId === 'a-completely-different-id')];
        if (!x || !y) continue;
        expect(y.interval, `${b.slug}/${s.id}`).toEqual(x.interval);
        if (x.interval) compared++;
      }
    }
    expect(compared).toBeGreaterThan(5);
  });
});
