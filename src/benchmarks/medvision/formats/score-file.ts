/**
 * The per-file half of MedVision scoring: read one `<ts>_samples_<config>.jsonl`, score every
 * sample, aggregate the file's subtask config and name each sample's model-summary label group.
 * Nothing here depends on another file, so files are scored independently (in worker threads by
 * `score-parallel.ts`); the model folder's summary (`score-tree.ts`) then groups the samples of all
 * its files in upstream's order. A worker sends a file back in columns (`encodeScoredFile`): one
 * Float64Array of metrics and group indices instead of 1000 objects, which would cost more to
 * clone than to score.
 */
import type { Finding } from '../../../core/findings';
import { datasetFromFile } from './discover';
import type { MedvisionSample, ParsedFile, ReadOptions } from './read-records';
import { aggregateScored, scoreSample, type GroupMetrics, type ScoredSample } from '../scorer/aggregate';
import { labelGroup } from '../scorer/label-groups';
import type { TaskType, ValueKind } from '../scorer/sample';

export type FileReader = (file: string, display: string, taskType: TaskType, opts?: ReadOptions) => ParsedFile;

/** A file's samples with their metrics, scored once, and their label groups (parallel arrays). */
export interface ScoredFile {
  file: string;
  /** The kept samples (absent when the file was scored in a worker: only aggregates came back). */
  samples?: MedvisionSample[];
  nSamples: number;
  /** Records parsed by an LLM judge. */
  nJudge: number;
  scored: ScoredSample[];
  /** Reader findings and scoring errors, in line order. */
  findings: Finding[];
  metrics: GroupMetrics | null;
  /** Each sample's model-summary label group, by this file alone (AD: only if the file is summarised). */
  groupName: (string | undefined)[];
  /**
   * What grouping says about this file, emitted where the model summary is grouped: unknown labels
   * (TL, Detection) or samples without a metric key (AD, only when the file is summarised).
   */
  groupFindings: Finding[];
  /** The group each sample was counted in by the model summary (filled by the grouping). */
  group: (string | undefined)[];
}

const scoreOne = (taskType: TaskType, s: MedvisionSample): ScoredSample =>
  scoreSample(taskType, { filteredResp: s.prediction, target: s.target, targetValues: s.targetValues, geometry: s.geometry, metricType: s.metricType });

/**
 * Score each sample; an exception (a reader bug, a shape nothing validated) is a located error
 * and the sample is left out, never a silently scored failure.
 */
function scoreAll(taskType: TaskType, samples: MedvisionSample[], display: string, findings: Finding[]): { samples: MedvisionSample[]; scored: ScoredSample[] } {
  const kept: MedvisionSample[] = [];
  const scored: ScoredSample[] = [];
  for (const s of samples) {
    try {
      scored.push(scoreOne(taskType, s));
      kept.push(s);
    } catch (err) {
      findings.push({ path: display, line: s.line, pointer: '$', severity: 'error', message: `scoring this record failed (${(err as Error)?.name ?? 'Error'}: ${(err as Error)?.message ?? String(err)}); sample not scored` });
    }
  }
  return { samples: kept, scored };
}

/** Each sample's label group and the findings grouping makes about the file. */
function nameGroups(taskType: TaskType, file: string, display: string, samples: MedvisionSample[]): { groupName: (string | undefined)[]; groupFindings: Finding[] } {
  const groupName: (string | undefined)[] = [];
  const groupFindings: Finding[] = [];
  if (taskType === 'AD') {
    const dataset = datasetFromFile(file);
    for (const s of samples) {
      if (!s.metricKey) {
        groupFindings.push({ path: display, line: s.line, pointer: '$.doc.biometric_profile.metric_key', severity: 'error', message: 'missing: the AD label needs it; sample left out of the model summary' });
        groupName.push(undefined);
      } else groupName.push(`${dataset}_${s.metricType ?? ''}_${s.metricKey}`);
    }
    return { groupName, groupFindings };
  }
  const dataset = datasetFromFile(file) ?? samples[0]?.dataset ?? '';
  const unknown = new Map<string, number>();
  for (const s of samples) {
    const group = s.label === undefined ? undefined : labelGroup(taskType, dataset, s.taskId, s.label, s.sliceDim);
    groupName.push(group);
    if (!group) {
      const key = `dataset ${dataset}, task ${s.taskId}, label ${s.label ?? '(none)'}, slice_dim ${s.sliceDim}`;
      unknown.set(key, (unknown.get(key) ?? 0) + 1);
    }
  }
  for (const [key, n] of unknown) {
    groupFindings.push({ path: display, pointer: '$.doc.label', severity: 'warning', message: `${key} is not in our label-group table (scorer/label-groups.json): ${n} sample(s) scored in their subtask config only, left out of the model summary` });
  }
  return { groupName, groupFindings };
}

