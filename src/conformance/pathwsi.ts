import type { SuiteRunner } from './types';

/** Conformance suites for the pathwsi vectors (../shared/conformance/pathwsi/). */
export const suites: SuiteRunner[] = [];
