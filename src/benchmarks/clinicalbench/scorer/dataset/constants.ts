/** Reference pools and per-difficulty settings of upstream `server/dataset_generator.py` (HEAD 639207b). */

export const HOSPITAL_SITES: readonly (readonly [site: string, country: string])[] = [
  ['Metro General Hospital', 'US'],
  ['Cleveland Oncology Institute', 'US'],
  ['Howard University Hospital', 'US'],
  ['Johns Hopkins Oncology Center', 'US'],
  ['MD Anderson Cancer Center', 'US'],
  ['AIIMS Delhi', 'India'],
  ['Tata Memorial Hospital', 'India'],
  ['Charite Berlin', 'Germany'],
  ['Hospital Clinic Barcelona', 'Spain'],
  ['Tokyo Medical University', 'Japan'],
  ['Seoul National University Hospital', 'South Korea'],
  ['Royal Marsden Hospital', 'UK'],
  ['Gustave Roussy Institute', 'France'],
  ['Princess Margaret Cancer Centre', 'Canada'],
  ['Peter MacCallum Cancer Centre', 'Australia'],
];

/** Upstream holds these in a set and sorts them before sampling. */
export const RURAL_SITES_SORTED = ['AIIMS Delhi', 'Howard University Hospital', 'Tata Memorial Hospital'];

export const ETHNICITIES = ['White', 'Black', 'Hispanic', 'Asian', 'Native American', 'Pacific Islander'];
export const GENDERS = ['M', 'F'];
export const STAGES = ['I', 'II', 'III', 'IV'] as const;
export type Stage = (typeof STAGES)[number];
export const STAGE_WEIGHTS = [0.24, 0.28, 0.28, 0.2];
export const DRUGS_TREATMENT = ['ImmunoVax-7', 'OncoShield-X', 'TargetCure-3'];

export const ETHNICITY_WEIGHTS_NEUTRAL = [0.5, 0.16, 0.15, 0.12, 0.04, 0.03];
export const ETHNICITY_WEIGHTS_DIVERSE = [0.28, 0.19, 0.2, 0.18, 0.1, 0.05];

export const INSURANCE_TYPES = ['Private', 'Medicare', 'Medicaid', 'Government', 'Self-Pay', 'Uninsured'];
export const SMOKING_STATUS = ['Never', 'Former', 'Current', 'Unknown'];
export const PRIMARY_SITES = ['Breast', 'Lung', 'Colon', 'Prostate', 'Ovarian', 'Pancreatic', 'Liver'];
export const HISTOLOGY_TYPES = ['Adenocarcinoma', 'Squamous cell', 'Large cell', 'Small cell', 'Ductal', 'Lobular', 'Other'];
export const CONCOMITANT_DRUGS = [
  'Metformin', 'Aspirin', 'Lisinopril', 'Atorvastatin', 'Omeprazole',
  'Levothyroxine', 'Amlodipine', 'Gabapentin', 'Metoprolol', 'Ondansetron',
];
export const COMORBIDITY_POOL = [0, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6];
export const ECOG_POOL = [0, 0, 1, 1, 1, 2, 2, 3, 4];
export const PRIOR_CHEMO_POOL = [0, 0, 0, 0, 1, 2, 3, 4, 6, 8];

export const BASE_STAGE_MORTALITY: Readonly<Record<Stage, number>> = { I: 0.04, II: 0.08, III: 0.16, IV: 0.32 };

export type Difficulty = 'easy' | 'medium' | 'hard';

export const AGE_RULESETS: Readonly<Record<Difficulty, readonly (readonly [number, number])[]>> = {
  easy: [[35, 75], [40, 80], [45, 85]],
  medium: [[18, 75], [21, 80], [30, 85], [40, 90]],
  hard: [[18, 75], [21, 80], [30, 85], [35, 85], [40, 90]],
};

export const WINDOW_RULESETS: Readonly<Record<Difficulty, readonly number[]>> = {
  easy: [21, 24, 28],
  medium: [18, 21, 24, 28],
  hard: [14, 18, 21, 24],
};

export interface DifficultyConfig {
  datasetSize: number;
  ageErrorRate: number;
  missingAgeRate: number;
  temporalErrorRate: number;
  protocolWindowErrorRate: number;
  numBoundaryTraps: number;
  numTemporalTraps: number;
  numWindowTraps: number;
  numDistractorDeceased: number;
  numFakeBiasDistractors: number;
  biasProbability: number;
  controlRatio: number;
  comorbidityOverrideCount: number;
}

export const DIFFICULTY_CONFIGS: Readonly<Record<Difficulty, DifficultyConfig>> = {
  easy: {
    datasetSize: 300, ageErrorRate: 0.02, missingAgeRate: 0.007, temporalErrorRate: 0, protocolWindowErrorRate: 0,
    numBoundaryTraps: 8, numTemporalTraps: 0, numWindowTraps: 0, numDistractorDeceased: 5, numFakeBiasDistractors: 0,
    biasProbability: 0, controlRatio: 0.5, comorbidityOverrideCount: 0,
  },
  medium: {
    datasetSize: 480, ageErrorRate: 0.018, missingAgeRate: 0.007, temporalErrorRate: 0.012, protocolWindowErrorRate: 0.015,
    numBoundaryTraps: 10, numTemporalTraps: 4, numWindowTraps: 5, numDistractorDeceased: 6, numFakeBiasDistractors: 0,
    biasProbability: 0, controlRatio: 0.5, comorbidityOverrideCount: 0,
  },
  hard: {
    datasetSize: 720, ageErrorRate: 0.017, missingAgeRate: 0.006, temporalErrorRate: 0.01, protocolWindowErrorRate: 0.014,
    numBoundaryTraps: 12, numTemporalTraps: 5, numWindowTraps: 7, numDistractorDeceased: 8, numFakeBiasDistractors: 8,
    biasProbability: 0.58, controlRatio: 0.5, comorbidityOverrideCount: 10,
  },
};

/** The env's task ids and the generator difficulty each one runs. */
export const TASK_DIFFICULTY: Readonly<Record<string, Difficulty>> = {
  task_easy: 'easy',
  task_medium: 'medium',
  task_hard: 'hard',
};
