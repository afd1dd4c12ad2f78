import { join } from 'node:path';
import { listSubmissionDirs, readSubmissionFolder } from '../ingest/submission/read';
import { scoreMedvisionTree, type ModelResult } from '../ingest/medvision/score-tree';
import type { Finding } from '../ingest/findings';
import type { Submission } from '../ingest/submission/schema';
import { metric } from '../metrics/registry';
import type { MetricDef } from '../metrics/types';
import type { TaskType } from '../scorers/medvision/sample';

export interface MedvisionEntry {
  id: string;
  submission?: Submission;
  results: ModelResult[];
  findings: Finding[];
}

export interface BoardColumn {
  def: MetricDef;
  /** Label shown in the header when it differs from the registry label (e.g. "T/L IoU"). */
  label: string;
  value: (r: ModelResult) => number | null;
}

export interface BoardSpec {
  slug: string;
  family: TaskType;
  sampleClass: 'full' | 'pilot';
  title: string;
  columns: BoardColumn[];
}

export interface BoardRow {
  rank: number;
  submissionId: string;
  model: string;
  org: string;
  weights: 'open' | 'closed';
  releaseDate?: string;
  nSamples: number;
  values: (number | null)[];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const ms = (r: ModelResult) => r.model_summary as unknown as Record<string, unknown>;
const lb = (r: ModelResult, group: 'anatomy' | 'T/L', key: string) =>
  num((ms(r).leaderboard_row as Record<string, Record<string, unknown>>)[group]?.[key]);

const measurementColumns = (): BoardColumn[] => [
  { def: metric('mv-mre'), label: 'MRE', value: (r) => num(ms(r).weighted_avg_mre) },
  { def: metric('mv-mae'), label: 'MAE', value: (r) => num(ms(r).weighted_avg_mae) },
  { def: metric('mv-nmae'), label: 'nMAE', value: (r) => num(ms(r).weighted_avg_nmae) },
  { def: metric('mv-success-rate'), label: 'SR', value: (r) => num(ms(r).weighted_avg_sr) },
  { def: metric('mv-mre-lt'), label: 'MRE<0.1', value: (r) => num(ms(r)['weighted_mre<0.1']) },
];

const detectionColumns = (): BoardColumn[] => [
  { def: metric('mv-iou'), label: 'IoU (T/L)', value: (r) => lb(r, 'T/L', 'IoU') },
  { def: metric('mv-iou'), label: 'IoU (anatomy)', value: (r) => lb(r, 'anatomy', 'IoU') },
  { def: metric('mv-f1'), label: 'F1 (T/L)', value: (r) => lb(r, 'T/L', 'F1') },
  { def: metric('mv-acc-iou'), label: 'Acc@IoU (T/L)', value: (r) => lb(r, 'T/L', 'AccIoU_mean') },
  { def: metric('mv-success-rate'), label: 'SR (T/L)', value: (r) => lb(r, 'T/L', 'SuccessRate') },
];

const FAMILY_TITLE: Record<TaskType, string> = { TL: 'Tumour/lesion size', AD: 'Angle/distance', Detection: 'Detection' };
const CLASS_TITLE = { full: 'open-weight runs (≤ 1000 samples per subtask)', pilot: 'pilot runs (≤ 100 samples per subtask)' };

export function boardSpecs(): BoardSpec[] {
  const out: BoardSpec[] = [];
  for (const family of ['TL', 'AD', 'Detection'] as const) {
    for (const sampleClass of ['full', 'pilot'] as const) {
      out.push({
        slug: `${family.toLowerCase()}-${sampleClass}`,
        family,
        sampleClass,
        title: `${FAMILY_TITLE[family]} — ${CLASS_TITLE[sampleClass]}`,
        columns: family === 'Detection' ? detectionColumns() : measurementColumns(),
      });
    }
  }
  return out;
}

let cache: MedvisionEntry[] | undefined;

/** Ingest and score every MedVision submission once per build. */
export function loadMedvision(resultsRoot = join(process.cwd(), 'results')): MedvisionEntry[] {
  if (cache) return cache;
  cache = listSubmissionDirs(resultsRoot, 'medvision').map((dir) => {
    const folder = readSubmissionFolder(dir, resultsRoot);
    const scored = scoreMedvisionTree(dir);
    return { id: folder.folderId, submission: folder.submission, results: scored.models, findings: [...folder.findings, ...scored.findings] };
  });
  return cache;
}

/** Rows of one board, ranked by its first column; submissions with errors stay off boards. */
export function boardRows(spec: BoardSpec, entries: MedvisionEntry[]): BoardRow[] {
  const primary = spec.columns[0]!;
  const rows: Omit<BoardRow, 'rank'>[] = [];
  for (const e of entries) {
    if (!e.submission || e.findings.some((f) => f.severity === 'error')) continue;
    if (e.submission.review.status === 'withdrawn' || e.submission.review.status === 'rejected') continue;
    for (const r of e.results) {
      if (r.task_type !== spec.family || r.sample_class !== spec.sampleClass) continue;
      rows.push({
        submissionId: e.id,
        model: e.submission.model.name,
        org: e.submission.model.org,
        weights: e.submission.model.weights,
        releaseDate: e.submission.model.release_date,
        nSamples: r.n_samples,
        values: spec.columns.map((c) => c.value(r)),
      });
    }
  }
  const sign = primary.def.direction === 'lower' ? 1 : -1;
  rows.sort((a, b) => {
    const x = a.values[0], y = b.values[0];
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return sign * (x - y) || a.model.localeCompare(b.model);
  });
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}
