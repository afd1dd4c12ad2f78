/**
 * The columns of ClinicalBench's README table, in order: one per task (its label), the mean over
 * the three, and flag precision. Their upstream names come from the task definitions and the
 * metric definitions; every table, check, claim key and comparison reads them from here.
 */
import { TASK_IDS, TASKS, type TaskId } from './scorer/tasks';
import type { BoardSummary } from './scorer/aggregate';
import type { MetricDef } from '../../core/metric';
import { metric } from './metrics';

export interface ReadmeColumn {
  /** Upstream column name, also the claim key suffix (`<agent>/<name>`). */
  name: string;
  /** Field of a seed row and of the board summary. */
  rowKey: 'easy' | 'medium' | 'hard' | 'average' | 'flag_precision';
  def: MetricDef;
  task?: TaskId;
}

const nameOf = (def: MetricDef) => def.keys[0]!;

export const TASK_COLUMNS: readonly ReadmeColumn[] = TASK_IDS.map((t) => ({ name: TASKS[t].label, rowKey: TASKS[t].rowKey, def: metric('cb-benchmark-score'), task: t }));
export const AVERAGE_COLUMN: ReadmeColumn = { name: nameOf(metric('cb-average')), rowKey: 'average', def: metric('cb-average') };
export const PRECISION_COLUMN: ReadmeColumn = { name: nameOf(metric('cb-flag-precision')), rowKey: 'flag_precision', def: metric('cb-flag-precision') };
export const README_COLUMNS: readonly ReadmeColumn[] = [...TASK_COLUMNS, AVERAGE_COLUMN, PRECISION_COLUMN];

export type SummaryKey = keyof Pick<BoardSummary, ReadmeColumn['rowKey']>;
