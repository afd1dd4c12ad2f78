/**
 * `scoreMedvisionTree` with the files read and scored on several threads: this one and N − 1
 * worker threads (tinypool), one task per samples file, so the files of one model are scored in
 * parallel too. The result is the sequential one exactly: each file is scored by the same code
 * (a worker's sent back in columns), and the model summaries are grouped here in upstream's order.
 * Used by `score` (no per-sample records kept) with EVALBOARD_SCORE_THREADS=N (N ≥ 2), else the
 * caller's default. This thread scores files too instead of waiting: it is warm, and a worker's
 * start-up and JIT warm-up are the pool's cost (docs/scaling.md has the measurements).
 * Without a compiled worker (tests and the site run from source) it scores in this thread.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { discoverModelFolders, taskTypeOf } from './discover';
import { decodeScoredFile, scoreFile, type EncodedFile, type ScoredFile } from './score-file';
import { readParsedFile } from './read-parsed-file';
import { mergeScores, scoreMedvisionTree, scoreModelFolder, shownPath, type MedvisionScore } from './score-tree';
import type { ScoreFileResult, ScoreFileTask } from './score-worker';

/** The compiled worker beside the compiled tool (`dist-cli/`); absent when running from source. */
const WORKER = new URL('./medvision-score-worker.mjs', import.meta.url);

export interface ParallelScoreOptions {
  trustSubmittedParse?: boolean;
  /** Told as work progresses (model folders in one thread, files with workers): the CLI's progress line. */
  progress?: (done: number, total: number, label: string) => void;
  /** Threads, this one included (1: this thread only); EVALBOARD_SCORE_THREADS overrides it. Default 1. */
  threads?: number;
}

/** Threads asked for: EVALBOARD_SCORE_THREADS, else the option, else one. */
function threadsAsked(opts: ParallelScoreOptions): number {
  const env = Number(process.env.EVALBOARD_SCORE_THREADS);
  return Number.isInteger(env) && env > 0 ? env : (opts.threads ?? 1);
}

/** Let queued messages (a worker's finished file) in between two files scored here. */
const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function scoreMedvisionTreeParallel(root: string, opts: ParallelScoreOptions = {}): Promise<MedvisionScore> {
  const trustSubmittedParse = opts.trustSubmittedParse ?? false;
  const sequential = () => scoreMedvisionTree(root, { trustSubmittedParse, ...(opts.progress ? { progress: opts.progress } : {}) });
  const folders = discoverModelFolders(root);
  const tasksOf: ScoreFileTask[][] = folders.map((f) =>
    f.sampleFiles.flatMap((file) => {
      const taskType = taskTypeOf(file, f.taskTag);
      return taskType ? [{ file, display: shownPath(root, file), taskType, trustSubmittedParse }] : [];
    }),
  );
  const total = tasksOf.reduce((n, t) => n + t.length, 0);
  const threads = Math.min(threadsAsked(opts), total);
  if (threads < 2 || !existsSync(fileURLToPath(WORKER))) return sequential();

  const { default: Tinypool } = await import('tinypool');
  const workers = threads - 1;
  // Two tasks per worker in flight: its next file is already queued in the worker while this
  // thread, busy with a file of its own, cannot hand it one.
  const pool = new Tinypool({ filename: WORKER.href, minThreads: workers, maxThreads: workers, concurrentTasksPerWorker: 2 });
  try {
    const queue = dispatchOrder(tasksOf);
    const folderOf = new Map<string, number>();
    tasksOf.forEach((tasks, i) => tasks.forEach((t) => folderOf.set(t.file, i)));
    const left = tasksOf.map((t) => t.length);
    const scoredFiles = new Map<string, ScoredFile>();
    const parts: MedvisionScore[] = [];
    // A folder whose files are all scored is summarised here at once, between two files, so the
    // summaries overlap the workers' scoring instead of running after it.
    const ready = folders.flatMap((_, i) => (left[i] === 0 ? [i] : []));
    const summariseReady = () => {
      for (let i = ready.shift(); i !== undefined; i = ready.shift()) {
        parts[i] = scoreModelFolder({ folder: folders[i]!, root, trustSubmittedParse, scoredFiles });
        for (const t of tasksOf[i]!) scoredFiles.delete(t.file);
      }
    };
    let done = 0;
    const finished = (t: ScoreFileTask, scored: ScoredFile | undefined) => {
      // A file a worker deferred (a record only the schema can judge) is not added:
      // scoreModelFolder reads and scores it here, with the schema.
      if (scored) scoredFiles.set(t.file, scored);
      const i = folderOf.get(t.file)!;
      if (--left[i]! === 0) ready.push(i);
      opts.progress?.(++done, total, t.display);
    };
    opts.progress?.(0, total, 'files');
    let inFlight = 0;
    const fromWorkers: Promise<void>[] = [];
    const dispatch = (t: ScoreFileTask) => {
      inFlight++;
      const result = (pool.run(t) as Promise<ScoreFileResult>).then((r) => {
        inFlight--;
        finished(t, 'deferred' in r ? undefined : decodeScoredFile(r as EncodedFile));
      });
      // Awaited in order below; a failure before then must not count as an unhandled rejection.
      result.catch(() => undefined);
      fromWorkers.push(result);
    };
    while (queue.length > 0) {
      while (inFlight < 2 * workers && queue.length > 0) dispatch(queue.shift()!);
      const mine = queue.shift();
      if (!mine) break;
      // Without its sample records, as a worker's file comes back: kept to the end, they would be
      // promoted and copied by every scavenge (they doubled this thread's GC time).
      const { samples: _records, ...scored } = scoreFile({ ...mine, read: readParsedFile });
      finished(mine, scored);
      summariseReady();
      await yieldToEvents();
      summariseReady();
    }
    for (const p of fromWorkers) {
      await p;
      summariseReady();
    }
    summariseReady();
    opts.progress?.(total, total, '');
    return mergeScores(parts);
  } catch (err) {
    // A worker that failed (a file that cannot be read, a worker that cannot start): the
    // sequential pass gives the same result, or the same error, in this thread.
    console.error(`score: worker threads failed (${(err as Error).message}); scoring in one thread`);
    return sequential();
  } finally {
    await pool.destroy();
  }
}

/**
 * Folder by folder, so folders are finished (and summarised) one after another; the largest
 * folders first and each folder's largest file first, so what is left at the end is small and
 * no thread waits long for another's last file.
 */
function dispatchOrder(tasksOf: ScoreFileTask[][]): ScoreFileTask[] {
  const size = new Map(tasksOf.flat().map((t) => [t.file, statSync(t.file).size]));
  const bytes = (tasks: ScoreFileTask[]) => tasks.reduce((n, t) => n + size.get(t.file)!, 0);
  return [...tasksOf]
    .sort((a, b) => bytes(b) - bytes(a))
    .flatMap((tasks) => [...tasks].sort((a, b) => size.get(b.file)! - size.get(a.file)!));
}
