import { buildBreakdown, SCORE_CEILING, SCORE_FLOOR } from './breakdown';
import type { EpisodeCounters, ScoreBreakdown } from './counters';
import type { AuditAction, EpisodeGroundTruth, GroundTruthError, ReplayInput, ReplayIssue } from './episode';
import { pyRound } from './py-round';
import { gradeReport } from './report-quality';
import {
  INVESTIGABLE_VARIABLES,
  isActionType,
  NOISE_COLUMNS,
  REWARD,
  TASKS,
  WINDOW_VARIABLES,
  type TaskSpec,
} from './tasks';

export type { ReplayInput } from './episode';

/**
 * What one flag_error step did, as the grader decided it: which ground-truth error it hit
 * (`bias` for an accepted selection_bias flag), or why it earned nothing.
 */
export type FlagOutcome =
  | { kind: 'hit'; error: GroundTruthError }
  | { kind: 'bias-hit' }
  | { kind: 'false-positive' }
  | { kind: 'duplicate' }
  | { kind: 'blocked' };

export interface ReplayResult {
  /** Observation rewards, rounded to 3 places as the env does. */
  stepRewards: number[];
  stepScoreSoFar: number[];
  done: boolean;
  /** 1-based step at which the episode ended, if it did. */
  doneAtStep: number | null;
  finalState: EpisodeCounters;
  breakdown: ScoreBreakdown;
  /** `round(Σ unrounded step rewards, 3)`. */
  denseRewardTotal: number;
  /** Parallel to `stepRewards`: the outcome of each scored flag_error step, null for other actions. */
  flagOutcomes: (FlagOutcome | null)[];
  /** Ground-truth errors no flag hit, in ground-truth order. */
  missedErrors: GroundTruthError[];
  /** The bias was actionable and no selection_bias flag was accepted. */
  biasMissed: boolean;
  issues: ReplayIssue[];
}

/** The flagged-set key upstream uses for an accepted selection_bias flag. */
const BIAS_FLAG = 'BIAS_FLAG';
const DEFAULT_ACTION_TYPE = 'flag_error';

