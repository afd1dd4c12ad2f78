import type { SuiteRunner } from './types';

/** Conformance suites for the latch vectors (../shared/conformance/latch/). */
export const suites: SuiteRunner[] = [];
