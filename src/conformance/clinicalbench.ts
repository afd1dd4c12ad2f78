import type { SuiteRunner } from './types';

/** Conformance suites for the clinicalbench vectors (../shared/conformance/clinicalbench/). */
export const suites: SuiteRunner[] = [];
