/**
 * Config-validation rules changed by the CONFIG-AUDIT (src/benchmarks/latch/CONFIG-AUDIT.md).
 *
 * Every expectation here is read off the upstream latch-eval-tools source (the newest indexed
 * validators, the ones the conformance README's `index-validation` basis names); the comment on
 * each case cites the file and function. Configs are parsed with `parsePythonJson` so that
 * Python's int/float literal distinction is visible to the graders, as it is at ingest.
 */
import { describe, expect, it } from 'vitest';
import { grade } from '../../src/benchmarks/latch/scorer/registry';
import { GraderConfigError } from '../../src/benchmarks/latch/scorer/types';
import { parsePythonJson } from '../../src/core/python-json';

const cfg = (text: string): unknown => parsePythonJson(text);

function rejects(type: string, config: unknown, answer: unknown = {}): void {
  expect(() => grade(type, config, answer)).toThrow(GraderConfigError);
}

function accepts(type: string, config: unknown, answer: unknown = {}): void {
  expect(() => grade(type, config, answer)).not.toThrow();
}

// Whitespace Python's str.strip() removes but JS trim() keeps, and the one JS trim() removes but
// Python keeps (U+FEFF, the BOM: not whitespace to Python).
const PY_ONLY_WS = ['\x1c', '\x1d', '\x1e', '\x1f', '\x85'];
const BOM = '\uFEFF';

describe('str.strip() blank checks use the Python whitespace set', () => {
  // numeric.py _validate_ground_truth: `not isinstance(field, str) or field.strip() == ""`.
  it('numeric_tolerance / numeric_range: ground_truth field names', () => {
    for (const ws of PY_ONLY_WS) {
      rejects('numeric_tolerance', { ground_truth: { [ws]: 1 }, tolerances: {} });
      rejects('numeric_range', { ground_truth: { [ws]: 1 }, ranges: { [ws]: { min: 0, max: 2 } } });
    }
    accepts('numeric_tolerance', { ground_truth: { [BOM]: 1 }, tolerances: {} });
    accepts('numeric_range', { ground_truth: { [BOM]: 1 }, ranges: { [BOM]: { min: 0, max: 2 } } });
  });

  // numeric.py _validate_tolerances: per-field tolerance names, `field.strip() == ""`.
  it('numeric_tolerance: tolerance field names', () => {
    rejects('numeric_tolerance', { ground_truth: { x: 1 }, tolerances: { '\x85': { type: 'absolute', value: 1 } } });
    accepts('numeric_tolerance', { ground_truth: { x: 1 }, tolerances: { [BOM]: { type: 'absolute', value: 1 } } });
  });

  // label_set.py LabelSetJaccardGrader.evaluate_answer: answer_field `.strip() == ""`.
  it('label_set_jaccard: answer_field', () => {
    rejects('label_set_jaccard', { ground_truth_labels: ['a'], answer_field: '\x1f' });
    accepts('label_set_jaccard', { ground_truth_labels: ['a'], answer_field: BOM });
  });

  // marker_gene.py MarkerGenePrecisionRecallGrader.evaluate_answer: answer_field `.strip() == ""`;
  // _validate_gene_list: genes `gene.strip() == ""`.
  it('marker_gene_precision_recall: answer_field and canonical gene names', () => {
    rejects('marker_gene_precision_recall', { canonical_markers: ['CD3E'], answer_field: '\x1c' });
    accepts('marker_gene_precision_recall', { canonical_markers: ['CD3E'], answer_field: BOM });
    rejects('marker_gene_precision_recall', { canonical_markers: ['CD3E', '\x85'] });
    accepts('marker_gene_precision_recall', { canonical_markers: ['CD3E', BOM] });
  });

  // longest_subsequence.py LongestSubsequenceGrader.evaluate_answer: answer_field `.strip() == ""`.
  it('longest_subsequence: answer_field', () => {
    rejects('longest_subsequence', { answer_field: '\x1e', ground_truth: [['a']] });
    accepts('longest_subsequence', { answer_field: BOM, ground_truth: [['a']] });
  });
});

