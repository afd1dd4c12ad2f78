/**
 * The latch-eval-tools suites. They share the graders (`scorer/`) but are separate benchmarks:
 * each has its own eval set, reference version and boards (`<suite id>/overall`, …), and a run is
 * assigned to a suite by its eval id through the reference's eval → suite map (`bench`), never by
 * anything the submission says. Runs of two suites are never ranked together.
 */
export interface LatchSuite {
  /** URL segment of the suite's boards, e.g. `scbench/overall`. */
  id: string;
  /** As upstream writes it in `metadata.benchmark` and in the reference's `bench`. */
  name: string;
}

export const LATCH_SUITES: readonly LatchSuite[] = [
  { id: 'scbench', name: 'scBench' },
  { id: 'spatialbench', name: 'SpatialBench' },
  { id: 'spatialbench-long', name: 'SpatialBench-Long' },
];

const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The suite a reference's `bench` names (case and punctuation aside), or undefined: unknown, on no board. */
export function suiteNamed(bench: string | undefined): LatchSuite | undefined {
  if (!bench) return undefined;
  return LATCH_SUITES.find((s) => key(s.name) === key(bench));
}

/** The suite whose boards a board slug belongs to (`scbench/task/qc` → scBench). */
export function suiteOfSlug(slug: string): LatchSuite | undefined {
  const head = slug.split('/')[0];
  return LATCH_SUITES.find((s) => s.id === head);
}

export const SUITE_NAMES = LATCH_SUITES.map((s) => s.name).join(', ');
