export * from './schema';
export { parseEpisodeText, readEpisodeFile, type EpisodeReadResult, type ReadEpisode } from './read-episodes';
export { scoreEpisodes, type EpisodeScore, type GroundTruthProvider } from './score-episodes';
export { jsonLineIndex, lineOf } from './json-lines';
export { loadGeneratorProvider } from './ground-truth';
