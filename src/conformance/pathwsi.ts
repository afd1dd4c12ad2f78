import { scoreTileTask } from '../scorers/tile-task/score';
import type { TileReference } from '../scorers/tile-task/types';
import { checkWith } from './compare';
import type { SuiteRunner } from './types';

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
