import { z } from 'zod';

const tileSchema = z.tuple([z.int().nonnegative(), z.int().nonnegative()]).describe('[x, y] on the analysis grid');

/** The answer key (`reference/reference_annotations.json`); never published. */
export const tileReferenceSchema = z.looseObject({
  slide_id: z.string(),
  grid: z.object({ cols: z.int().positive(), rows: z.int().positive(), tile_size: z.int().positive().optional() }).optional(),
  tumor_present: z.boolean(),
  tumor_tiles: z.array(tileSchema),
  tissue_tiles: z.array(tileSchema),
  tumor_tile_count: z.int().nonnegative().optional(),
  total_tissue_tiles: z.int().nonnegative().optional(),
  tumor_area_fraction: z.number().min(0).max(1),
});

/**
 * What the agent writes to `output/predictions.json`. Documentation only: scoring never rejects a
 * file with this schema — the scorer's own checks decide between errors and warnings.
 */
export const tilePredictionsSchema = z.looseObject({
  slide_id: z.string(),
  tumor_present: z.boolean(),
  tumor_tiles: z.array(tileSchema),
  tumor_tile_count: z.int().nonnegative().describe('Number of unique tiles in tumor_tiles'),
  total_tissue_tiles: z.int().nonnegative(),
  tumor_area_fraction: z.number().min(0).max(1).describe('tumor_tile_count / total_tissue_tiles'),
});

export type TileReferenceRecord = z.infer<typeof tileReferenceSchema>;

export function tilePredictionsJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(tilePredictionsSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
