/**
 * A worker thread's task (tinypool): read and score one samples file, send it back in columns.
 * Compiled beside the command-line tools as `dist-cli/medvision-score-worker.mjs`.
 */
import { encodeScoredFile, scoreFile, type EncodedFile, type ScoreFileOptions } from './score-file';

export type ScoreFileTask = Omit<ScoreFileOptions, 'read'>;

export default function scoreFileTask(task: ScoreFileTask): EncodedFile {
  return encodeScoredFile(scoreFile(task), task.taskType);
}
