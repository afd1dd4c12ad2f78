import type { TaskType } from './sample';
import table from './label-groups.json';

/**
 * Label groups for TL and Detection (`<region> @ <modality> (<plane>)`). Upstream derives them at
 * summary time from the medvision_ds benchmark plans, which parsed files do not carry, so the
 * facts live in `label-groups.json`, each label with its basis and each task with its evidence
 * (keys of the file's `sources`, which name repository and commit). A label the table does not
 * name is scored per subtask config only and reported, never guessed.
 */

/** How a label's id and name are known (see the file's `about`). */
export type LabelBasis = 'plan' | 'prompt+dataset_summary' | 'dataset_summary' | 'dataset_definition+dataset_summary' | 'elimination';

export interface LabelEvidence {
  source: string;
  file?: string;
  index_file_id?: string;
  task?: string;
  dataset?: string;
  /** label id → the name that source gives it */
  labels?: Record<string, string>;
  note?: string;
}

interface DetectionLabel {
  name?: string;
  /** an id known only by elimination: one of these names, all in the same region */
  name_candidates?: string[];
  /** the detection plan's spelling, where it differs from the segmentation plan's `name` */
  prompt_name?: string;
  region: string | null;
  basis?: LabelBasis;
  /** the group upstream's own summary put this label in */
  observed_region?: string;
}
interface DetectionTask { modality: string; labels: Record<string, DetectionLabel>; n_labels?: number; evidence?: LabelEvidence[] }
interface TlTask { modality: string; target_label: number; name?: string; region: string; evidence?: LabelEvidence[] }

export interface LabelGroupTable {
  modality_abbreviation: Record<string, string>;
  plane_letter: Record<string, string>;
  detection: Record<string, Record<string, DetectionTask | null>>;
  tl: Record<string, Record<string, TlTask | null>>;
}

const TABLE = table as unknown as LabelGroupTable;

const groupName = (t: LabelGroupTable, region: string, modality: string, sliceDim: number): string | undefined => {
  const mod = t.modality_abbreviation[modality];
  const plane = t.plane_letter[String(sliceDim)];
  return mod && plane ? `${region} @ ${mod} (${plane})` : undefined;
};

/**
 * The group a sample counts in, or undefined where the table has no fact for it. TL groups come
 * from the task's target label (upstream ignores `doc.label` there), so a sample whose label is
 * another one is not placed rather than placed under a name it does not have.
 */
export function labelGroupIn(
  t: LabelGroupTable,
  taskType: TaskType,
  dataset: string,
  taskId: number,
  label: number,
  sliceDim: number,
): string | undefined {
  if (taskType === 'TL') {
    const task = t.tl[dataset]?.[String(taskId)];
    if (!task || task.target_label !== label) return undefined;
    return groupName(t, task.region, task.modality, sliceDim);
  }
  if (taskType !== 'Detection') return undefined;
  const task = t.detection[dataset]?.[String(taskId)];
  const region = task?.labels[String(label)]?.region;
  return task && region ? groupName(t, region, task.modality, sliceDim) : undefined;
}

export const labelGroup = (taskType: TaskType, dataset: string, taskId: number, label: number, sliceDim: number): string | undefined =>
  labelGroupIn(TABLE, taskType, dataset, taskId, label, sliceDim);

/** The bundled table (tests, docs). */
export const LABEL_GROUP_TABLE: Readonly<LabelGroupTable> = TABLE;
