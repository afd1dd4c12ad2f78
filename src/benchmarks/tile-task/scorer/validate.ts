import { DEFAULT_GRID, REQUIRED_FIELDS, type Tile, type TileErrorCode, type TileGrid, type TileWarningCode } from './types';

/** Predictions that passed the error checks: typed fields plus the tiles kept for scoring. */
export interface CheckedPredictions {
  slide_id: unknown;
  tumor_present: boolean;
  tumor_tile_count: number;
  total_tissue_tiles: number;
  tumor_area_fraction: number;
  /** Unique, well-formed, in-bounds tiles, in first-seen order. */
  tiles: Tile[];
}

export type PredictionCheck =
  | { ok: false; errors: TileErrorCode[] }
  | { ok: true; predictions: CheckedPredictions; warnings: TileWarningCode[] };

/** Consistency tolerance between the claimed fraction and count / total. */
const FRACTION_CONSISTENCY = 1e-6;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** A tile is a pair of integers; JS booleans are never numbers, matching "booleans are not integers". */
function isTile(v: unknown): v is Tile {
  return Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isInteger(n));
}

function inGrid([x, y]: Tile, grid: TileGrid): boolean {
  return x >= 0 && x < grid.cols && y >= 0 && y < grid.rows;
}

export function tileKey([x, y]: Tile): string {
  return `${x},${y}`;
}

/** Why a listed tile was dropped before scoring; `index` is its position in `tumor_tiles`. */
export interface TileProblem {
  index: number;
  kind: 'invalid_tile' | 'tile_out_of_bounds' | 'duplicate_tiles';
}

/** Keep unique, well-formed, in-bounds tiles (first seen wins) and say why each other one was dropped. */
export function classifyTiles(raw: readonly unknown[], grid: TileGrid): { tiles: Tile[]; problems: TileProblem[] } {
  const seen = new Set<string>();
  const tiles: Tile[] = [];
  const problems: TileProblem[] = [];
  raw.forEach((t, index) => {
    if (!isTile(t)) problems.push({ index, kind: 'invalid_tile' });
    else if (!inGrid(t, grid)) problems.push({ index, kind: 'tile_out_of_bounds' });
    else if (seen.has(tileKey(t))) problems.push({ index, kind: 'duplicate_tiles' });
    else {
      seen.add(tileKey(t));
      tiles.push([t[0], t[1]]);
    }
  });
  return { tiles, problems };
}

function collectErrors(p: unknown): TileErrorCode[] {
  if (!isRecord(p)) return ['not_an_object'];
  const errors: TileErrorCode[] = REQUIRED_FIELDS.filter((f) => !(f in p)).map((f) => `missing_field:${f}` as const);
  if ('tumor_tiles' in p && !Array.isArray(p.tumor_tiles)) errors.push('tumor_tiles_not_list');
  if ('tumor_present' in p && typeof p.tumor_present !== 'boolean') errors.push('wrong_type:tumor_present');
  for (const f of ['tumor_tile_count', 'total_tissue_tiles', 'tumor_area_fraction'] as const) {
    if (f in p && !isFiniteNumber(p[f])) errors.push(`wrong_type:${f}`);
  }
  return errors;
}

/**
 * Validate a predictions object: errors (score 0) or the cleaned predictions with warnings.
 * Invalid, out-of-bounds and duplicate tiles are dropped, each kind warned about once.
 */
export function checkPredictions(p: unknown, referenceSlideId: string, grid: TileGrid = DEFAULT_GRID): PredictionCheck {
  const errors = collectErrors(p);
  if (errors.length || !isRecord(p)) return { ok: false, errors };

  const { tiles, problems } = classifyTiles(p.tumor_tiles as unknown[], grid);
  const has = (kind: TileProblem['kind']) => problems.some((x) => x.kind === kind);

  const predictions: CheckedPredictions = {
    slide_id: p.slide_id,
    tumor_present: p.tumor_present as boolean,
    tumor_tile_count: p.tumor_tile_count as number,
    total_tissue_tiles: p.total_tissue_tiles as number,
    tumor_area_fraction: p.tumor_area_fraction as number,
    tiles,
  };
  const { tumor_tile_count: count, total_tissue_tiles: total, tumor_area_fraction: fraction } = predictions;
  const flags: Record<TileWarningCode, boolean> = {
    slide_id_mismatch: p.slide_id !== referenceSlideId,
    invalid_tile: has('invalid_tile'),
    tile_out_of_bounds: has('tile_out_of_bounds'),
    duplicate_tiles: has('duplicate_tiles'),
    tumor_tile_count_mismatch: count !== tiles.length,
    area_fraction_inconsistent: total > 0 && Math.abs(fraction - count / total) > FRACTION_CONSISTENCY,
  };
  const warnings = (Object.keys(flags) as TileWarningCode[]).filter((k) => flags[k]);
  return { ok: true, predictions, warnings };
}
