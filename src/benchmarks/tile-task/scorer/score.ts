import { tileKey, checkPredictions } from './validate';
import { DEFAULT_GRID, type Tile, type TileReference, type TileScoreReport } from './types';

/** Band edges are inclusive with this tolerance (pathwsi vectors). */
const BAND_TOLERANCE = 1e-9;
export const F1_FULL_CREDIT = 0.8;
export const F1_ZERO_CREDIT = 0.4;
export const AREA_FULL_CREDIT = 0.02;
export const AREA_HALF_CREDIT = 0.05;
export const WEIGHTS = { tileF1: 0.6, detection: 0.2, areaFraction: 0.2 } as const;

export interface TileOverlap {
  precision: number;
  recall: number;
  f1: number;
}

/** Precision over predictions inside the tissue set; both sets empty → all 1. */
export function tileOverlap(predicted: readonly Tile[], reference: Pick<TileReference, 'tumor_tiles' | 'tissue_tiles'>): TileOverlap {
  const tissue = new Set(reference.tissue_tiles.map(tileKey));
  const truth = new Set(reference.tumor_tiles.map(tileKey));
  const inTissue = new Set(predicted.map(tileKey).filter((k) => tissue.has(k)));
  if (inTissue.size === 0 && truth.size === 0) return { precision: 1, recall: 1, f1: 1 };
  let tp = 0;
  for (const k of inTissue) if (truth.has(k)) tp++;
  const precision = inTissue.size ? tp / inTissue.size : 0;
  const recall = truth.size ? tp / truth.size : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** 0 below F1 0.40, linear to 1 at 0.80. */
export function tileF1Credit(f1: number): number {
  if (f1 >= F1_FULL_CREDIT - BAND_TOLERANCE) return 1;
  if (f1 >= F1_ZERO_CREDIT - BAND_TOLERANCE) return Math.max(0, (f1 - F1_ZERO_CREDIT) / (F1_FULL_CREDIT - F1_ZERO_CREDIT));
  return 0;
}

/** 1 within ±0.02 of the reference, 0.5 within ±0.05, else 0. */
export function areaFractionCredit(predicted: number, reference: number): number {
  const delta = Math.abs(predicted - reference);
  if (delta <= AREA_FULL_CREDIT + BAND_TOLERANCE) return 1;
  if (delta <= AREA_HALF_CREDIT + BAND_TOLERANCE) return 0.5;
  return 0;
}

/** Score a predictions.json value against the reference, as the seed's verification method says. */
export function scoreTileTask(predictions: unknown, reference: TileReference): TileScoreReport {
  const checked = checkPredictions(predictions, reference.slide_id, reference.grid ?? DEFAULT_GRID);
  if (!checked.ok) return { valid: false, errors: checked.errors, warnings: [], final_score: 0 };

  const p = checked.predictions;
  const overlap = tileOverlap(p.tiles, reference);
  const tile_f1_score = tileF1Credit(overlap.f1);
  const detection_score = p.tumor_present === reference.tumor_present ? 1 : 0;
  const area_fraction_score = areaFractionCredit(p.tumor_area_fraction, reference.tumor_area_fraction);
  return {
    valid: true,
    errors: [],
    warnings: checked.warnings,
    tile_precision: overlap.precision,
    tile_recall: overlap.recall,
    tile_f1: overlap.f1,
    tile_f1_score,
    detection_score,
    area_fraction_score,
    final_score: WEIGHTS.tileF1 * tile_f1_score + WEIGHTS.detection * detection_score + WEIGHTS.areaFraction * area_fraction_score,
  };
}
