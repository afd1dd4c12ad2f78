import { scoreTileTask } from './scorer/score';
import type { TileReference } from './scorer/types';
import { checkWith } from '../../core/conformance/compare';
import type { SuiteRunner } from '../../core/conformance/types';

interface TileTaskInput {
  predictions: unknown;
  reference: TileReference;
}

/** Conformance suites for the pathwsi vectors (../shared/conformance/pathwsi/). */
export const suites: SuiteRunner[] = [
  {
    benchmark: 'pathwsi',
    suite: 'tile-task-score',
    check: (c) =>
      checkWith(c.expected, () => {
        const input = c.input as TileTaskInput;
        return scoreTileTask(input.predictions, input.reference);
      }),
  },
];
