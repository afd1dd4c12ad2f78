export { pyRound, pyRoundToInt } from './py-round';
export * from './tasks';
export type { EpisodeCounters, ScoreBreakdown } from './counters';
export type { AuditAction, EpisodeGroundTruth, GroundTruthError, ReplayInput, ReplayIssue } from './episode';
export { buildBreakdown, breakdownUnrounded, SCORE_CEILING, SCORE_FLOOR } from './breakdown';
export { gradeReport, REPORT_KEYWORD_GROUPS, type ReportGrade } from './report-quality';
export { replayEpisode, type FlagOutcome, type ReplayResult } from './replay';
export { compareClaims, type ClaimedEpisode, type ClaimMismatch } from './claims';
export * from './aggregate';
