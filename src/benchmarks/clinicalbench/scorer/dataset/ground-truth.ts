import type { PyInt } from '../pyrandom';
import { biasSignal } from './bias-signal';
import { generateDataset } from './generate';
import { toRecord } from './records';
import type { GroundTruthError } from './types';

/** An episode's `input.ground_truth` (episodes.json), rebuilt from (seed, task) alone. */
export interface EpisodeGroundTruth {
  /** Sorted by patient id, as the episodes carry them. */
  errors: GroundTruthError[];
  bias_present: boolean;
  /** Bias present and the control-arm signal above the protocol thresholds. */
  bias_actionable: boolean;
  /** Patient errors plus 1 when bias is present (even when not actionable). */
  total_errors: number;
  n_patients: number;
  /** First and last patient id in the order the env shows the dataset. */
  patient_ids_range: [string, string];
}

/**
 * Regenerate the ground truth an episode is graded against. Throws a RangeError/TypeError with a
 * readable message when (seed, task) cannot be regenerated (unknown task, non-integer seed).
 */
export function regenerateGroundTruth(seed: PyInt, taskId: string): EpisodeGroundTruth {
  const generated = generateDataset(seed, taskId);
  const dataset = generated.patients.map(toRecord);
  const signal = biasSignal(dataset, generated.protocol);
  const errors = generated.groundTruth
    .slice()
    .sort((a, b) => (a.patient_id < b.patient_id ? -1 : a.patient_id > b.patient_id ? 1 : a.error_type < b.error_type ? -1 : 1));
  return {
    errors,
    bias_present: generated.protocol.bias_present,
    bias_actionable: generated.protocol.bias_present && signal.signal_present,
    total_errors: generated.stats.total_errors,
    n_patients: dataset.length,
    patient_ids_range: [dataset[0]?.patient_id ?? '', dataset.at(-1)?.patient_id ?? ''],
  };
}
