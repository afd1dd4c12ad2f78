import { SUBMISSION_BENCHMARKS, findBenchmark } from '../registry/benchmarks';
import type { Board, BenchmarkId } from '../core/board';
import type { DataNote, UpstreamSource } from '../core/benchmark';
import { boardContext } from './gate';
import { applyEvidence } from './evidence';

export interface BenchmarkInfo {
  id: BenchmarkId;
  name: string;
  navLabel: string;
  blurb: string;
  /** Medical benchmark: its pages say scores are not evidence of clinical safety. */
  clinical: boolean;
  dataNote?: DataNote;
  /** The upstream code the scorer reproduces. */
  upstream?: UpstreamSource;
}

/** The benchmarks that have boards (take score submissions), in registration order. */
export const BENCHMARKS: readonly BenchmarkInfo[] = SUBMISSION_BENCHMARKS.map(({ id, name, navLabel, blurb, clinical, dataNote, upstream }) => ({
  id,
  name,
  navLabel,
  blurb,
  clinical: clinical === true,
  ...(dataNote ? { dataNote } : {}),
  ...(upstream ? { upstream } : {}),
}));

export function benchmarkInfo(id: string): BenchmarkInfo | undefined {
  return BENCHMARKS.find((b) => b.id === id);
}

/** Sections a benchmark adds below one of its boards. */
export function boardExtras(board: Board) {
  return findBenchmark(board.benchmark)?.submissions?.boardExtras?.(board) ?? [];
}

let all: Promise<Board[]> | undefined;

/** Every board of every benchmark, computed once per build, with minimum evidence applied (`./evidence`). */
export function allBoards(): Promise<Board[]> {
  all ??= (async () => {
    const gate = await boardContext();
    return (await Promise.all(SUBMISSION_BENCHMARKS.map((b) => b.submissions.boards(gate.forBenchmark(b.id))))).flat().map(applyEvidence);
  })();
  return all;
}

export async function boardsOf(benchmark: BenchmarkId): Promise<Board[]> {
  return (await allBoards()).filter((b) => b.benchmark === benchmark);
}

export const boardPath = (b: Pick<Board, 'benchmark' | 'slug'>) => `benchmarks/${b.benchmark}/${b.slug}/`;
export const rowCount = (b: Board) => b.sections.reduce((s, x) => s + x.rows.length, 0);
