/**
 * `scoreMedvisionTree` with the files read and scored in worker threads (tinypool), one task per
 * samples file, so the files of one model are scored in parallel too. The result is the
 * sequential one exactly: each file is scored by the same code, sent back in columns, and the
 * model summaries are grouped here in upstream's order. Used by `score` (no per-sample records
 * kept) when asked for: EVALBOARD_SCORE_THREADS=N (N ≥ 2). The default is one thread: measured on
 * this project's 2-core machine, the pool cost ≈ 0.6–0.75 s more CPU (each worker loads the reader
 * and zod and warms its own JIT) and wins by wall only when a core is idle (0.83× one thread at
 * load 7.5, 1.08–1.16× at load 1–4 on the 100 k-record tree; docs/scaling.md).
 * Without a compiled worker (tests and the site run from source) it scores in this thread.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { discoverModelFolders, taskTypeOf } from './discover';
import { decodeScoredFile, type EncodedFile, type ScoredFile } from './score-file';
import { mergeScores, scoreMedvisionTree, scoreModelFolder, shownPath, type MedvisionScore } from './score-tree';
import type { ScoreFileResult, ScoreFileTask } from './score-worker';

/** The compiled worker beside the compiled tool (`dist-cli/`); absent when running from source. */
const WORKER = new URL('./medvision-score-worker.mjs', import.meta.url);

export interface ParallelScoreOptions {
  trustSubmittedParse?: boolean;
  /** Told as work progresses (model folders in one thread, files in workers): the CLI's progress line. */
  progress?: (done: number, total: number, label: string) => void;
  /** Worker threads (1: this thread only); default EVALBOARD_SCORE_THREADS, else 1. */
  threads?: number;
}

/** Threads asked for (option, else EVALBOARD_SCORE_THREADS), else one. */
function threadsAsked(opts: ParallelScoreOptions): number {
  const env = Number(process.env.EVALBOARD_SCORE_THREADS);
  return opts.threads ?? (Number.isInteger(env) && env > 0 ? env : 1);
}

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
  const pool = new Tinypool({ filename: WORKER.href, minThreads: threads, maxThreads: threads });
  let results: ScoreFileResult[];
  try {
    // Largest first, so no big file starts last and leaves the other threads idle.
    const order = [...tasks].sort((a, b) => size.get(b.file)! - size.get(a.file)!);
    let done = 0;
    opts.progress?.(0, order.length, 'files');
    results = await Promise.all(
      order.map(async (t) => {
        const e = (await pool.run(t)) as ScoreFileResult;
        opts.progress?.(++done, order.length, t.display);
        return e;
      }),
    );
    opts.progress?.(order.length, order.length, '');
  } catch (err) {
    // A worker that failed (a file that cannot be read, a worker that cannot start): the
    // sequential pass gives the same result, or the same error, in this thread.
    console.error(`score: worker threads failed (${(err as Error).message}); scoring in one thread`);
    return sequential();
  } finally {
    await pool.destroy();
  }
  // A file a worker deferred (a record only the schema can judge) is not in the map: scoreModelFolder
  // reads and scores it here, with the schema.
  const encoded = results.filter((r): r is EncodedFile => !('deferred' in r));
  const scoredFiles = new Map<string, ScoredFile>(encoded.map((e) => [e.file, decodeScoredFile(e)]));
  return mergeScores(folders.map((folder) => scoreModelFolder({ folder, root, trustSubmittedParse, scoredFiles })));
}
