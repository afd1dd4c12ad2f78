import { type PyInt, PyRandom } from '../pyrandom';
import { DIFFICULTY_CONFIGS, TASK_DIFFICULTY } from './constants';
import { checkpoint, type GenerationContext } from './context';
import { injectConfounderCohort, injectSelectionBias } from './inject-bias';
import { injectAgeErrors, injectComorbidityOverrideErrors, injectProtocolWindowErrors, injectTemporalErrors } from './inject-errors';
import { injectBoundaryTraps, injectDistractorDeceased, injectFakeBiasDistractors, injectTemporalTraps, injectWindowTraps } from './inject-traps';
import { applyMortality, generateBasePatient } from './patients';
import { buildProtocol } from './protocol';
import type { GeneratedDataset, GeneratorStats, GroundTruthError, Patient } from './types';

const patientId = (n: number): string => `P${String(n).padStart(4, '0')}`;

/** Seeds the upstream env accepts reproducibly: any Python int (None would mean OS entropy). */
function checkedSeed(seed: PyInt): PyInt {
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) {
    throw new TypeError(`ClinicalBench seed must be an integer, got ${seed}`);
  }
  return seed;
}

/**
 * Upstream `ClinicalTrialAuditorEnvironment.reset(seed, task_id)` → `DatasetGenerator(seed).generate()`:
 * one `random.Random(seed)` stream, protocol first, then patients, injections and a final shuffle.
 * Unknown task ids are rejected (the env would silently fall back to task_easy).
 */
export function generateDataset(seed: PyInt, taskId: string): GeneratedDataset {
  const difficulty = Object.hasOwn(TASK_DIFFICULTY, taskId) ? TASK_DIFFICULTY[taskId] : undefined;
  if (difficulty === undefined) {
    throw new RangeError(`unknown ClinicalBench task ${JSON.stringify(taskId)} (expected ${Object.keys(TASK_DIFFICULTY).join(', ')})`);
  }
  const config = DIFFICULTY_CONFIGS[difficulty];
  const rng = new PyRandom(checkedSeed(seed));
  const ctx: GenerationContext = {
    rng,
    protocol: buildProtocol(rng, difficulty, config),
    groundTruth: new Map(),
    traps: new Set(),
    checkpoints: [],
  };
  checkpoint(ctx, 'build_protocol');

  const total = config.datasetSize;
  const controlCount = Math.trunc(total * config.controlRatio);
  const patients: Patient[] = [];
  for (let n = 1; n <= total; n++) {
    const patient = generateBasePatient(ctx, patientId(n), n <= controlCount ? 'control' : 'treatment');
    if (n <= 2) checkpoint(ctx, `patient ${patientId(n)} (base fields)`);
    if (n === controlCount) {
      checkpoint(ctx, `control patients ${patientId(1)}-${patientId(n)} (base fields, mortality not yet applied to the last)`);
    }
    if (n === total) checkpoint(ctx, `all ${total} base patients (mortality not yet applied to the last)`);
    applyMortality(ctx, patient);
    patients.push(patient);
  }

  injectAgeErrors(ctx, patients, config);
  checkpoint(ctx, 'inject_age_errors');
  if (config.temporalErrorRate > 0) {
    injectTemporalErrors(ctx, patients, config);
    checkpoint(ctx, 'inject_temporal_errors');
  }
  if (config.protocolWindowErrorRate > 0) {
    injectProtocolWindowErrors(ctx, patients, config);
    checkpoint(ctx, 'inject_protocol_window_errors');
  }
  if (difficulty === 'hard') {
    if (ctx.protocol.bias_present) {
      injectSelectionBias(ctx, patients);
      checkpoint(ctx, 'inject_selection_bias');
    } else {
      injectConfounderCohort(ctx, patients);
      checkpoint(ctx, 'inject_confounder_cohort');
    }
    if (config.comorbidityOverrideCount > 0) {
      injectComorbidityOverrideErrors(ctx, patients, config.comorbidityOverrideCount);
      checkpoint(ctx, 'inject_comorbidity_override_errors');
    }
  }
  injectBoundaryTraps(ctx, patients, config.numBoundaryTraps);
  checkpoint(ctx, 'inject_boundary_traps');
  if (config.numTemporalTraps > 0) {
    injectTemporalTraps(ctx, patients, config.numTemporalTraps);
    checkpoint(ctx, 'inject_temporal_traps');
  }
  if (config.numWindowTraps > 0) {
    injectWindowTraps(ctx, patients, config.numWindowTraps);
    checkpoint(ctx, 'inject_window_traps');
  }
  injectDistractorDeceased(ctx, patients, config.numDistractorDeceased);
  checkpoint(ctx, 'inject_distractor_deceased');
  if (config.numFakeBiasDistractors > 0) {
    injectFakeBiasDistractors(ctx, patients, config.numFakeBiasDistractors);
    checkpoint(ctx, 'inject_fake_bias_distractors');
  }

  rng.shuffle(patients);

  const groundTruth: GroundTruthError[] = [];
  for (const [id, errors] of ctx.groundTruth) for (const error_type of errors) groundTruth.push({ patient_id: id, error_type });
  const withError = (type: GroundTruthError['error_type']): number =>
    [...ctx.groundTruth.values()].filter((errors) => errors.includes(type)).length;
  const biasPresent = ctx.protocol.bias_present;
  const stats: Omit<GeneratorStats, 'total_errors'> = {
    total_patients: patients.length,
    age_errors: withError('invalid_age'),
    temporal_errors: withError('temporal_inconsistency'),
    protocol_window_errors: withError('protocol_window_violation'),
    bias_present: biasPresent,
    bias_mode: biasPresent ? 'true_bias' : difficulty === 'hard' ? 'confounded_no_bias' : 'none',
    num_traps: ctx.traps.size,
    control_count: patients.filter((p) => p.group === 'control').length,
    treatment_count: patients.filter((p) => p.group === 'treatment').length,
    protocol_title: ctx.protocol.protocol_title,
  };
  const totalErrors = stats.age_errors + stats.temporal_errors + stats.protocol_window_errors + (biasPresent ? 1 : 0);

  const wordsConsumed = rng.wordsConsumed;
  const gaussPendingAfter = rng.gaussPending;
  return {
    taskId,
    difficulty,
    protocol: ctx.protocol,
    patients,
    groundTruth,
    traps: ctx.traps,
    stats: { ...stats, total_errors: totalErrors },
    rngAudit: {
      words_consumed: wordsConsumed,
      checkpoints: ctx.checkpoints,
      gauss_pending_after: gaussPendingAfter,
      next_random_after: rng.random(),
    },
  };
}
