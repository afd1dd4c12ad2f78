import { cloneJsonWithLiterals } from '../../core/python-number';
import { grade } from './scorer/registry';
import { GraderConfigError, isObject } from './scorer/types';
import { checkWith, compareValues, decodeNumber, expectsError, outcome } from '../../core/conformance/compare';
import type { CaseOutcome, SuiteRunner, VectorCase } from '../../core/conformance/types';

const SUITE_NAMES = [
  'all_of',
  'average_of',
  'dict_match',
  'distribution_comparison',
  'finished_file',
  'label_set_jaccard',
  'list_match',
  'longest_subsequence',
  'marker_gene_precision_recall',
  'marker_gene_separation',
  'multiple_choice',
  'numeric_range',
  'numeric_tolerance',
  'predicate_leaf',
  'refusal_vocab',
  'spatial_adjacency',
];

interface NonFinite {
  path: (string | number)[];
  value: string;
}

/**
 * Put the real non-finite floats back at the paths `input_nonfinite` lists (on a copy that keeps
 * the float-literal marks the vector loader recorded, so `expected_count: 4.0` stays a float).
 */
export function restoreNonFinite(input: unknown, marks: unknown): unknown {
  const copy: unknown = cloneJsonWithLiterals(input);
  if (!Array.isArray(marks)) return copy;
  for (const mark of marks as NonFinite[]) {
    const keys = mark.path;
    let holder: unknown = { root: copy };
    let key: string | number = 'root';
    for (const k of keys) {
      holder = (holder as Record<string | number, unknown>)[key];
      key = k;
    }
    const value = mark.value === 'NaN' ? NaN : decodeNumber(mark.value);
    (holder as Record<string | number, unknown>)[key] = value;
  }
  return copy;
}

function compareResult(expected: Record<string, unknown>, actual: Record<string, unknown>): string[] {
  const diffs: string[] = [];
  for (const key of ['passed', 'score', 'score_max']) {
    if (key in expected) diffs.push(...compareValues(expected[key], actual[key], `$.${key}`));
  }
  if ('metrics' in expected) diffs.push(...compareValues(expected.metrics, actual.metrics, '$.metrics', { subset: true }));
  if ('field_scores' in expected) diffs.push(...compareValues(expected.field_scores, actual.field_scores, '$.field_scores'));
  return diffs;
}

function check(c: VectorCase): CaseOutcome {
  const input = restoreNonFinite(c.input, c.input_nonfinite);
  if (!isObject(input)) return outcome(['$.input: expected an object']);
  const expected = c.expected;
  const run = () => grade(input.type, input.config, input.agent_answer);
  // `{"error": true}` is an invalid configuration (or unknown type): only the graders' own
  // GraderConfigError counts, never a TypeError or any other crash.
  if (!isObject(expected) || expectsError(expected)) {
    return checkWith(expected, run, { isExpectedError: (err) => err instanceof GraderConfigError });
  }
  let actual: unknown;
  try {
    actual = run();
  } catch (err) {
    return outcome([`threw: ${err instanceof Error ? err.message : String(err)}`]);
  }
  return outcome(compareResult(expected, actual as Record<string, unknown>));
}

export const suites: SuiteRunner[] = SUITE_NAMES.map((suite) => ({ benchmark: 'latch', suite, check }));
