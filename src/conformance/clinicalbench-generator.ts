import type { SuiteRunner } from './types';

/** Conformance suites for ClinicalBench's dataset generator (python-random, dataset). */
export const suites: SuiteRunner[] = [];
