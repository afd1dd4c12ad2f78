import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handler } from '../../src/benchmarks/tile-task/format-handler';

const reference = {
  slide_id: 's1',
  grid: { cols: 377, rows: 770, tile_size: 256 },
  tumor_present: true,
  tumor_tiles: [[1, 1], [1, 2]],
  tissue_tiles: [[1, 1], [1, 2], [1, 3], [2, 1]],
  tumor_tile_count: 2,
  total_tissue_tiles: 4,
  tumor_area_fraction: 0.5,
};

function taskFolder(predictions: unknown): { dir: string; ref: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tile-task-'));
  mkdirSync(join(dir, 'output'));
  writeFileSync(join(dir, 'output', 'predictions.json'), JSON.stringify(predictions, null, 1));
  writeFileSync(join(dir, 'reference.json'), JSON.stringify(reference));
  return { dir, ref: join(dir, 'reference.json') };
}

describe('score handler: tile-task', () => {
  it('needs --reference to claim a folder', async () => {
    const { dir, ref } = taskFolder({});
    expect(await handler.detect(dir, {})).toBe(false);
    expect(await handler.detect(dir, { reference: ref })).toBe(true);
  });

  it('scores output/predictions.json and locates warnings by path and line', async () => {
    const { dir, ref } = taskFolder({
      slide_id: 's1',
      tumor_present: true,
      tumor_tiles: [[1, 1], [1, 1], [400, 2]],
      tumor_tile_count: 1,
      total_tissue_tiles: 4,
      tumor_area_fraction: 0.25,
    });
    const out = await handler.score(dir, { reference: ref });
    expect(out.items[0]!.metrics.final_score).toBe(0.6 * ((2 / 3 - 0.4) / 0.4) + 0.2 + 0.2 * 0);
    expect(out.findings.map((f) => [f.pointer, f.severity])).toEqual([
      ['$.tumor_tiles[2]', 'warning'],
      ['$.tumor_tiles[1]', 'warning'],
    ]);
    expect(out.findings.every((f) => typeof f.line === 'number')).toBe(true);
  });

  it('turns validation errors into located error findings and a zero score', async () => {
    const { dir, ref } = taskFolder({ slide_id: 's1', tumor_present: 'yes', tumor_tiles: [] });
    const out = await handler.score(dir, { reference: ref });
    expect(out.summary.final_score).toBe(0);
    expect(out.findings.map((f) => f.pointer)).toEqual([
      '$.tumor_tile_count',
      '$.total_tissue_tiles',
      '$.tumor_area_fraction',
      '$.tumor_present',
    ]);
  });
});
