export * from './types';
export { checkPredictions, classifyTiles, tileKey, type TileProblem, type CheckedPredictions, type PredictionCheck } from './validate';
export * from './score';
