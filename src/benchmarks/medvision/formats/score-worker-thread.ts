/**
 * A scoring worker thread (compiled beside the command-line tools as
 * `dist-cli/medvision-score-worker.mjs`). It is handed every task and a shared counter when it is
 * started, and takes the next file from the counter itself, as this thread does: no round trip
 * through the starting thread's event loop (busy scoring a file of its own) before it starts or
 * between two files. Each scored file is posted back at once, its columns transferred, not copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import scoreFileTask, { type ScoreFileTask } from './score-worker';

/** What a scoring thread is started with: the tasks in dispatch order, and the index of the next one not yet taken. */
export interface ScoringThreadData {
  tasks: ScoreFileTask[];
  next: Int32Array;
}

/** Posted per file, then `{ done: true }` once the counter has run past the last task. */
export type ScoringThreadMessage = { index: number; result: ReturnType<typeof scoreFileTask> } | { done: true };

const { tasks, next } = workerData as ScoringThreadData;
for (let i = Atomics.add(next, 0, 1); i < tasks.length; i = Atomics.add(next, 0, 1)) {
  const result = scoreFileTask(tasks[i]!);
  // The columns are made with `new` (encodeScoredFile), so their buffers are ArrayBuffers, never shared.
  parentPort!.postMessage({ index: i, result } satisfies ScoringThreadMessage, 'values' in result ? [result.values.buffer as ArrayBuffer, result.groupIndex.buffer as ArrayBuffer] : []);
}
parentPort!.postMessage({ done: true } satisfies ScoringThreadMessage);
