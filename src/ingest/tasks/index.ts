import { join } from 'node:path';
import { listTaskDirs, readTaskFolder } from './read';
import { taskReviewView, type TaskReviewView } from '../../board/tasks-view';

export { parseTaskRecord, readTaskFolder, listTaskDirs } from './read';
export { taskReviewView, type TaskReviewView } from '../../board/tasks-view';

/** Every bundled task record (`results/tasks/<id>/task.json`) as a review-page view. */
export function loadTaskReviews(resultsRoot = join(process.cwd(), 'results')): TaskReviewView[] {
  return listTaskDirs(resultsRoot)
    .map((d) => taskReviewView(readTaskFolder(d, resultsRoot)))
    .filter((v): v is TaskReviewView => v !== undefined);
}
