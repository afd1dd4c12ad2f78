/** ClinicalBench task definitions and reward constants as upstream HEAD 639207b has them. */

export const TASK_IDS = ['task_easy', 'task_medium', 'task_hard'] as const;
export type TaskId = (typeof TASK_IDS)[number];

export const ERROR_TYPES = ['invalid_age', 'temporal_inconsistency', 'protocol_window_violation', 'selection_bias'] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export interface TaskSpec {
  id: TaskId;
  /** Board column label. */
  label: 'Easy' | 'Medium' | 'Hard';
  /** Field of a seed row (and board summary) holding this task's score. */
  rowKey: 'easy' | 'medium' | 'hard';
  allowBias: boolean;
  allowedErrorTypes: readonly string[];
  requiredInvestigations: readonly string[];
  requiredDistributions: readonly string[];
  /** The episode ends when attempts reach this. */
  maxSteps: number;
}

export const TASKS: Readonly<Record<TaskId, TaskSpec>> = {
  task_easy: {
    id: 'task_easy',
    label: 'Easy',
    rowKey: 'easy',
    allowBias: false,
    allowedErrorTypes: ['invalid_age'],
    requiredInvestigations: ['age'],
    requiredDistributions: [],
    maxSteps: 25,
  },
  task_medium: {
    id: 'task_medium',
    label: 'Medium',
    rowKey: 'medium',
    allowBias: false,
    allowedErrorTypes: ['invalid_age', 'temporal_inconsistency', 'protocol_window_violation'],
    requiredInvestigations: ['age', 'death_date', 'enrollment_date', 'stage'],
    requiredDistributions: [],
    maxSteps: 50,
  },
  task_hard: {
    id: 'task_hard',
    label: 'Hard',
    rowKey: 'hard',
    allowBias: true,
    allowedErrorTypes: ['invalid_age', 'temporal_inconsistency', 'protocol_window_violation', 'selection_bias'],
    requiredInvestigations: ['age', 'death_date', 'enrollment_date', 'stage', 'comorbidity_index'],
    requiredDistributions: ['ethnicity', 'gender', 'outcome'],
    maxSteps: 75,
  },
};

export function isTaskId(v: unknown): v is TaskId {
  return typeof v === 'string' && (TASK_IDS as readonly string[]).includes(v);
}

/** Dense-reward constants (upstream REWARD_CONFIG). */
export const REWARD = {
  correctFlag: 0.16,
  falsePositive: -0.3,
  duplicateFlag: -0.08,
  investigateNew: 0.04,
  investigateRedundant: -0.02,
  distributionNew: 0.04,
  distributionRedundant: -0.02,
  invalidPhase: -0.06,
  unknownAction: -0.05,
  costPerStep: 0.004,
  bonusProtocolWindow: 0.04,
  biasDetected: 0.2,
  proposeFixValid: 0.02,
  proposeFixInvalid: -0.04,
  reportBonusBase: 0.03,
  reportPerKeywordGroup: 0.015,
  overconfidenceMultiplier: 1.8,
} as const;

export const SCORE_WEIGHTS = { recall: 0.7, precision: 0.15, workflow: 0.05, efficiency: 0.05, report: 0.05 } as const;

/** Columns `investigate_pattern` accepts; anything else is rejected as unknown. */
export const INVESTIGABLE_VARIABLES: ReadonlySet<string> = new Set([
  'age', 'gender', 'ethnicity', 'treatment_start', 'death_date', 'outcome', 'treatment_site', 'group',
  'stage', 'trial_phase', 'drug', 'country', 'enrollment_date', 'comorbidity_index',
  'ecog_performance_status', 'prior_chemo_cycles', 'baseline_ldh', 'bmi', 'insurance_type',
  'smoking_status', 'blood_pressure_sys', 'blood_pressure_dia', 'primary_tumor_site', 'histology_type',
  'concomitant_medications',
]);

/** Investigating these earns less (upstream: `max(-0.01, reward - 0.02)`). */
export const NOISE_COLUMNS: ReadonlySet<string> = new Set([
  'bmi', 'insurance_type', 'smoking_status', 'blood_pressure_sys', 'blood_pressure_dia',
  'primary_tumor_site', 'histology_type', 'concomitant_medications', 'baseline_ldh',
]);

/** Investigations that carry half the protocol-window bonus. */
export const WINDOW_VARIABLES: ReadonlySet<string> = new Set(['enrollment_date', 'stage']);

export const ACTION_TYPES = ['investigate_pattern', 'compute_distribution', 'flag_error', 'propose_fix', 'submit_report'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export function isActionType(v: unknown): v is ActionType {
  return typeof v === 'string' && (ACTION_TYPES as readonly string[]).includes(v);
}
