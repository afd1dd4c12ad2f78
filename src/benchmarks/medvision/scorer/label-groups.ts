import type { TaskType } from './sample';
import table from './label-groups.json';

/**
 * Label groups for TL and Detection (`<region> @ <modality> (<plane>)`). Upstream derives them at
 * summary time from the medvision_ds benchmark plans, which parsed files do not carry, so the
 * facts live in `label-groups.json` (with the upstream commits they were read from). A label the
 * table does not name is scored per subtask config only and reported, never guessed.
 */

interface DetectionLabel { name?: string; region: string | null; region_source?: 'observed' }
interface DetectionTask { modality: string; labels: Record<string, DetectionLabel>; labels_complete?: false }
interface TlTask { modality: string; target_label: number; name?: string; region: string }

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
