import { type BiasSignal, biasSignal } from './bias-signal';
import { pythonCanonicalJson } from './canonical-json';
import { FLOAT_FIELDS, toRecord } from './records';
import { sha256Hex } from './sha';
import type { GeneratedDataset, GeneratorStats, GroundTruthError, PatientRecord, Protocol, RngAudit } from './types';

/** What the env holds after `reset(seed, task_id)`, in the conformance vectors' shape. */
export interface EnvironmentView {
  protocol: Protocol;
  dataset: PatientRecord[];
  dataset_sha256: string;
  n_patients: number;
  ground_truth: GroundTruthError[];
  total_errors: number;
  bias_present: boolean;
  bias_signal: BiasSignal;
  bias_actionable: boolean;
  traps: string[];
  stats: GeneratorStats;
  rng: RngAudit;
}

/** SHA-256 of Python's `json.dumps(dataset, sort_keys=True, separators=(",", ":"), ensure_ascii=True)`. */
export function datasetSha256(dataset: readonly PatientRecord[]): string {
  return sha256Hex(pythonCanonicalJson(dataset, FLOAT_FIELDS));
}

export function environmentView(generated: GeneratedDataset): EnvironmentView {
  const dataset = generated.patients.map(toRecord);
  const signal = biasSignal(dataset, generated.protocol);
  return {
    protocol: generated.protocol,
    dataset,
    dataset_sha256: datasetSha256(dataset),
    n_patients: dataset.length,
    ground_truth: generated.groundTruth,
    total_errors: generated.stats.total_errors,
    bias_present: generated.protocol.bias_present,
    bias_signal: signal,
    bias_actionable: generated.protocol.bias_present && signal.signal_present,
    traps: [...generated.traps].sort(),
    stats: generated.stats,
    rng: generated.rngAudit,
  };
}
