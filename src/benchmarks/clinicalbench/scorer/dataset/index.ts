export { generateDataset } from './generate';
export { environmentView, datasetSha256, type EnvironmentView } from './environment-view';
export { regenerateGroundTruth, type EpisodeGroundTruth } from './ground-truth';
export { biasSignal, type BiasSignal } from './bias-signal';
export { toRecord, FLOAT_FIELDS } from './records';
export { pythonCanonicalJson } from './canonical-json';
export { TASK_DIFFICULTY, type Difficulty } from './constants';
export type { GeneratedDataset, GroundTruthError, PatientRecord, Protocol, ErrorType, GeneratorStats } from './types';
