/**
 * The data API's per-sample files for MedVision: one per entry (model × harness) and subtask
 * config, every sample as the scorer scored it. The targets are in the public upstream files
 * (and in the submitter's own parsed JSONL), so they are published; the prediction is what we
 * score (the re-extraction from `resps`).
 */
import { listSubmissionDirs, readSubmissionFolder } from '../../../ingest/submission/read';
import { resultsRoot } from '../../../board/paths';
import { entryKeyOf } from '../../../board/submission-meta';
import { slugify } from '../../../core/slug';
import type { Admitted, SampleColumn, SampleFile, SubmissionSamples } from '../../../core/benchmark';
import type { SampleScore } from '../formats/score-tree';
import { scoredTreeOf } from '../scored-once';
import { medvisionRunPieces, type RunSample } from '../explorer';
import type { MedvisionSample } from '../formats/read-parsed-file';
import type { TaskType } from '../scorer/sample';

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

const COMMON: SampleColumn[] = [
  { name: 'sample_id', type: 'string', description: '`<config>#<doc_id>`: the same id across entries' },
  { name: 'doc_id', type: 'int', description: 'upstream doc_id within the config' },
  { name: 'label_group', type: 'string', description: 'label group the model summary counts it in (null: none)' },
  { name: 'target', type: 'string', description: 'ground truth as written in the public dataset files' },
  { name: 'prediction', type: 'string', description: 'the answer scored: the newest upstream extraction from resps' },
];
const MEASUREMENT: SampleColumn[] = [
  ...COMMON,
  { name: 'primary', type: 'double', description: 'the board’s per-sample value: MRE (null: failed answer or excluded)' },
  { name: 'MAE', type: 'double', description: 'mean absolute error (mm, or ° for angles)' },
  { name: 'MRE', type: 'double', description: 'mean relative error' },
  { name: 'NMAE', type: 'double', description: 'MAE normalised by the image size' },
  { name: 'success', type: 'boolean', description: 'a parseable answer of the right shape' },
  { name: 'excluded', type: 'boolean', description: 'left out by upstream’s near-zero ground-truth filter (AD)' },
];
const DETECTION: SampleColumn[] = [
  ...COMMON,
  { name: 'primary', type: 'double', description: 'the board’s per-sample value: IoU' },
  { name: 'IoU', type: 'double', description: 'intersection over union of the boxes' },
  { name: 'F1', type: 'double', description: 'pixel F1 of the boxes' },
  { name: 'Precision', type: 'double', description: 'pixel precision' },
  { name: 'Recall', type: 'double', description: 'pixel recall' },
  { name: 'MAE', type: 'double', description: 'mean absolute error of the box corners' },
  { name: 'success', type: 'boolean', description: 'a parseable box' },
  { name: 'excluded', type: 'boolean', description: 'always false for detection' },
];

type Row = SampleFile['rows'][number];

// The rows are written as one object literal each, in column order (no spread of a shared base):
// at --scale 1 a lane builds millions of them, and a spread costs several times a literal.

function row(config: string, s: MedvisionSample, sc: SampleScore): Row {
  const id = `${config}#${s.docId}`;
  const group = sc.group ?? null;
  if (sc.scored.kind === 'detection') {
    const m = sc.scored.m;
    return { sample_id: id, doc_id: s.docId, label_group: group, target: s.target, prediction: s.prediction, primary: num(m.IoU), IoU: num(m.IoU), F1: num(m.F1), Precision: num(m.Precision), Recall: num(m.Recall), MAE: num(m.MAE), success: m.success, excluded: false };
  }
  const m = sc.scored.m;
  return { sample_id: id, doc_id: s.docId, label_group: group, target: s.target, prediction: s.prediction, primary: sc.scored.excluded ? null : num(m.MRE), MAE: num(m.MAE), MRE: num(m.MRE), NMAE: num(m.NMAE), success: m.success, excluded: sc.scored.excluded };
}

export interface ConfigSamples {
  model: string;
  config: string;
  taskType: TaskType;
  rows: Row[];
}

/** The folder's rows scored from its files (the path the API's rows took before they were read from the explorer pieces). */
export function scoredSampleRows(dir: string): ConfigSamples[] {
  const scored = scoredTreeOf(dir);
  return scored.configs.flatMap((c) => {
    const list = scored.samples?.get(c.path);
    const sc = scored.sampleScores?.get(c.path);
    if (!list || !sc) return [];
    return [{ model: c.model, config: c.config, taskType: c.task_type, rows: list.map((s, i) => row(c.config, s, sc[i]!)) }];
  });
}

/** `row` of a sample read back from its explorer piece (JSON: a non-finite metric is already null). */
function pieceRow(config: string, s: RunSample, detection: boolean): Row {
  const m = s.m as Record<string, number | null>;
  const id = `${config}#${s.docId}`;
  if (detection) return { sample_id: id, doc_id: s.docId, label_group: s.group, target: s.target, prediction: s.prediction, primary: m.IoU!, IoU: m.IoU!, F1: m.F1!, Precision: m.Precision!, Recall: m.Recall!, MAE: m.MAE!, success: s.success, excluded: false };
  return { sample_id: id, doc_id: s.docId, label_group: s.group, target: s.target, prediction: s.prediction, primary: s.excluded ? null : m.MRE!, MAE: m.MAE!, MRE: m.MRE!, NMAE: m.NMAE!, success: s.success, excluded: s.excluded };
}

/**
 * The folder's rows from its explorer pieces (computed by the same scoring pass, cached per folder
 * content), so the data API does not score the folder again; scored anew when a piece cannot give
 * the rows exactly (two runs of one config share a piece name, or a metric is −0).
 */
async function configSamples(dir: string): Promise<ConfigSamples[]> {
  const store = await medvisionRunPieces(dir);
  const configs = store.meta.map((r) => r.config);
  if (new Set(configs).size !== configs.length || store.meta.some((r) => r.signedZero)) return scoredSampleRows(dir);
  return store.meta.map((r) => {
    const samples = JSON.parse(store.read(r.config).toString('utf8')) as RunSample[];
    return { model: r.model, config: r.config, taskType: r.taskType, rows: samples.map((x) => pieceRow(r.config, x, r.taskType === 'Detection')) };
  });
}

const unitId = (config: string) => (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(config) ? config : slugify(config));

/** Every admitted (ranked or under-review) submission's per-sample files, one per subtask config, scored when asked. */
export async function medvisionSampleFiles(admitted: Admitted, root = resultsRoot()): Promise<SubmissionSamples[]> {
  const out: SubmissionSamples[] = [];
  for (const dir of listSubmissionDirs(root, 'medvision')) {
    const folder = readSubmissionFolder(dir, root);
    const sub = folder.submission;
    if (!sub || !(admitted.ranked(folder.folderId) || admitted.underReview(folder.folderId))) continue;
    out.push({ submission: folder.folderId, dir, files: () => filesOf(folder.folderId, entryKeyOf(sub), dir) });
  }
  return out;
}

// Not through the score cache: the data API caches the files it writes from these rows.
async function filesOf(submission: string, entryKey: string, dir: string): Promise<SampleFile[]> {
  const used = new Set<string>();
  return (await configSamples(dir)).map((c) => {
    let unit = unitId(c.config);
    if (used.has(unit)) unit = `${slugify(c.model)}--${unit}`;
    used.add(unit);
    return { submission, entryKey, unit, unitLabel: c.config, unitKind: 'subtask config', columns: c.taskType === 'Detection' ? DETECTION : MEASUREMENT, rows: c.rows };
  });
}
