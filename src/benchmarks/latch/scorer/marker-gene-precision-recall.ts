import { answerFieldOf, expectedCountOf, fractionOption, passThresholdsOf, sortedStrings } from './thresholds';
import { pyStrip } from './python';
import { GraderConfigError, isObject, result, type GraderResult, type JsonObject } from './types';
import { isPyIntAt } from '../../../core/python-number';

const NAME = 'marker_gene_precision_recall';

/** Upstream `not isinstance(gene, str) or gene.strip() == ""` (Python whitespace, not JS trim). */
function isGeneList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((g) => typeof g === 'string' && pyStrip(g) !== '');
}

function validGeneList(v: unknown, where: string): string[] {
  if (!isGeneList(v) || v.length === 0) throw new GraderConfigError(NAME, `${where} must be a non-empty list of non-blank gene names`);
  return v;
}

interface CountCheck {
  scored: string[];
  k: number;
  metrics: Record<string, unknown>;
  ok: boolean;
}

/** With expected_count, k is fixed and only the first k genes count; the list must hold exactly k unique genes. */
function applyExpectedCount(genes: string[], expectedCount: number | undefined): CountCheck {
  if (expectedCount === undefined) return { scored: genes, k: genes.length, metrics: {}, ok: true };
  const unique = new Set(genes.map((g) => g.toLowerCase())).size;
  const ok = genes.length === expectedCount && unique === expectedCount;
  return {
    scored: genes.slice(0, expectedCount),
    k: expectedCount,
    metrics: { expected_count: expectedCount, submitted_count: genes.length, unique_count: unique, cardinality_pass: ok },
    ok,
  };
}

function gradeFlat(canonical: string[], predicted: unknown, thresholds: JsonObject, expectedCount: number | undefined, field: string): GraderResult {
  const precisionThreshold = fractionOption(NAME, thresholds, 'precision_at_k', 0.6);
  const recallThreshold = fractionOption(NAME, thresholds, 'recall_at_k', 0.5);
  if (!isGeneList(predicted)) return result(false, 0, {}, `Marker Gene Precision/Recall: FAIL\n  x ${field} must be a list of gene names`);
  const count = applyExpectedCount(predicted, expectedCount);
  const canonicalSet = new Set(canonical.map((g) => g.toLowerCase()));
  const predictedSet = new Set(count.scored.map((g) => g.toLowerCase()));
  const tp = [...canonicalSet].filter((g) => predictedSet.has(g));
  const fp = [...predictedSet].filter((g) => !canonicalSet.has(g));
  const fn = [...canonicalSet].filter((g) => !predictedSet.has(g));
  const precision = count.k > 0 ? tp.length / count.k : 0;
  const recall = canonicalSet.size > 0 ? tp.length / canonicalSet.size : 0;
  const precisionPass = precision >= precisionThreshold;
  const recallPass = recall >= recallThreshold;
  const passed = precisionPass && recallPass && count.ok;
  const originalCase = new Map(count.scored.map((g) => [g.toLowerCase(), g]));
  const canonicalCase = new Map(canonical.map((g) => [g.toLowerCase(), g]));
  const metrics = {
    k: count.k,
    precision_at_k: precision,
    recall_at_k: recall,
    precision_threshold: precisionThreshold,
    recall_threshold: recallThreshold,
    true_positives: sortedStrings(tp.map((g) => originalCase.get(g) ?? g)),
    false_positives: sortedStrings(fp.map((g) => originalCase.get(g) ?? g)),
    false_negatives: sortedStrings(fn.map((g) => canonicalCase.get(g) ?? g)),
    num_true_positives: tp.length,
    num_false_positives: fp.length,
    num_false_negatives: fn.length,
    num_canonical_markers: canonicalSet.size,
    precision_pass: precisionPass,
    recall_pass: recallPass,
    answer_field_used: field,
    ...count.metrics,
  };
  const reasoning = [
    `Marker Gene Precision/Recall: ${passed ? 'PASS' : 'FAIL'}`,
    `  ${precisionPass ? '+' : 'x'} Precision@${count.k}: ${precision} (threshold: ${precisionThreshold})`,
    `  ${recallPass ? '+' : 'x'} Recall@${count.k}: ${recall} (threshold: ${recallThreshold})`,
    ...(count.ok ? [] : [`  x expected exactly ${expectedCount} unique genes, got ${predicted.length}`]),
  ].join('\n');
  return result(passed, passed ? 1 : 0, metrics, reasoning);
}

