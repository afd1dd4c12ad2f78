import type { FormatHandler } from './types';
import { handler as medvision } from './medvision';
import { handler as latch } from './latch';
import { handler as clinicalbench } from './clinicalbench';
import { handler as tileTask } from './tile-task';

/** Handlers in detection order; the first whose `detect` says yes scores the path. */
export const FORMAT_HANDLERS: FormatHandler[] = [medvision, latch, clinicalbench, tileTask].filter(
  (h): h is FormatHandler => h !== null,
);
