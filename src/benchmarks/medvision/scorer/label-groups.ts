import type { TaskType } from './sample';

/**
 * Label groups for TL and Detection (`<renamed label> @ <modality> (<plane>)`). Upstream derives
 * them from the medvision_ds benchmark plans, which parsed files do not carry, so we keep the
 * mapping as data: (task family, dataset, task id, label, slice_dim) → group. Read off upstream
 * summaries for the datasets listed; anything else is scored per subtask config only and
 * reported, never guessed.
 */
type Row = [TaskType, string, number, number, 0 | 1 | 2, string];

const ROWS: Row[] = [
  ['TL', 'BraTS24', 4, 4, 2, "brain resection cavity @ MR (A)"],
  ['TL', 'BraTS24', 5, 1, 2, "brain tumor @ MR (A)"],
  ['TL', 'BraTS24', 10, 2, 2, "non-enhancing brain tumor @ MR (A)"],
  ['TL', 'HNTSMRG24', 2, 2, 2, "metastatic lymph node @ MR (A)"],
  ['TL', 'KiPA22', 1, 4, 2, "miscellaneous tumor/lesion @ CT (A)"],
  ['TL', 'KiTS23', 1, 2, 2, "kidney tumor @ CT (A)"],
  ['TL', 'MSD', 3, 3, 2, "enhancing brain tumor @ MR (A)"],
  ['TL', 'MSD', 5, 2, 2, "liver tumor @ CT (A)"],
  ['TL', 'MSD', 6, 2, 2, "liver tumor @ CT (A)"],
  ['Detection', 'AMOS22', 1, 1, 2, "Spleen @ CT (A)"],
  ['Detection', 'AMOS22', 1, 10, 2, "Pancreas @ CT (A)"],
  ['Detection', 'AMOS22', 1, 13, 2, "Intestine @ CT (A)"],
  ['Detection', 'AMOS22', 1, 14, 2, "Urinary System @ CT (A)"],
  ['Detection', 'AMOS22', 1, 15, 2, "Others @ CT (A)"],
  ['Detection', 'AMOS22', 1, 2, 2, "Kidney @ CT (A)"],
  ['Detection', 'AMOS22', 1, 3, 2, "Kidney @ CT (A)"],
  ['Detection', 'AMOS22', 1, 6, 2, "Liver @ CT (A)"],
  ['Detection', 'AMOS22', 1, 8, 2, "Artery @ CT (A)"],
  ['Detection', 'AMOS22', 1, 9, 2, "Vein @ CT (A)"],
  ['Detection', 'CrossMoDA', 1, 1, 2, "Head-Neck Tumor/Lesion @ MR (A)"],
  ['Detection', 'CrossMoDA', 1, 2, 2, "Head-Neck @ MR (A)"],
  ['Detection', 'FeTA24', 1, 1, 2, "Brain @ MR (A)"],
  ['Detection', 'FeTA24', 1, 2, 2, "Brain @ MR (A)"],
  ['Detection', 'FeTA24', 1, 5, 2, "Brain @ MR (A)"],
  ['Detection', 'FeTA24', 1, 6, 2, "Brain @ MR (A)"],
  ['Detection', 'FeTA24', 1, 7, 2, "Brain @ MR (A)"],
  ['Detection', 'ISLES24', 1, 1, 2, "Brain Tumor/Lesion @ MR (A)"],
];

const key = (t: TaskType, dataset: string, taskId: number, label: number, sliceDim: number) =>
  `${t}|${dataset}|${taskId}|${label}|${sliceDim}`;

const GROUPS = new Map(ROWS.map(([t, d, id, l, s, g]) => [key(t, d, id, l, s), g]));

export function labelGroup(
  taskType: TaskType,
  dataset: string,
  taskId: number,
  label: number,
  sliceDim: number,
): string | undefined {
  return GROUPS.get(key(taskType, dataset, taskId, label, sliceDim));
}

/** Every known (dataset, task id, label, plane) → group row, for docs and the demo generator. */
export const LABEL_GROUP_ROWS: readonly Readonly<Row>[] = ROWS;
