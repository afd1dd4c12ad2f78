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
  const tasks: ScoreFileTask[] = folders.flatMap((f) =>
    f.sampleFiles.flatMap((file) => {
      const taskType = taskTypeOf(file, f.taskTag);
      return taskType ? [{ file, display: shownPath(root, file), taskType, trustSubmittedParse }] : [];
    }),
  );
  const threads = Math.min(threadsAsked(opts), tasks.length);
  if (threads < 2 || !existsSync(fileURLToPath(WORKER))) return sequential();
  const size = new Map(tasks.map((t) => [t.file, statSync(t.file).size]));

  const { default: Tinypool } = await import('tinypool');
  const workers = threads - 1;
  // Two tasks per worker in flight: its next file is already queued in the worker while this
  // thread, busy with a file of its own, cannot hand it one.
  const pool = new Tinypool({ filename: WORKER.href, minThreads: workers, maxThreads: workers, concurrentTasksPerWorker: 2 });
  const scoredFiles = new Map<string, ScoredFile>();
  try {
    // Largest first, so no big file starts last and leaves the other threads idle.
    const queue = [...tasks].sort((a, b) => size.get(b.file)! - size.get(a.file)!);
    const total = queue.length;
    let done = 0;
    const finished = (t: ScoreFileTask) => opts.progress?.(++done, total, t.display);
    opts.progress?.(0, total, 'files');
    let inFlight = 0;
    const fromWorkers: Promise<ScoreFileResult>[] = [];
    const dispatch = (t: ScoreFileTask) => {
      inFlight++;
      fromWorkers.push(
        (pool.run(t) as Promise<ScoreFileResult>).then((r) => {
          inFlight--;
          finished(t);
          return r;
        }),
      );
    };
    while (queue.length > 0) {
      while (inFlight < 2 * workers && queue.length > 0) dispatch(queue.shift()!);
      const mine = queue.shift();
      if (!mine) break;
      // Without its sample records, as a worker's file comes back: kept to the end, they would be
      // promoted and copied by every scavenge (they doubled this thread's GC time).
      const { samples: _records, ...scored } = scoreFile({ ...mine, read: readParsedFile });
      scoredFiles.set(mine.file, scored);
      finished(mine);
      await yieldToEvents();
    }
    // A file a worker deferred (a record only the schema can judge) is not added: scoreModelFolder
    // reads and scores it here, with the schema.
    for (const r of await Promise.all(fromWorkers)) if (!('deferred' in r)) scoredFiles.set(r.file, decodeScoredFile(r as EncodedFile));
    opts.progress?.(total, total, '');
  } catch (err) {
    // A worker that failed (a file that cannot be read, a worker that cannot start): the
    // sequential pass gives the same result, or the same error, in this thread.
    console.error(`score: worker threads failed (${(err as Error).message}); scoring in one thread`);
    return sequential();
  } finally {
    await pool.destroy();
  }
  return mergeScores(folders.map((folder) => scoreModelFolder({ folder, root, trustSubmittedParse, scoredFiles })));
}