describe('distribution_comparison', () => {
  // distribution.py _validate_configuration: "cell-type names must be non-empty strings".
  it('rejects a blank ground-truth cell-type name', () => {
    rejects('distribution_comparison', { ground_truth: { cell_type_distribution: { '': 50, T: 50 } } });
    rejects('distribution_comparison', { ground_truth: { cell_type_distribution: { '  ': 50, T: 50 } } });
    rejects('distribution_comparison', { ground_truth: { cell_type_distribution: { '\x85': 50 } } });
  });

  // distribution.py DistributionComparisonGrader.evaluate_answer: a blank key in the agent's
  // cell_type_distribution is an answer failure ("keys must be non-empty strings"), even when
  // every ground-truth category is within tolerance.
  it('fails an answer whose distribution has a blank key', () => {
    const r = grade('distribution_comparison', { ground_truth: { cell_type_distribution: { T: 50 } } }, { cell_type_distribution: { T: 50, ' ': 1 } });
    expect(r.passed).toBe(false);
    expect(r.score).toBe(0);
  });
});

describe('marker_gene_precision_recall', () => {
  // marker_gene.py evaluate_answer: "canonical_markers cell-type names must be non-empty strings".
  it('rejects a blank per-cell-type name', () => {
    rejects('marker_gene_precision_recall', { canonical_markers: { '': ['CD3E'] } });
    rejects('marker_gene_precision_recall', { canonical_markers: { T: ['CD3E'], ' ': ['MS4A1'] } });
  });

  // marker_gene.py evaluate_answer: min_celltypes_passing must satisfy `minimum >= 1`.
  it('rejects min_celltypes_passing 0', () => {
    rejects('marker_gene_precision_recall', cfg('{"canonical_markers": {"T": ["CD3E"]}, "scoring": {"pass_thresholds": {"min_celltypes_passing": 0}}}'), {
      top_marker_genes: { T: ['CD3E'] },
    });
  });

  // marker_gene.py evaluate_answer: min_celltypes_passing `isinstance(minimum, int)`, so 1.0 is rejected.
  it('rejects a float-literal min_celltypes_passing', () => {
    rejects('marker_gene_precision_recall', cfg('{"canonical_markers": {"T": ["CD3E"]}, "scoring": {"pass_thresholds": {"min_celltypes_passing": 1.0}}}'), {
      top_marker_genes: { T: ['CD3E'] },
    });
  });

  // marker_gene.py evaluate_answer validates the thresholds before it reads the answer, so a bad
  // value is a configuration error whatever the answer (missing field, legacy flat list, not an object).
  it('validates thresholds before looking at the answer', () => {
    const bad = [
      cfg('{"canonical_markers": {"T": ["CD3E"]}, "scoring": {"pass_thresholds": {"min_celltypes_passing": 5}}}'),
      cfg('{"canonical_markers": {"T": ["CD3E"]}, "scoring": {"pass_thresholds": {"min_recall_per_celltype": 1.5}}}'),
      cfg('{"canonical_markers": {"T": ["CD3E"]}, "scoring": {"pass_thresholds": {"precision_at_k": 2}}}'),
    ];
    for (const config of bad) {
      rejects('marker_gene_precision_recall', config, {});
      rejects('marker_gene_precision_recall', config, 'not an object');
      rejects('marker_gene_precision_recall', config, { top_marker_genes: { T: ['CD3E'] } });
    }
    // Legacy wrapper: canonical {"top_marker_genes": [...]} with a flat answer list.
    rejects('marker_gene_precision_recall', cfg('{"canonical_markers": {"top_marker_genes": ["CD3E"]}, "scoring": {"pass_thresholds": {"min_recall_per_celltype": -1}}}'), {
      top_marker_genes: ['CD3E'],
    });
  });

  // marker_gene.py evaluate_answer: precision_at_k is validated in per-cell-type mode too
  // (the loop over ("precision_at_k", "recall_at_k", "min_recall_per_celltype") does not look at the mode).
  it('rejects an out-of-range precision_at_k with per-cell-type markers', () => {
    rejects('marker_gene_precision_recall', { canonical_markers: { T: ['CD3E'] }, scoring: { pass_thresholds: { precision_at_k: 1.5 } } }, { top_marker_genes: { T: ['CD3E'] } });
  });

  // marker_gene.py evaluate_answer: min_recall_per_celltype in flat mode is only range-checked
  // (upstream accepts it; it is simply unused by _evaluate_flat_list).
  it('accepts min_recall_per_celltype with a flat marker list', () => {
    const r = grade('marker_gene_precision_recall', { canonical_markers: ['CD3E', 'CD4'], scoring: { pass_thresholds: { min_recall_per_celltype: 0.9 } } }, { top_marker_genes: ['CD3E', 'CD4'] });
    expect(r.passed).toBe(true);
    expect(r.score).toBe(1);
  });

  // marker_gene.py evaluate_answer: min_celltypes_passing with flat markers fails
  // `isinstance(canonical_markers, dict)` (unchanged; pinned here next to the flat-mode acceptance above).
  it('still rejects min_celltypes_passing with a flat marker list', () => {
    rejects('marker_gene_precision_recall', { canonical_markers: ['CD3E'], scoring: { pass_thresholds: { min_celltypes_passing: 1 } } }, { top_marker_genes: ['CD3E'] });
  });
});

