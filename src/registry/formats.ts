import { BENCHMARKS } from '../benchmarks';
import type { Benchmark } from '../core/benchmark';
import type { FormatHandler } from '../core/format-handler';

/** The handlers of `list`, in its order (each benchmark's in its own detection order). */
export function formatHandlersOf(list: readonly Benchmark[]): readonly FormatHandler[] {
  return list.flatMap((b) => b.formats);
}

/** Handlers in detection order; the first whose `detect` says yes scores the path. */
export const FORMAT_HANDLERS: readonly FormatHandler[] = formatHandlersOf(BENCHMARKS);