export interface ScoreFileOptions {
  file: string;
  /** The path shown in findings. */
  display: string;
  taskType: TaskType;
  trustSubmittedParse?: boolean;
  /** Keep each sample's display facts for the explorer (`ReadOptions.displayFacts`). */
  displayFacts?: boolean;
  /** The parsed-file reader: `readParsedFile`, or a worker's reader without zod (./score-worker.ts). */
  read: FileReader;
}

/** Read and score one samples file. */
export function scoreFile({ file, display, taskType, trustSubmittedParse = false, displayFacts = false, read }: ScoreFileOptions): ScoredFile {
  const parsed = read(file, display, taskType, { trustSubmittedParse, displayFacts });
  const findings = [...parsed.findings];
  const { samples, scored } = scoreAll(taskType, parsed.samples, display, findings);
  let nJudge = 0;
  for (const s of samples) if (s.judgeParsed) nJudge++;
  return { file, samples, nSamples: samples.length, nJudge, scored, findings, metrics: aggregateScored(taskType, scored), ...nameGroups(taskType, file, display, samples), group: [] };
}

/** A scored file as a worker sends it: metrics in one Float64Array, label groups as indices. */
export interface EncodedFile {
  file: string;
  nSamples: number;
  nJudge: number;
  findings: Finding[];
  groupFindings: Finding[];
  metrics: GroupMetrics | null;
  /** 'measurement': MAE, MRE, NMAE, success, excluded per sample; 'detection': MAE, IoU, F1, Precision, Recall, success, Precision kind. */
  kind: 'measurement' | 'detection';
  values: Float64Array;
  groupNames: string[];
  /** Index into `groupNames`, −1 for none. */
  groupIndex: Int32Array;
}

const KINDS: ValueKind[] = ['f32', 'f64', 'py'];
const WIDTH = { measurement: 5, detection: 7 } as const;

export function encodeScoredFile(f: ScoredFile, taskType: TaskType): EncodedFile {
  const kind = taskType === 'Detection' ? 'detection' : 'measurement';
  const w = WIDTH[kind];
  const values = new Float64Array(f.scored.length * w);
  f.scored.forEach((s, i) => {
    const o = i * w;
    if (s.kind === 'detection') {
      const m = s.m;
      values.set([m.MAE, m.IoU, m.F1, m.Precision, m.Recall, m.success ? 1 : 0, KINDS.indexOf(m.precisionKind)], o);
    } else values.set([s.m.MAE, s.m.MRE, s.m.NMAE, s.m.success ? 1 : 0, s.excluded ? 1 : 0], o);
  });
  const groupNames: string[] = [];
  const at = new Map<string, number>();
  const groupIndex = Int32Array.from(f.groupName, (g) => {
    if (g === undefined) return -1;
    let k = at.get(g);
    if (k === undefined) at.set(g, (k = groupNames.push(g) - 1));
    return k;
  });
  return { file: f.file, nSamples: f.nSamples, nJudge: f.nJudge, findings: f.findings, groupFindings: f.groupFindings, metrics: f.metrics, kind, values, groupNames, groupIndex };
}

export function decodeScoredFile(e: EncodedFile): ScoredFile {
  const w = WIDTH[e.kind];
  const v = e.values;
  const scored: ScoredSample[] = [];
  for (let o = 0; o < v.length; o += w) {
    scored.push(
      e.kind === 'detection'
        ? { kind: 'detection', m: { MAE: v[o]!, IoU: v[o + 1]!, F1: v[o + 2]!, Precision: v[o + 3]!, Recall: v[o + 4]!, success: v[o + 5] === 1, precisionKind: KINDS[v[o + 6]!]! }, excluded: false }
        : { kind: 'measurement', m: { MAE: v[o]!, MRE: v[o + 1]!, NMAE: v[o + 2]!, success: v[o + 3] === 1 }, excluded: v[o + 4] === 1 },
    );
  }
  const groupName = Array.from(e.groupIndex, (k) => (k < 0 ? undefined : e.groupNames[k]));
  return { file: e.file, nSamples: e.nSamples, nJudge: e.nJudge, scored, findings: e.findings, metrics: e.metrics, groupName, groupFindings: e.groupFindings, group: [] };
}
