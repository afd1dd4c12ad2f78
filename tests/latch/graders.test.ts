import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grade } from '../../src/benchmarks/latch/scorer/registry';
import { GraderConfigError } from '../../src/benchmarks/latch/scorer/types';

const json = fc.jsonValue({ maxDepth: 3 });
const answers = fc.oneof(json, fc.dictionary(fc.constantFrom('x', 'y', 'answer', 'labels', 'order', 'decision'), json));

const CONFIGS: [string, unknown][] = [
  ['numeric_tolerance', { ground_truth: { x: 5, y: 1 }, tolerances: { x: { type: 'relative', value: 0.1 } } }],
  ['numeric_range', { ground_truth: { x: 5 }, ranges: { x: { min: 0, max: 10 } } }],
  ['label_set_jaccard', { ground_truth_labels: ['a', 'b'], answer_field: 'labels', expected_count: 2 }],
  ['multiple_choice', { correct_answer: 'A' }],
  ['longest_subsequence', { answer_field: 'order', ground_truth: [['a'], ['b']], scoring: { pass_threshold: 0.5 } }],
  ['refusal_vocab', { refusal_vocab: ['NO'] }],
  ['predicate_leaf', { predicate: { op: 'weighted_label', table: { a: 2, b: 0.5 } }, role: 'gate', answer_field: 'x', threshold: 1 }],
  [
    'average_of',
    {
      children: [
        { type: 'multiple_choice', config: { correct_answer: 'A' } },
        { predicate: { op: 'f1', expected: ['a', 'b'] }, role: 'additive', answer_field: 'labels' },
      ],
    },
  ],
];

describe('latch graders: properties', () => {
  for (const [type, config] of CONFIGS) {
    it(`${type}: score in [0, score_max], never NaN, for any answer`, () => {
      fc.assert(
        fc.property(answers, (answer) => {
          const r = grade(type, config, answer);
          expect(Number.isNaN(r.score)).toBe(false);
          expect(r.score).toBeGreaterThanOrEqual(0);
          expect(r.score).toBeLessThanOrEqual(r.score_max);
          expect(typeof r.passed).toBe('boolean');
        }),
        { numRuns: 300 },
      );
    });
  }

  it('composites never pass when a hard-fail child fires', () => {
    const veto = { name: 'veto', predicate: { op: 'equals', arg: 'bad' }, role: 'hard_fail', answer_field: 'y' };
    const positive = { type: 'multiple_choice', config: { correct_answer: 'A' } };
    fc.assert(
      fc.property(fc.constantFrom('all_of', 'composite', 'average_of'), fc.constantFrom('A', 'B'), (type, choice) => {
        const answer = { answer: choice, y: 'bad' };
        const r = grade(type, { children: [positive, veto] }, answer);
        expect(r.passed).toBe(false);
        expect(r.score).toBe(0);
        const nested = grade('all_of', { children: [{ type, config: { children: [positive, veto] } }] }, answer);
        expect(nested.passed).toBe(false);
        expect(nested.metrics.hard_fail_triggered).toEqual([{ child: `children[0].${type}`, children: ['veto'] }]);
      }),
    );
  });
});

describe('latch graders: configuration errors', () => {
  const mc = { type: 'multiple_choice', config: { correct_answer: 'A' } };
  const cases: [string, string, unknown][] = [
    ['unknown type', 'no_such_grader', {}],
    ['empty all_of', 'all_of', { children: [] }],
    ['min_passing in all_of', 'all_of', { children: [mc], pass_rule: 'min_passing', min_passing_children: 1 }],
    ['hard-fail-only composite', 'all_of', { children: [{ predicate: { op: 'equals', arg: 1 }, role: 'hard_fail' }] }],
    ['additive leaf in all_of', 'all_of', { children: [{ predicate: { op: 'equals', arg: 1 }, role: 'additive' }] }],
    ['outer role on typed child', 'composite', { children: [{ ...mc, role: 'gate' }] }],
    ['duplicate labels', 'all_of', { children: [{ ...mc, name: 'a' }, { ...mc, name: 'a' }] }],
    ['min_passing too large', 'average_of', { children: [mc], pass_rule: 'min_passing', min_passing_children: 2 }],
    ['additive at predicate root', 'predicate_leaf', { predicate: { op: 'equals', arg: 1 }, role: 'additive' }],
    ['empty ground truth', 'numeric_tolerance', { ground_truth: {} }],
    ['negative expected_count', 'label_set_jaccard', { ground_truth_labels: ['a'], expected_count: -1 }],
    ['blank finished_file expected', 'finished_file', { expected: '  ' }],
  ];
  for (const [what, type, config] of cases) {
    it(`rejects ${what}`, () => {
      expect(() => grade(type, config, { answer: 'A' })).toThrow(GraderConfigError);
    });
  }

  it('missing answers are failures, not errors', () => {
    expect(grade('multiple_choice', { correct_answer: 'A' }, {})).toMatchObject({ passed: false, score: 0 });
    expect(grade('numeric_tolerance', { ground_truth: { x: 1 } }, null)).toMatchObject({ passed: false, score: 0 });
  });
});
