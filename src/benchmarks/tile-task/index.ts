import type { Benchmark } from '../../core/benchmark';
import { METRICS } from './metrics';
import { handler } from './format-handler';
import { suites } from './conformance';
import { workedExample } from './worked-examples';

/**
 * The whole-slide pathology tile task (seed 003): a proposed task with its own scorer. It has no
 * score submissions yet, so no boards; its records are reviewed as task submissions.
 */
export const tileTask: Benchmark = {
  id: 'tile-task',
  name: 'Whole-slide tile task',
  navLabel: 'Tile task',
  blurb: 'A proposed whole-slide pathology task: tumour tiles on a slide, scored by detection, tile F1 and area fraction.',
  metrics: METRICS,
  formats: [handler],
  schemas: [],
  conformance: { folders: ['pathwsi'], suites },
  workedExample,
};
