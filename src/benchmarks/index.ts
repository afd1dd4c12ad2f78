/**
 * The one registration list. A benchmark is a folder under `src/benchmarks/<id>/` whose
 * `index.ts` implements the `Benchmark` contract (`src/core/benchmark.ts`); adding it here is all
 * the core, the pages, the CLIs and validate need. Order is display and detection order.
 */
import type { Benchmark } from '../core/benchmark';
import { medvision } from './medvision';
import { latch } from './latch';
import { clinicalbench } from './clinicalbench';
import { tileTask } from './tile-task';

export const BENCHMARKS: readonly Benchmark[] = [medvision, latch, clinicalbench, tileTask];
