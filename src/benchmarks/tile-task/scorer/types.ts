/** A tile `[x, y]` on the analysis grid. */
export type Tile = readonly [number, number];

export interface TileGrid {
  cols: number;
  rows: number;
  tile_size?: number;
}

/** The hidden answer key (`reference/reference_annotations.json`). */
export interface TileReference {
  slide_id: string;
  grid?: TileGrid;
  tumor_present: boolean;
  tumor_tiles: readonly Tile[];
  tissue_tiles: readonly Tile[];
  tumor_tile_count?: number;
  total_tissue_tiles?: number;
  tumor_area_fraction: number;
}

export const REQUIRED_FIELDS = [
  'slide_id',
  'tumor_present',
  'tumor_tiles',
  'tumor_tile_count',
  'total_tissue_tiles',
  'tumor_area_fraction',
] as const;

/** Codes that zero the score. */
export type TileErrorCode = 'not_an_object' | 'tumor_tiles_not_list' | `missing_field:${string}` | `wrong_type:${string}`;

/** Codes that are reported but do not change the score, in reporting order. */
export const WARNING_CODES = [
  'slide_id_mismatch',
  'invalid_tile',
  'tile_out_of_bounds',
  'duplicate_tiles',
  'tumor_tile_count_mismatch',
  'area_fraction_inconsistent',
] as const;
export type TileWarningCode = (typeof WARNING_CODES)[number];

export interface TileScoreReport {
  valid: boolean;
  errors: TileErrorCode[];
  warnings: TileWarningCode[];
  tile_precision?: number;
  tile_recall?: number;
  tile_f1?: number;
  tile_f1_score?: number;
  detection_score?: number;
  area_fraction_score?: number;
  final_score: number;
}

export const DEFAULT_GRID: TileGrid = { cols: 377, rows: 770, tile_size: 256 };
