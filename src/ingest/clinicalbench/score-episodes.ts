import type { ScoredEpisode } from '../../scorers/clinicalbench/aggregate';
import { compareClaims, type ClaimedEpisode } from '../../scorers/clinicalbench/claims';
import type { EpisodeGroundTruth } from '../../scorers/clinicalbench/episode';
import { replayEpisode, type ReplayResult } from '../../scorers/clinicalbench/replay';
import type { TaskId } from '../../scorers/clinicalbench/tasks';
import type { Finding } from '../findings';
import type { EpisodeReadResult, ReadEpisode } from './read-episodes';

/** Regenerates an episode's ground truth from (seed, task): our port of the upstream generator. */
export type GroundTruthProvider = (seed: number, task: TaskId) => EpisodeGroundTruth | null;

export interface EpisodeScore extends ScoredEpisode {
  id: string;
  path: string;
  pointer: string;
  agent?: string;
  model?: string;
  replay: ReplayResult;
  /** `regenerated` from the seed, or `submitted` (unverified) when no generator was available. */
  groundTruthSource: 'regenerated' | 'submitted';
}

function joinPointer(base: string, relative: string): string {
  return base + relative.slice(1);
}

function submittedGroundTruth(e: ReadEpisode): EpisodeGroundTruth | null {
  const gt = e.record.ground_truth;
  if (!gt) return null;
  return {
    errors: gt.errors,
    total_errors: gt.total_errors,
    bias_actionable: gt.bias_actionable,
    ...(gt.bias_present === undefined ? {} : { bias_present: gt.bias_present }),
    ...(gt.n_patients === undefined ? {} : { n_patients: gt.n_patients }),
  };
}

/**
 * Replay every episode of a file against its ground truth and check the submitter's claims.
 * Ground truth comes from `regenerate` when given; a submitted copy is then only compared.
 */
export function scoreEpisodes(read: EpisodeReadResult, path: string, regenerate?: GroundTruthProvider): { scores: EpisodeScore[]; findings: Finding[] } {
  const findings: Finding[] = [];
  const scores: EpisodeScore[] = [];
  const add = (pointer: string, severity: Finding['severity'], message: string) => {
    const line = read.lineOf(pointer);
    findings.push({ path, ...(line === undefined ? {} : { line }), pointer, severity, message });
  };

  for (const e of read.episodes) {
    const { task_id, seed } = e.record;
    const regenerated = regenerate?.(seed, task_id) ?? null;
    const submitted = submittedGroundTruth(e);
    const truth = regenerated ?? submitted;
    if (!truth) {
      add(e.base, 'error', `no ground truth for seed ${seed} / ${task_id}: the generator is not available and the episode carries none; not scored`);
      continue;
    }
    if (!regenerated) {
      add(joinPointer(e.base, '$.ground_truth'), 'warning', 'ground truth taken from the submission (not regenerated from the seed); the score is unverified');
    }

    const replay = replayEpisode({ task_id, actions: e.actions, ground_truth: truth });
    for (const issue of replay.issues) add(joinPointer(e.base, issue.pointer), issue.severity, issue.message);

    const claimed: ClaimedEpisode = { ...(e.record.claimed ?? {}), ...(regenerated && e.record.ground_truth ? { ground_truth: e.record.ground_truth } : {}) };
    for (const m of compareClaims(claimed, replay, regenerated ?? undefined)) {
      const base = m.pointer.startsWith('$.ground_truth') ? e.base : e.claimsBase;
      add(joinPointer(base, m.pointer), 'error', m.message);
    }

    scores.push({
      id: e.id,
      path,
      pointer: e.base,
      seed,
      task_id,
      ...(e.record.agent === undefined ? {} : { agent: e.record.agent }),
      ...(e.record.model === undefined ? {} : { model: e.record.model }),
      breakdown: replay.breakdown,
      counters: replay.finalState,
      replay,
      groundTruthSource: regenerated ? 'regenerated' : 'submitted',
    });
  }
  return { scores, findings };
}
