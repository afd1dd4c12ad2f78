export { tileReferenceSchema, tilePredictionsSchema, tilePredictionsJsonSchema, type TileReferenceRecord } from './schema';
export { readTileReference, scoreTileTaskFiles, tileFindings, type TileTaskResult } from './read';
