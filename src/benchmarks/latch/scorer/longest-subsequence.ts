import { pyLower, pyStrip } from './python';
import { fractionOption, scoringOf } from './thresholds';
import { GraderConfigError, isObject, result, type GraderResult } from './types';

const NAME = 'longest_subsequence';

/** Comparable key of one element (a list compared as a tuple; strings strip().lower()). */
function elementKey(element: unknown[]): string {
  return JSON.stringify(element.map((item) => (typeof item === 'string' ? `s:${pyLower(pyStrip(item))}` : item)));
}

export function lcsLength(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = x === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    prev = row;
  }
  return prev[b.length]!;
}

const isListOfLists = (v: unknown): v is unknown[][] => Array.isArray(v) && v.every(Array.isArray);

/** score = LCS / max(gt_len, agent_len, 1); passed = score >= pass_threshold (default 1). */
export function gradeLongestSubsequence(config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const field = config.answer_field;
  if (typeof field !== 'string' || pyStrip(field) === '') throw new GraderConfigError(NAME, 'answer_field must be a non-empty string');
  const truth = config.ground_truth;
  if (!isListOfLists(truth) || truth.length === 0) throw new GraderConfigError(NAME, 'ground_truth must be a non-empty list of lists');
  // Upstream longest_subsequence.py LongestSubsequenceGrader.evaluate_answer: "'ground_truth' elements must not be empty".
  if (truth.some((element) => element.length === 0)) throw new GraderConfigError(NAME, 'ground_truth elements must not be empty');
  const threshold = fractionOption(NAME, scoringOf(NAME, config), 'pass_threshold', 1);
  const given = isObject(answer) ? answer[field] : undefined;
  if (!isListOfLists(given)) return result(false, 0, {}, `Longest Subsequence: FAIL\n  x ${field} must be a list of lists`, { field_scores: {} });
  const lcs = lcsLength(truth.map(elementKey), given.map(elementKey));
  const denominator = Math.max(truth.length, given.length, 1);
  const score = lcs / denominator;
  const passed = score >= threshold;
  const metrics = { lcs_length: lcs, gt_length: truth.length, agent_length: given.length, denominator, ratio: score, pass_threshold: threshold };
  return result(passed, score, metrics, `Longest Subsequence: ${passed ? 'PASS' : 'FAIL'}\n  LCS ${lcs}/${denominator} = ${score} (threshold ${threshold})`, {
    field_scores: { [field]: score },
  });
}