function byCodePoint(a: string, b: string): number {
  const x = [...a].map((ch) => ch.codePointAt(0)!);
  const y = [...b].map((ch) => ch.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

function knownPatients(gt: EpisodeGroundTruth): ((id: string) => boolean) | null {
  if (gt.patient_ids) {
    const ids = new Set(gt.patient_ids);
    return (id) => ids.has(id);
  }
  const n = gt.n_patients;
  if (n === undefined) return null;
  return (id) => {
    const m = /^P(\d{4,})$/.exec(id);
    if (!m) return false;
    const k = Number(m[1]);
    return k >= 1 && k <= n && id === `P${String(k).padStart(4, '0')}`;
  };
}

/** Mutable episode state, mirroring the environment's private fields. */
class Episode {
  readonly flagged = new Set<string>();
  readonly investigated = new Set<string>();
  readonly distributions = new Set<string>();
  attempts = 0;
  correct = 0;
  falsePositives = 0;
  duplicates = 0;
  invalidPhase = 0;
  reportSubmitted = false;
  reportQuality = 0;
  /** Outcome of the last graded flag_error (set by `flag`, read once per step by replay). */
  lastFlag: FlagOutcome | null = null;
  readonly hitErrors = new Set<GroundTruthError>();
  private readonly errorsByPatient = new Map<string, GroundTruthError[]>();

  constructor(
    readonly task: TaskSpec,
    readonly gt: EpisodeGroundTruth,
  ) {
    for (const e of gt.errors) {
      const list = this.errorsByPatient.get(e.patient_id) ?? [];
      list.push(e);
      this.errorsByPatient.set(e.patient_id, list);
    }
  }

  counters(): EpisodeCounters {
    return {
      task_id: this.task.id,
      total_errors: this.gt.total_errors,
      correct_flags: this.correct,
      false_positive_flags: this.falsePositives,
      duplicate_flags: this.duplicates,
      patterns_investigated: [...this.investigated].sort(byCodePoint),
      distributions_computed: [...this.distributions].sort(byCodePoint),
      invalid_phase_actions: this.invalidPhase,
      attempts: this.attempts,
      report_quality: this.reportQuality,
      report_submitted: this.reportSubmitted,
    };
  }

  private readyForFlagging(): boolean {
    return this.task.requiredInvestigations.every((v) => this.investigated.has(v));
  }

  private readyForBias(): boolean {
    return this.task.requiredDistributions.every((v) => this.distributions.has(v));
  }

  private blocked(): number {
    this.lastFlag = { kind: 'blocked' };
    this.invalidPhase += 1;
    return REWARD.invalidPhase;
  }

  private falsePositive(): number {
    this.lastFlag = { kind: 'false-positive' };
    this.falsePositives += 1;
    return REWARD.falsePositive;
  }

  /** Base reward of one action (upstream `_grade`), updating the counters. */
  grade(type: string, a: AuditAction): number {
    if ((type === 'flag_error' || type === 'submit_report') && !this.readyForFlagging()) return this.blocked();
    if (type === 'submit_report' && this.flagged.size === 0) return this.blocked();
    switch (type) {
      case 'investigate_pattern':
        return this.investigate(a.variable || '');
      case 'compute_distribution':
        return this.distribution(a.variable || '');
      case 'flag_error':
        return this.flag(a);
      case 'propose_fix':
        return this.proposeFix(a);
      case 'submit_report':
        this.reportSubmitted = true;
        this.reportQuality = gradeReport(a.report, a.reason).report_quality;
        return REWARD.reportBonusBase + REWARD.reportPerKeywordGroup * this.reportQuality;
      default:
        return REWARD.unknownAction;
    }
  }

  private investigate(variable: string): number {
    if (!INVESTIGABLE_VARIABLES.has(variable)) return REWARD.unknownAction;
    if (this.investigated.has(variable)) return REWARD.investigateRedundant;
    this.investigated.add(variable);
    let reward: number = REWARD.investigateNew;
    if (WINDOW_VARIABLES.has(variable)) reward += REWARD.bonusProtocolWindow / 2;
    if (NOISE_COLUMNS.has(variable)) reward = Math.max(-0.01, reward - 0.02);
    return reward;
  }

  private distribution(variable: string): number {
    if (!variable) return REWARD.unknownAction;
    if (this.distributions.has(variable)) return REWARD.distributionRedundant;
    this.distributions.add(variable);
    return REWARD.distributionNew;
  }

  private flag(a: AuditAction): number {
    const errorType = a.error_type || '';
    if (!this.task.allowedErrorTypes.includes(errorType)) return this.falsePositive();
    if (errorType === 'selection_bias') {
      if (!this.task.allowBias) return this.falsePositive();
      if (!this.readyForBias()) return this.blocked();
      if (this.flagged.has(BIAS_FLAG)) {
        this.lastFlag = { kind: 'duplicate' };
        this.duplicates += 1;
        return REWARD.duplicateFlag;
      }
      if (!this.gt.bias_actionable) return this.falsePositive();
      this.flagged.add(BIAS_FLAG);
      this.lastFlag = { kind: 'bias-hit' };
      this.correct += 1;
      return REWARD.biasDetected;
    }
    const patientId = a.patient_id;
    if (!patientId) return this.falsePositive();
    if (this.flagged.has(patientId)) {
      this.lastFlag = { kind: 'duplicate' };
      this.duplicates += 1;
      return REWARD.duplicateFlag;
    }
    // Unknown patients and valid records are both false positives upstream.
    const hit = (this.errorsByPatient.get(patientId) ?? []).find((e) => e.error_type === errorType);
    if (!hit) return this.falsePositive();
    this.flagged.add(patientId);
    this.hitErrors.add(hit);
    this.lastFlag = { kind: 'hit', error: hit };
    this.correct += 1;
    if (errorType === 'protocol_window_violation') return REWARD.correctFlag + REWARD.bonusProtocolWindow / 2;
    return REWARD.correctFlag;
  }

  private proposeFix(a: AuditAction): number {
    if (!this.flagged.has(a.patient_id || '')) return REWARD.proposeFixInvalid;
    const proposed = a.proposed_value || '';
    // Python's len counts code points.
    return [...proposed].length > 2 ? REWARD.proposeFixValid : REWARD.proposeFixInvalid;
  }
}

/** Confidence multipliers of `step()`: overconfident negatives ×1.8, positives × max(0.65, c). */
function applyConfidence(reward: number, confidence: number): number {
  const c = Math.max(0, Math.min(1, confidence));
  if (reward < 0 && c > 0.8) return reward * REWARD.overconfidenceMultiplier;
  if (reward > 0) return reward * Math.max(0.65, c);
  return reward;
}

function noticeIssues(a: AuditAction, index: number, type: string, isKnown: ((id: string) => boolean) | null): ReplayIssue[] {
  const at = `$.actions[${index}]`;
  const step = index + 1;
  const issues: ReplayIssue[] = [];
  if (a.action_type === undefined || a.action_type === null) {
    issues.push({ pointer: `${at}.action_type`, severity: 'warning', step, message: `missing action_type; upstream defaults it to "${DEFAULT_ACTION_TYPE}"` });
  } else if (!isActionType(type)) {
    issues.push({ pointer: `${at}.action_type`, severity: 'warning', step, message: `unknown action type ${JSON.stringify(type)}; upstream rejects it (${REWARD.unknownAction})` });
  }
  if (typeof a.confidence === 'number' && (a.confidence < 0 || a.confidence > 1)) {
    issues.push({ pointer: `${at}.confidence`, severity: 'warning', step, message: `confidence ${a.confidence} is outside [0, 1]; upstream clamps it to ${Math.max(0, Math.min(1, a.confidence))}` });
  }
  if (type === 'flag_error' && a.error_type !== 'selection_bias') {
    if (!a.patient_id) {
      issues.push({ pointer: `${at}.patient_id`, severity: 'warning', step, message: 'flag_error without a patient_id; upstream counts it as a false positive' });
    } else if (isKnown && !isKnown(a.patient_id)) {
      issues.push({ pointer: `${at}.patient_id`, severity: 'warning', step, message: `flag for unknown patient ${JSON.stringify(a.patient_id)}; upstream counts it as a false positive` });
    }
  }
  return issues;
}

/**
 * Replay an action log against the ground truth, as the upstream environment grades it step by
 * step. Never throws on odd actions: each one is graded as upstream would and reported in `issues`.
 */
export function replayEpisode(input: ReplayInput): ReplayResult {
  const task = TASKS[input.task_id];
  if (!task) throw new Error(`unknown task_id ${JSON.stringify(input.task_id)}`);
  const ep = new Episode(task, input.ground_truth);
  const isKnown = knownPatients(input.ground_truth);
  const stepRewards: number[] = [];
  const stepScoreSoFar: number[] = [];
  const flagOutcomes: (FlagOutcome | null)[] = [];
  const issues: ReplayIssue[] = [];
  let dense = 0;
  let doneAtStep: number | null = null;

  input.actions.forEach((a, index) => {
    if (doneAtStep !== null) {
      issues.push({
        pointer: `$.actions[${index}]`,
        severity: 'error',
        step: index + 1,
        message: `action after the episode ended at step ${doneAtStep}; not scored`,
      });
      return;
    }
    const type = a.action_type ?? DEFAULT_ACTION_TYPE;
    issues.push(...noticeIssues(a, index, type, isKnown));
    ep.attempts += 1;
    ep.lastFlag = null;
    let reward = ep.grade(type, a);
    flagOutcomes.push(type === 'flag_error' ? ep.lastFlag : null);
    if (type === 'flag_error' && typeof a.confidence === 'number') reward = applyConfidence(reward, a.confidence);
    reward -= REWARD.costPerStep * ep.attempts;
    dense += reward;
    stepRewards.push(pyRound(reward, 3));
    const score = buildBreakdown(ep.counters()).benchmark_score;
    stepScoreSoFar.push(Math.min(SCORE_CEILING, Math.max(SCORE_FLOOR, score)));
    if (ep.reportSubmitted || ep.attempts >= task.maxSteps) doneAtStep = ep.attempts;
  });

  const finalState = ep.counters();
  return {
    stepRewards,
    stepScoreSoFar,
    done: doneAtStep !== null,
    doneAtStep,
    finalState,
    breakdown: buildBreakdown(finalState),
    denseRewardTotal: pyRound(dense, 3),
    flagOutcomes,
    missedErrors: input.ground_truth.errors.filter((e) => !ep.hitErrors.has(e)),
    biasMissed: input.ground_truth.bias_actionable && !ep.flagged.has(BIAS_FLAG),
    issues,
  };
}
