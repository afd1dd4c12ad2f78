/**
 * `scoreMedvisionTree` with the files read and scored on several threads: this one and N − 1
 * worker threads, one task per samples file, each thread taking the next from a shared counter
 * (so the files of one model are scored in parallel too, and no thread waits for another to hand
 * it work). The result is the sequential one exactly: each file is scored by the same code (a
 * worker's sent back in columns), and each model folder is summarised here, in upstream's order,
 * as soon as its files are scored; the parts are joined in folder order.
 * Used by `score` (no per-sample records kept): EVALBOARD_SCORE_THREADS=N threads, else the
 * caller's number, else one per idle core (`threadsForIdleCores`). This thread scores files too instead of waiting: it is warm, and a worker's
 * start-up and JIT warm-up are the threads' cost (docs/scaling.md has the measurements).
 * Without a compiled worker (tests and the site run from source) it scores in this thread.
 */
import { existsSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { discoverModelFolders, taskTypeOf } from './discover';
import { decodeScoredFile, scoreFile, type EncodedFile, type ScoredFile } from './score-file';
import { readParsedFile } from './read-parsed-file';
import { mergeScores, scoreMedvisionTree, scoreModelFolder, shownPath, type MedvisionScore } from './score-tree';
import type { ScoreFileTask } from './score-worker';
import type { ScoringThreadData, ScoringThreadMessage } from './score-worker-thread';
import { threadsForIdleCores } from './score-threads';

/** The compiled worker beside the compiled tool (`dist-cli/`); absent when running from source. */
const WORKER = new URL('./medvision-score-worker.mjs', import.meta.url);

export interface ParallelScoreOptions {
  trustSubmittedParse?: boolean;
  /** Told as work progresses (model folders in one thread, files with workers): the CLI's progress line. */
  progress?: (done: number, total: number, label: string) => void;
  /** Threads, this one included (1: this thread only); EVALBOARD_SCORE_THREADS overrides it. Default: one per idle core. */
  threads?: number;
}

/** Threads asked for: EVALBOARD_SCORE_THREADS, else the option, else one per idle core. */
function threadsAsked(opts: ParallelScoreOptions): number {
  const env = Number(process.env.EVALBOARD_SCORE_THREADS);
  if (Number.isInteger(env) && env > 0) return env;
  return opts.threads ?? threadsForIdleCores({ cores: availableParallelism(), load: loadavg()[0] ?? 0 });
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

  const queue = dispatchOrder(tasksOf);
  // The next task not yet taken, by this thread or a worker (each takes its own from it).
  const next = new Int32Array(new SharedArrayBuffer(4));
  const take = () => {
    const i = Atomics.add(next, 0, 1);
    return i < queue.length ? queue[i] : undefined;
  };
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
  const workers: Worker[] = [];
  try {
    const finishedWorkers = Array.from({ length: threads - 1 }, () => {
      const w = new Worker(WORKER, { workerData: { tasks: queue, next } satisfies ScoringThreadData });
      workers.push(w);
      return new Promise<void>((resolve, reject) => {
        w.on('message', (m: ScoringThreadMessage) => {
          if ('done' in m) return resolve();
          const r = m.result;
          finished(queue[m.index]!, 'deferred' in r ? undefined : decodeScoredFile(r as EncodedFile));
        });
        w.on('error', reject);
        w.on('exit', (code) => reject(new Error(`a worker stopped (exit code ${code}) before it was done`)));
      });
    });
    // Awaited below; a worker's failure before then must not count as an unhandled rejection.
    for (const p of finishedWorkers) p.catch(() => undefined);
    for (let mine = take(); mine; mine = take()) {
      // Without its sample records, as a worker's file comes back: kept to the end, they would be
      // promoted and copied by every scavenge (they doubled this thread's GC time).
      const { samples: _records, ...scored } = scoreFile({ ...mine, read: readParsedFile });
      finished(mine, scored);
      summariseReady();
      await yieldToEvents();
      summariseReady();
    }
    for (const p of finishedWorkers) {
      await p;
      summariseReady();
    }
    opts.progress?.(total, total, '');
    return mergeScores(parts);
  } catch (err) {
    // A worker that failed (a file that cannot be read, a worker that cannot start): the
    // sequential pass gives the same result, or the same error, in this thread.
    console.error(`score: worker threads failed (${(err as Error).message}); scoring in one thread`);
    return sequential();
  } finally {
    for (const w of workers) void w.terminate();
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