function gradePerCellType(
  canonical: Record<string, string[]>,
  predicted: unknown,
  thresholds: JsonObject,
  expectedCount: number | undefined,
  field: string,
): GraderResult {
  const total = Object.keys(canonical).length;
  const minRecall = fractionOption(NAME, thresholds, 'min_recall_per_celltype', fractionOption(NAME, thresholds, 'recall_at_k', 0.5));
  // Validated up front (validateConfig): an integer in [1, total].
  const minPassing = Object.hasOwn(thresholds, 'min_celltypes_passing') ? (thresholds.min_celltypes_passing as number) : total;
  if (!isObject(predicted)) return result(false, 0, {}, `Marker Gene Per-Celltype: FAIL\n  x ${field} must map cell types to gene lists`);
  const perCellType: Record<string, Record<string, unknown>> = {};
  let passing = 0;
  for (const [cellType, genes] of Object.entries(canonical)) {
    const given = Object.hasOwn(predicted, cellType) ? predicted[cellType] : [];
    if (!isGeneList(given)) {
      perCellType[cellType] = { pass: false, recall: 0, error: 'expected a list of gene names' };
      continue;
    }
    const count = applyExpectedCount(given, expectedCount);
    const canonicalSet = new Set(genes.map((g) => g.toLowerCase()));
    const predictedSet = new Set(count.scored.map((g) => g.toLowerCase()));
    const tp = [...canonicalSet].filter((g) => predictedSet.has(g));
    const recall = canonicalSet.size > 0 ? tp.length / canonicalSet.size : 1;
    const pass = recall >= minRecall && count.ok;
    if (pass) passing++;
    perCellType[cellType] = {
      pass,
      recall,
      num_predicted: given.length,
      num_canonical: canonicalSet.size,
      true_positives: sortedStrings(tp),
      false_negatives: sortedStrings([...canonicalSet].filter((g) => !predictedSet.has(g))),
      ...count.metrics,
    };
  }
  const passed = passing >= minPassing;
  const metrics = {
    celltypes_passing: passing,
    total_celltypes: total,
    min_celltypes_passing: minPassing,
    min_recall_per_celltype: minRecall,
    per_celltype: perCellType,
    answer_field_used: field,
  };
  const lines = Object.entries(perCellType).map(([ct, r]) => `  ${r.pass ? '+' : 'x'} ${ct}: recall=${String(r.recall)}`);
  return result(passed, passed ? 1 : 0, metrics, [`Marker Gene Per-Celltype: ${passed ? 'PASS' : 'FAIL'} (${passing}/${total}, required ${minPassing})`, ...lines].join('\n'));
}

/**
 * Upstream `MarkerGenePrecisionRecallGrader.evaluate_answer` (marker_gene.py) validates the whole
 * configuration before it looks at the answer, in this order: canonical markers (list of
 * non-blank genes, or non-empty object of non-blank cell-type names → such lists), scoring and
 * pass_thresholds objects, the three fractions (validated whenever present, in either mode),
 * min_celltypes_passing (an int in [1, #cell types], per-cell-type canonical markers only),
 * expected_count, answer_field.
 */
function validateConfig(config: JsonObject): { canonical: string[] | Record<string, string[]>; thresholds: JsonObject; expectedCount: number | undefined; field: string } {
  const raw = Object.hasOwn(config, 'canonical_markers') ? config.canonical_markers : config.ground_truth_labels;
  let canonical: string[] | Record<string, string[]>;
  if (Array.isArray(raw)) canonical = validGeneList(raw, 'canonical_markers');
  else if (isObject(raw) && Object.keys(raw).length > 0) {
    const perCellType: Record<string, string[]> = {};
    for (const [ct, genes] of Object.entries(raw)) {
      if (pyStrip(ct) === '') throw new GraderConfigError(NAME, 'canonical_markers cell-type names must be non-empty strings');
      perCellType[ct] = validGeneList(genes, `canonical_markers[${JSON.stringify(ct)}]`);
    }
    canonical = perCellType;
  } else {
    throw new GraderConfigError(NAME, 'canonical_markers must be a non-empty list or a non-empty object of lists');
  }
  const thresholds = passThresholdsOf(NAME, config);
  for (const key of ['precision_at_k', 'recall_at_k', 'min_recall_per_celltype']) fractionOption(NAME, thresholds, key, 0);
  if (Object.hasOwn(thresholds, 'min_celltypes_passing')) {
    const v = thresholds.min_celltypes_passing as number;
    if (!isPyIntAt(thresholds, 'min_celltypes_passing') || v < 1 || Array.isArray(canonical) || v > Object.keys(canonical).length) {
      throw new GraderConfigError(NAME, 'scoring.pass_thresholds.min_celltypes_passing must be an integer between 1 and the configured cell-type count');
    }
  }
  const expectedCount = expectedCountOf(NAME, config);
  const field = answerFieldOf(NAME, config, 'top_marker_genes');
  return { canonical, thresholds, expectedCount, field };
}

/** Flat marker list: precision@k and recall@k; per-cell-type dict: recall per cell type, then a count of passing cell types. */
export function gradeMarkerGenePrecisionRecall(config: unknown, answer: unknown): GraderResult {
  if (!isObject(config)) throw new GraderConfigError(NAME, 'config must be an object');
  const { canonical, thresholds, expectedCount, field } = validateConfig(config);
  const predicted = isObject(answer) && Object.hasOwn(answer, field) ? answer[field] : undefined;
  if (Array.isArray(canonical)) return gradeFlat(canonical, predicted, thresholds, expectedCount, field);
  // Legacy wrapper: {"<answer_field>": [...]} graded as a flat list when the answer is a list.
  if (Array.isArray(predicted) && Object.hasOwn(canonical, field)) {
    return gradeFlat(canonical[field]!, predicted, thresholds, expectedCount, field);
  }
  if (predicted === undefined) return result(false, 0, {}, `Marker Gene Per-Celltype: FAIL\n  x answer field ${field} is missing`);
  return gradePerCellType(canonical, predicted, thresholds, expectedCount, field);
}
