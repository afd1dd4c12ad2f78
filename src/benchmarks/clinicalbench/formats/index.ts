export * from './schema';
export { parseEpisodeText, readEpisodeFile, type EpisodeReadResult, type ReadEpisode } from './read-episodes';
export { scoreEpisodes, type EpisodeScore } from './score-episodes';
export { jsonLineIndex, lineOf } from '../../../core/json-lines';
export { regeneratedGroundTruth, type RegeneratedGroundTruth } from './ground-truth';
