import { pyStr } from './python';
import { answerFieldOf, expectedCountOf, fractionOption, scoringOf, sortedStrings } from './thresholds';
import { GraderConfigError, isObject, result, type GraderResult } from './types';

const NAME = 'label_set_jaccard';

function isScalarLabel(v: unknown): boolean {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

/** Jaccard of the label sets (items compared as Python str(item)); pass iff J >= threshold and the count matches. */
export function gradeLabelSetJaccard(config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const truth = config.ground_truth_labels;
  if (!Array.isArray(truth) || truth.length === 0 || !truth.every(isScalarLabel)) {
    throw new GraderConfigError(NAME, 'ground_truth_labels must be a non-empty list of labels');
  }
  const threshold = fractionOption(NAME, scoringOf(NAME, config), 'pass_threshold', 0.9);
  const expectedCount = expectedCountOf(NAME, config);
  const field = answerFieldOf(NAME, config, 'cell_types_predicted');

  const predicted = isObject(answer) ? answer[field] : undefined;
  if (!Array.isArray(predicted) || !predicted.every(isScalarLabel)) {
    return result(false, 0, {}, `Label Set Comparison: FAIL\n  x ${field} must be a list of labels`);
  }
  const truthSet = new Set(truth.map(pyStr));
  const predictedSet = new Set(predicted.map(pyStr));
  const tp = [...predictedSet].filter((l) => truthSet.has(l));
  const fp = [...predictedSet].filter((l) => !truthSet.has(l));
  const fn = [...truthSet].filter((l) => !predictedSet.has(l));
  const union = new Set([...truthSet, ...predictedSet]).size;
  const jaccard = union > 0 ? tp.length / union : 0;
  const metrics: Record<string, unknown> = {
    jaccard_index: jaccard,
    pass_threshold: threshold,
    true_positives: sortedStrings(tp),
    false_positives: sortedStrings(fp),
    false_negatives: sortedStrings(fn),
    predicted_count: predictedSet.size,
    ground_truth_count: truthSet.size,
  };
  let passed = jaccard >= threshold;
  const notes = [`Jaccard ${jaccard} (threshold ${threshold})`];
  if (expectedCount !== undefined) {
    const cardinalityPass = predicted.length === expectedCount && predictedSet.size === expectedCount;
    Object.assign(metrics, { expected_count: expectedCount, submitted_count: predicted.length, unique_count: predictedSet.size, cardinality_pass: cardinalityPass });
    if (!cardinalityPass) notes.push(`expected exactly ${expectedCount} unique labels, got ${predicted.length} (${predictedSet.size} unique)`);
    passed &&= cardinalityPass;
  }
  return result(passed, passed ? 1 : 0, metrics, `Label Set Comparison: ${passed ? 'PASS' : 'FAIL'}\n  ${notes.join('\n  ')}`);
}