describe('longest_subsequence', () => {
  // longest_subsequence.py LongestSubsequenceGrader.evaluate_answer: "'ground_truth' elements must not be empty".
  it('rejects an empty ground-truth element', () => {
    rejects('longest_subsequence', { answer_field: 'order', ground_truth: [[]] }, { order: [[]] });
    rejects('longest_subsequence', { answer_field: 'order', ground_truth: [['a'], []] }, { order: [['a']] });
  });
});

describe('all_of / average_of child labels (duplicate-label check)', () => {
  // composite.py _all_of_child_label: `str(child.get("name") or f"children[{index}]")` and
  // _duplicate_child_labels; a non-string truthy name is str()-ed, so 5 and "5" collide.
  const leaf = (name: unknown) => ({ predicate: { op: 'equals', arg: 'A' }, role: 'gate', answer_field: 'answer', name });

  it('str()s a non-string leaf name, so 5 and "5" are duplicates', () => {
    rejects('all_of', { children: [leaf(5), leaf('5')] }, { answer: 'A' });
    rejects('average_of', { children: [leaf(5), leaf('5')] }, { answer: 'A' });
  });

  it('str(True) is "True"', () => {
    rejects('all_of', { children: [leaf(true), leaf('True')] }, { answer: 'A' });
  });

  it('a falsy name (0, false, "", []) falls back to children[i]', () => {
    // children[1] gets the default label "children[1]", which the first child claims by name.
    for (const falsy of [0, false, '', [], {}, null]) {
      rejects('all_of', { children: [leaf('children[1]'), leaf(falsy)] }, { answer: 'A' });
    }
  });

  it('str(2.0) is "2.0", str(2) is "2": no collision between them', () => {
    accepts('all_of', cfg('{"children": [{"predicate": {"op": "equals", "arg": "A"}, "role": "gate", "answer_field": "answer", "name": 2.0}, {"predicate": {"op": "equals", "arg": "A"}, "role": "gate", "answer_field": "answer", "name": "2"}]}'), { answer: 'A' });
    rejects('all_of', cfg('{"children": [{"predicate": {"op": "equals", "arg": "A"}, "role": "gate", "answer_field": "answer", "name": 2.0}, {"predicate": {"op": "equals", "arg": "A"}, "role": "gate", "answer_field": "answer", "name": "2.0"}]}'), { answer: 'A' });
  });

  it('typed children: str(name), and the default label uses the type', () => {
    const mc = (extra: Record<string, unknown>) => ({ type: 'multiple_choice', config: { correct_answer: 'A' }, ...extra });
    rejects('all_of', { children: [mc({ name: 7 }), mc({ name: '7' })] }, { answer: 'A' });
    // Default label "children[0].multiple_choice" for the first child collides with the second's name.
    rejects('all_of', { children: [mc({}), mc({ name: 'children[0].multiple_choice' })] }, { answer: 'A' });
    // predicate_leaf typed child: config.name is str()-ed.
    const pl = (name: unknown) => ({ type: 'predicate_leaf', config: { predicate: { op: 'equals', arg: 'A' }, role: 'gate', answer_field: 'answer', name } });
    rejects('all_of', { children: [pl(3), pl('3')] }, { answer: 'A' });
  });
});
