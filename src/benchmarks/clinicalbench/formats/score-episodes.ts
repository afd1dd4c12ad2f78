import type { ScoredEpisode } from '../scorer/aggregate';
import { compareClaims, type ClaimedEpisode } from '../scorer/claims';
import { replayEpisode, type ReplayResult } from '../scorer/replay';
import type { Finding } from '../../../core/findings';
import { regeneratedGroundTruth } from './ground-truth';
import type { EpisodeReadResult } from './read-episodes';

export interface EpisodeScore extends ScoredEpisode {
  id: string;
  path: string;
  pointer: string;
  agent?: string;
  model?: string;
  replay: ReplayResult;
  /** Always `regenerated`: the ground truth comes from (seed, task), never from the submission. */
  groundTruthSource: 'regenerated';
  /** The submission carried its own ground-truth list and it differs from the regenerated one. */
  groundTruthMismatch: boolean;
}

function joinPointer(base: string, relative: string): string {
  return base + relative.slice(1);
}

/**
 * Replay every episode of a file against the ground truth regenerated from its (seed, task) and
 * check the submitter's claims. A ground-truth list inside the submission is only compared (any
 * difference is an error finding); an episode whose dataset cannot be regenerated is rejected.
 */
export function scoreEpisodes(read: EpisodeReadResult, path: string): { scores: EpisodeScore[]; findings: Finding[] } {
  const findings: Finding[] = [];
  const scores: EpisodeScore[] = [];
  const add = (pointer: string, severity: Finding['severity'], message: string) => {
    const line = read.lineOf(pointer);
    findings.push({ path, ...(line === undefined ? {} : { line }), pointer, severity, message });
  };

  for (const e of read.episodes) {
    const { task_id, seed } = e.record;
    const regenerated = regeneratedGroundTruth(seed, task_id);
    if (!regenerated.ok) {
      add(
        joinPointer(e.base, '$.seed'),
        'error',
        `cannot regenerate the dataset for seed ${seed} / ${task_id} (${regenerated.reason}); ` +
          'episode rejected: ground truth is only ever regenerated, never taken from the submission',
      );
      continue;
    }
    const truth = regenerated.truth;

    const replay = replayEpisode({ task_id, actions: e.actions, ground_truth: truth });
    for (const issue of replay.issues) add(joinPointer(e.base, issue.pointer), issue.severity, issue.message);

    const submittedTruth = e.record.ground_truth;
    const claimed: ClaimedEpisode = { ...(e.record.claimed ?? {}), ...(submittedTruth ? { ground_truth: submittedTruth } : {}) };
    let groundTruthMismatch = false;
    for (const m of compareClaims(claimed, replay, truth, { seed, task_id })) {
      const isTruth = m.pointer.startsWith('$.ground_truth');
      if (isTruth) groundTruthMismatch = true;
      add(joinPointer(isTruth ? e.base : e.claimsBase, m.pointer), 'error', m.message);
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
      groundTruthSource: 'regenerated',
      groundTruthMismatch,
    });
  }
  return { scores, findings };
}
