/** The pages and files benchmarks bring of their own, for the two catch-all routes. */
import { BENCHMARKS } from '../registry/benchmarks';
import type { ExtraFile, ExtraPage } from '../core/benchmark';

export async function extraPages(): Promise<ExtraPage[]> {
  return (await Promise.all(BENCHMARKS.map(async (b) => (await b.pages?.()) ?? []))).flat();
}

export async function extraFiles(): Promise<ExtraFile[]> {
  return (await Promise.all(BENCHMARKS.map(async (b) => (await b.files?.()) ?? []))).flat();
}
