import { BENCHMARKS } from '../benchmarks';
import type { FormatHandler } from '../core/format-handler';

/** Handlers in detection order; the first whose `detect` says yes scores the path. */
export const FORMAT_HANDLERS: readonly FormatHandler[] = BENCHMARKS.flatMap((b) => b.formats);
