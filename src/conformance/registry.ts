import type { SuiteRunner } from './types';
import { suites as medvision } from './medvision';
import { suites as latch } from './latch';
import { suites as clinicalbench } from './clinicalbench';
import { suites as clinicalbenchGenerator } from './clinicalbench-generator';
import { suites as pathwsi } from './pathwsi';

/** Every known suite, keyed `<benchmark>/<suite>`. Each benchmark plugs in through its own file. */
export const SUITES: ReadonlyMap<string, SuiteRunner> = new Map(
  [...medvision, ...latch, ...clinicalbench, ...clinicalbenchGenerator, ...pathwsi].map((s) => [`${s.benchmark}/${s.suite}`, s]),
);

export const KNOWN_BENCHMARKS = new Set([...SUITES.values()].map((s) => s.benchmark).concat(['medvision', 'latch', 'clinicalbench', 'pathwsi']));
