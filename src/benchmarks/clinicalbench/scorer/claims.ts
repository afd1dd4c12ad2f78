import type { EpisodeCounters, ScoreBreakdown } from './counters';
import type { EpisodeGroundTruth, GroundTruthError } from './episode';
import type { ReplayResult } from './replay';

/** What a submission says about its own episode; every part is optional and only compared. */
export interface ClaimedEpisode {
  final_state?: Partial<EpisodeCounters>;
  score_breakdown?: Partial<ScoreBreakdown>;
  benchmark_score?: number;
  dense_reward_total?: number;
  step_rewards?: readonly number[];
  done?: boolean;
  /** The submitter's copy of the ground truth: never used for grading, only compared. */
  ground_truth?: Partial<Pick<EpisodeGroundTruth, 'total_errors' | 'bias_actionable' | 'bias_present' | 'n_patients'>> & {
    errors?: readonly GroundTruthError[];
    patient_ids_range?: readonly string[];
  };
}

/** The regenerated ground truth (as `regenerateGroundTruth` returns it) plus its id range. */
export type RegeneratedTruth = EpisodeGroundTruth & { patient_ids_range?: readonly string[] };

/** Which dataset the truth was regenerated from, for the messages. */
export interface TruthOrigin {
  seed: number | bigint;
  task_id: string;
}

/** A claim that the replay does not confirm; `pointer` is the claim's JSON path in the episode. */
export interface ClaimMismatch {
  pointer: string;
  message: string;
}

const TOLERANCE = 1e-9;

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= TOLERANCE;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  return a === b;
}

function compareFields<T extends object>(claimed: Partial<T> | undefined, actual: T, base: string): ClaimMismatch[] {
  if (!claimed) return [];
  const out: ClaimMismatch[] = [];
  for (const key of Object.keys(claimed) as (keyof T & string)[]) {
    if (!(key in actual)) continue;
    const c = claimed[key];
    const a = actual[key];
    if (c !== undefined && !same(c, a)) {
      out.push({ pointer: `${base}.${key}`, message: `claimed ${JSON.stringify(c)}, replay gives ${JSON.stringify(a)}` });
    }
  }
  return out;
}

function errorKey(e: GroundTruthError): string {
  return `${e.patient_id}\u0000${e.error_type}`;
}

function compareGroundTruth(claimed: ClaimedEpisode['ground_truth'], truth: RegeneratedTruth, origin?: TruthOrigin): ClaimMismatch[] {
  if (!claimed) return [];
  const from = origin ? `the ground truth regenerated from seed ${origin.seed} / ${origin.task_id}` : 'the regenerated ground truth';
  const note = 'the episode is graded against the regenerated ground truth only';
  const out: ClaimMismatch[] = [];
  const scalar = (key: string, c: unknown, a: unknown) => {
    if (c !== undefined && a !== undefined && !same(c, a)) {
      out.push({ pointer: `$.ground_truth.${key}`, message: `claimed ${JSON.stringify(c)}, but ${from} has ${JSON.stringify(a)}; ${note}` });
    }
  };
  scalar('total_errors', claimed.total_errors, truth.total_errors);
  scalar('bias_present', claimed.bias_present, truth.bias_present);
  scalar('bias_actionable', claimed.bias_actionable, truth.bias_actionable);
  scalar('n_patients', claimed.n_patients, truth.n_patients);
  scalar('patient_ids_range', claimed.patient_ids_range, truth.patient_ids_range);
  if (claimed.errors) {
    const real = new Set(truth.errors.map(errorKey));
    const said = new Set(claimed.errors.map(errorKey));
    const missing = [...real].filter((k) => !said.has(k)).length;
    const extraAt = claimed.errors.map((e, i) => (real.has(errorKey(e)) ? -1 : i)).filter((i) => i >= 0);
    const repeated = claimed.errors.length - said.size;
    if (missing || extraAt.length || repeated) {
      const parts = [
        ...(extraAt.length ? [`${extraAt.length} listed error(s) are not in it`] : []),
        ...(missing ? [`${missing} of its error(s) are missing`] : []),
        ...(repeated ? [`${repeated} entr${repeated === 1 ? 'y is' : 'ies are'} repeated`] : []),
      ];
      out.push({
        // Point at the first entry that is not a real error, so the line is the one to look at.
        pointer: extraAt.length ? `$.ground_truth.errors[${extraAt[0]}]` : '$.ground_truth.errors',
        message: `submitted ground-truth list differs from ${from}: ${parts.join(', ')}; ${note}`,
      });
    }
  }
  return out;
}

/**
 * Compare a submission's claims with the replay (and, when given, with the regenerated ground
 * truth). Each disagreement is a finding for the review page.
 */
export function compareClaims(claimed: ClaimedEpisode, replay: ReplayResult, truth?: RegeneratedTruth, origin?: TruthOrigin): ClaimMismatch[] {
  const out: ClaimMismatch[] = [
    ...compareFields(claimed.final_state, replay.finalState, '$.final_state'),
    ...compareFields(claimed.score_breakdown, replay.breakdown, '$.score_breakdown'),
  ];
  const scalar = (key: string, c: unknown, a: unknown) => {
    if (c !== undefined && !same(c, a)) out.push({ pointer: `$.${key}`, message: `claimed ${JSON.stringify(c)}, replay gives ${JSON.stringify(a)}` });
  };
  scalar('benchmark_score', claimed.benchmark_score, replay.breakdown.benchmark_score);
  scalar('dense_reward_total', claimed.dense_reward_total, replay.denseRewardTotal);
  scalar('done', claimed.done, replay.done);
  if (claimed.step_rewards) {
    const firstDiff = claimed.step_rewards.findIndex((r, i) => !same(r, replay.stepRewards[i]));
    if (claimed.step_rewards.length !== replay.stepRewards.length) {
      out.push({ pointer: '$.step_rewards', message: `claimed ${claimed.step_rewards.length} step rewards, replay has ${replay.stepRewards.length}` });
    } else if (firstDiff >= 0) {
      out.push({
        pointer: `$.step_rewards[${firstDiff}]`,
        message: `claimed ${claimed.step_rewards[firstDiff]}, replay gives ${replay.stepRewards[firstDiff]}`,
      });
    }
  }
  if (truth) out.push(...compareGroundTruth(claimed.ground_truth, truth, origin));
  return out;
}
