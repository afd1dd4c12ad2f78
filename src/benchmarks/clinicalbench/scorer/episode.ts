import type { TaskId } from './tasks';

/** One upstream `AuditAction`; null and absent fields mean the same. */
export interface AuditAction {
  /** Upstream's pydantic default is `flag_error` when the field is absent. */
  action_type?: string | null;
  patient_id?: string | null;
  error_type?: string | null;
  reason?: string | null;
  proposed_value?: string | null;
  variable?: string | null;
  report?: string | null;
  confidence?: number | null;
}

export interface GroundTruthError {
  patient_id: string;
  error_type: string;
}

/**
 * What replay needs to know about the episode's dataset. It comes from our port of the upstream
 * generator, never from the submitter (a submission's copy is only compared).
 */
export interface EpisodeGroundTruth {
  errors: readonly GroundTruthError[];
  /** Age + temporal + window errors, plus 1 when bias is present (even if not actionable). */
  total_errors: number;
  /** Bias present AND the control-arm signal above the protocol thresholds. */
  bias_actionable: boolean;
  bias_present?: boolean;
  /** Patients are `P0001`…; used only to report flags for patients that do not exist. */
  n_patients?: number;
  /** Exact id list when known; wins over `n_patients`. */
  patient_ids?: readonly string[];
}

export interface ReplayInput {
  task_id: TaskId;
  actions: readonly AuditAction[];
  ground_truth: EpisodeGroundTruth;
}

/** A problem replay noticed, located by JSON path inside the episode (`$.actions[3].confidence`). */
export interface ReplayIssue {
  pointer: string;
  severity: 'error' | 'warning';
  message: string;
  /** 1-based step number of the action concerned. */
  step?: number;
}
