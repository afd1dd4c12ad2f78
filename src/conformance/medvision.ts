import type { SuiteRunner } from './types';
export const suites: SuiteRunner[] = [];
