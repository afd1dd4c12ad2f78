import { medvisionBoards } from './medvision-boards';
import { latchBoards } from './latch';
import { clinicalbenchBoards } from './clinicalbench';
import type { Board, BenchmarkId } from './types';

export interface BenchmarkInfo {
  id: BenchmarkId;
  name: string;
  blurb: string;
}

export const BENCHMARKS: readonly BenchmarkInfo[] = [
  { id: 'medvision', name: 'MedVision', blurb: 'Medical VLMs reading physical quantities off images: detection boxes, tumour/lesion size, angles and distances.' },
  { id: 'latch', name: 'Latch bio benches', blurb: 'Agents analysing single-cell and spatial biology data (scBench, SpatialBench), graded by latch-eval-tools.' },
  { id: 'clinicalbench', name: 'ClinicalBench', blurb: 'Agents auditing a synthetic clinical-trial dataset for errors and bias, replayed against regenerated ground truth.' },
];

export function benchmarkInfo(id: string): BenchmarkInfo | undefined {
  return BENCHMARKS.find((b) => b.id === id);
}

let all: Promise<Board[]> | undefined;

/** Every board of every benchmark, computed once per build. */
export function allBoards(): Promise<Board[]> {
  all ??= (async () => [...medvisionBoards(), ...(await latchBoards()), ...(await clinicalbenchBoards())])();
  return all;
}

export async function boardsOf(benchmark: BenchmarkId): Promise<Board[]> {
  return (await allBoards()).filter((b) => b.benchmark === benchmark);
}

export const boardPath = (b: Pick<Board, 'benchmark' | 'slug'>) => `benchmarks/${b.benchmark}/${b.slug}/`;
export const rowCount = (b: Board) => b.sections.reduce((s, x) => s + x.rows.length, 0);
