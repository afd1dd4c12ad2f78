/**
 * A worker thread's task: read and score one samples file, send it back in columns
 * (`score-worker-thread.ts` runs it in the thread).
 *
 * The worker loads no zod (≈ 50 ms of its start-up, and its JIT's warm-up): records the fast type
 * check accepts need none, and a file with one it rejects is handed back undone (`deferred`), so
 * the main thread reads it with the schema, whose issues are the located messages. Same code, same
 * file: the output is the one-thread output.
 */
import { encodeScoredFile, scoreFile, type EncodedFile, type ScoreFileOptions } from './score-file';
import { readRecords, type RecordValidator } from './read-records';

export type ScoreFileTask = Omit<ScoreFileOptions, 'read'>;

/** What a task sends back: the file in columns, or that the main thread must read it. */
export type ScoreFileResult = EncodedFile | { deferred: true; file: string };

class NeedsSchema extends Error {}

const defer: RecordValidator = () => {
  throw new NeedsSchema();
};

export default function scoreFileTask(task: ScoreFileTask): ScoreFileResult {
  try {
    return encodeScoredFile(scoreFile({ ...task, read: (file, display, taskType, opts) => readRecords(file, display, taskType, opts ?? {}, defer) }), task.taskType);
  } catch (err) {
    if (err instanceof NeedsSchema) return { deferred: true, file: task.file };
    throw err;
  }
}
