import type { Difficulty, Stage } from './constants';

export interface Protocol {
  protocol_id: string;
  protocol_title: string;
  excerpt: string;
  age_min: number;
  age_max: number;
  treatment_window_days: number;
  stage_iv_treatment_window_days: number;
  comorbidity_override_threshold: number;
  high_risk_sites: string[];
  bias_control_dominance_threshold: number;
  bias_male_threshold: number;
  bias_stage_adjusted_gap: number;
  bias_present: boolean;
}

/** A patient while the generator mutates it: dates as day numbers (see days.ts). */
export interface Patient {
  patientId: string;
  age: number | null;
  gender: string;
  ethnicity: string;
  group: 'control' | 'treatment';
  treatmentStart: number;
  deathDate: number | null;
  outcome: 'survived' | 'deceased';
  treatmentSite: string;
  stage: Stage;
  drug: string;
  enrollmentDate: number;
  country: string;
  comorbidityIndex: number;
  ecogPerformanceStatus: number;
  priorChemoCycles: number;
  baselineLdh: number;
  bmi: number;
  insuranceType: string;
  smokingStatus: string;
  bloodPressureSys: number;
  bloodPressureDia: number;
  primaryTumorSite: string;
  histologyType: string;
  concomitantMedications: string[];
}

/** A patient record as the environment shows it: upstream keys, in upstream order. */
export interface PatientRecord {
  patient_id: string;
  age: number | null;
  gender: string;
  ethnicity: string;
  group: string;
  treatment_start: string;
  death_date: string | null;
  outcome: string;
  treatment_site: string;
  stage: string;
  trial_phase: string;
  drug: string;
  enrollment_date: string;
  country: string;
  comorbidity_index: number;
  ecog_performance_status: number;
  prior_chemo_cycles: number;
  baseline_ldh: number;
  bmi: number;
  insurance_type: string;
  smoking_status: string;
  blood_pressure_sys: number;
  blood_pressure_dia: number;
  primary_tumor_site: string;
  histology_type: string;
  concomitant_medications: string[];
}

export type ErrorType = 'invalid_age' | 'temporal_inconsistency' | 'protocol_window_violation';

export interface GroundTruthError {
  patient_id: string;
  error_type: ErrorType;
}

export interface GeneratorStats {
  total_patients: number;
  age_errors: number;
  temporal_errors: number;
  protocol_window_errors: number;
  bias_present: boolean;
  bias_mode: 'true_bias' | 'confounded_no_bias' | 'none';
  num_traps: number;
  control_count: number;
  treatment_count: number;
  protocol_title: string;
  total_errors: number;
}

export interface RngCheckpoint {
  after: string;
  words: number;
  gauss_pending: boolean;
}

/** MT-stream bookkeeping the conformance vectors pin (debugging aid for the port). */
export interface RngAudit {
  words_consumed: number;
  checkpoints: RngCheckpoint[];
  gauss_pending_after: boolean;
  next_random_after: number;
}

export interface GeneratedDataset {
  taskId: string;
  difficulty: Difficulty;
  protocol: Protocol;
  /** Final shuffled order, as the observation shows it. */
  patients: Patient[];
  /** Injection order. */
  groundTruth: GroundTruthError[];
  traps: Set<string>;
  stats: GeneratorStats;
  rngAudit: RngAudit;
}
