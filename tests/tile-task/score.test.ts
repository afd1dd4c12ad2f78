import { describe, expect, it } from 'vitest';
import { areaFractionCredit, scoreTileTask, tileF1Credit, tileOverlap } from '../../src/benchmarks/tile-task/scorer/score';
import type { TileReference } from '../../src/benchmarks/tile-task/scorer/types';

const reference: TileReference = {
  slide_id: 'patient_004_node_4',
  grid: { cols: 377, rows: 770, tile_size: 256 },
  tumor_present: true,
  tumor_tiles: [[10, 10], [10, 11]],
  tissue_tiles: [[10, 10], [10, 11], [10, 12], [11, 10]],
  tumor_tile_count: 2,
  total_tissue_tiles: 4,
  tumor_area_fraction: 0.5,
};

const good = {
  slide_id: 'patient_004_node_4',
  tumor_present: true,
  tumor_tiles: [[10, 10], [10, 11]],
  tumor_tile_count: 2,
  total_tissue_tiles: 4,
  tumor_area_fraction: 0.5,
};

describe('tile task credit bands', () => {
  it('gives full credit from F1 0.80, linear credit from 0.40, none below', () => {
    expect(tileF1Credit(0.8)).toBe(1);
    expect(tileF1Credit(0.8 - 5e-10)).toBe(1);
    // Exact IEEE value of (f1 - 0.4) / (0.8 - 0.4): 0.6 - 0.4 is 0.19999999999999996, so the credit is 0.4999999999999999, not 0.5.
    expect(tileF1Credit(0.6)).toBe((0.6 - 0.4) / (0.8 - 0.4));
    expect(tileF1Credit(0.4)).toBe(0);
    expect(tileF1Credit(0.39)).toBe(0);
  });

  it('gives area credit 1 within ±0.02 and 0.5 within ±0.05 (inclusive)', () => {
    expect(areaFractionCredit(0.52, 0.5)).toBe(1);
    expect(areaFractionCredit(0.45, 0.5)).toBe(0.5);
    expect(areaFractionCredit(0.56, 0.5)).toBe(0);
  });
});

describe('tileOverlap', () => {
  it('ignores predicted tiles outside the tissue set', () => {
    expect(tileOverlap([[10, 10], [200, 200]], reference)).toEqual({ precision: 1, recall: 0.5, f1: 2 / 3 });
  });

  it('scores F1 = 1 when both the in-tissue predictions and the reference are empty', () => {
    expect(tileOverlap([[300, 300]], { ...reference, tumor_tiles: [] }).f1).toBe(1);
  });
});

describe('scoreTileTask', () => {
  it('scores a perfect prediction 1', () => {
    expect(scoreTileTask(good, reference)).toMatchObject({ valid: true, warnings: [], final_score: 1 });
  });

  it('zeroes the score on errors and lists every missing field in order', () => {
    const r = scoreTileTask({ tumor_tiles: 'x', tumor_present: 'yes' }, reference);
    expect(r).toEqual({
      valid: false,
      errors: [
        'missing_field:slide_id',
        'missing_field:tumor_tile_count',
        'missing_field:total_tissue_tiles',
        'missing_field:tumor_area_fraction',
        'tumor_tiles_not_list',
        'wrong_type:tumor_present',
      ],
      warnings: [],
      final_score: 0,
    });
  });

  it('reports warnings once each, in the fixed order, without changing the score', () => {
    const r = scoreTileTask(
      { ...good, slide_id: 'other', tumor_tiles: [[10, 10], [10, 10], [377, 0], [true, 1], [10, 11]], tumor_tile_count: 3 },
      reference,
    );
    expect(r.warnings).toEqual([
      'slide_id_mismatch',
      'invalid_tile',
      'tile_out_of_bounds',
      'duplicate_tiles',
      'tumor_tile_count_mismatch',
      'area_fraction_inconsistent',
    ]);
    expect(r.final_score).toBe(1);
  });
});
