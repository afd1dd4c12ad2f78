import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { suites } from '../../src/benchmarks/latch/conformance';
import { scoreLatchFolder } from '../../src/benchmarks/latch/formats';
import { parsePythonJson } from '../../src/core/python-json';
import { readLatchFolder } from '../../src/benchmarks/latch/formats/read';
import { loadVectorFile } from '../../src/ingest/vectors';
import {
  cloneJsonWithLiterals,
  isFloatLiteral,
  isPyFloatAt,
  isPyIntAt,
  markFloatLiteral,
} from '../../src/core/python-number';
import { grade } from '../../src/benchmarks/latch/scorer/registry';
import { GraderConfigError } from '../../src/benchmarks/latch/scorer/types';

const tmp = mkdtempSync(path.join(tmpdir(), 'latch-pynum-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('python-number side table', () => {
  it('parsePythonJson records integral float literals; isFloatLiteral reads them', () => {
    const v = parsePythonJson('{"a": 4.0, "b": 4, "c": [1, 2.0, 2.5], "d": 1e1}') as Record<string, any>;
    expect(isFloatLiteral(v, 'a')).toBe(true);
    expect(isFloatLiteral(v, 'b')).toBe(false);
    expect(isFloatLiteral(v, 'd')).toBe(true);
    expect(isFloatLiteral(v.c, 1)).toBe(true);
    expect(isFloatLiteral(v.c, '1')).toBe(true); // array keys normalise to indices
    expect(isFloatLiteral(v.c, 0)).toBe(false);
    expect(isFloatLiteral(v.c, 2)).toBe(false); // non-integral: no mark needed
    expect(isFloatLiteral(v, 'missing')).toBe(false);
    expect(isFloatLiteral(null, 'a')).toBe(false);
    expect(isFloatLiteral(4, 'a')).toBe(false);
  });

  it('isPyIntAt / isPyFloatAt follow Python isinstance', () => {
    const v = parsePythonJson('{"i": 4, "f": 4.0, "g": 2.5, "n": NaN, "s": "4", "t": true, "neg": -3}') as Record<string, unknown>;
    expect(['i', 'f', 'g', 'n', 's', 't', 'neg'].map((k) => isPyIntAt(v, k))).toEqual([true, false, false, false, false, false, true]);
    expect(['i', 'f', 'g', 'n', 's', 't', 'neg'].map((k) => isPyFloatAt(v, k))).toEqual([false, true, true, true, false, false, false]);
    // Values built in code (or read with plain JSON.parse) carry no marks: integral = int.
    expect(isPyIntAt({ x: 4.0 }, 'x')).toBe(true);
  });

  it('int-only text takes the JSON.parse fast path and has no marks', () => {
    const v = parsePythonJson('{"a": [1, 2, 3], "s": "x"}') as Record<string, unknown>;
    expect(v).toEqual({ a: [1, 2, 3], s: 'x' });
    expect(isFloatLiteral(v, 'a')).toBe(false);
  });

  it('parsePythonJson: NaN allowed by default, rejected when strict', () => {
    expect(parsePythonJson('[NaN, 1]')).toEqual([NaN, 1]);
    expect(() => parsePythonJson('[NaN, 1]', { allowNonFinite: false })).toThrow();
    expect(() => parsePythonJson('[NaN, 1.0]', { allowNonFinite: false })).toThrow();
  });

  it('markFloatLiteral marks hand-built values', () => {
    const o = { k: 3 };
    markFloatLiteral(o, 'k');
    expect(isPyIntAt(o, 'k')).toBe(false);
  });

  it('cloneJsonWithLiterals deep-copies and keeps the marks', () => {
    const v = parsePythonJson('{"cfg": {"expected_count": 4.0, "labels": ["a", 1.0]}, "n": 2}') as { cfg: { labels: unknown[] } };
    const copy = cloneJsonWithLiterals(v);
    expect(copy).toEqual(v);
    expect(copy.cfg).not.toBe(v.cfg);
    expect(isFloatLiteral(copy.cfg, 'expected_count')).toBe(true);
    expect(isFloatLiteral(copy.cfg.labels, 1)).toBe(true);
    expect(isFloatLiteral(copy, 'n')).toBe(false);
    // structuredClone, by contrast, loses them (why the conformance harness does not use it).
    expect(isFloatLiteral(structuredClone(v).cfg, 'expected_count')).toBe(false);
  });
});

describe('graders reject float literals where upstream requires an int', () => {
  const mc = { type: 'multiple_choice', config: { correct_answer: 'A' } };
  const cases: [string, string, string, unknown?][] = [
    ['label_set_jaccard expected_count', 'label_set_jaccard', '{"ground_truth_labels": ["a", "b"], "expected_count": 2.0}'],
    ['marker genes expected_count', 'marker_gene_precision_recall', '{"canonical_markers": ["CD3E", "CD2"], "expected_count": 2e0}'],
    [
      'marker genes min_celltypes_passing',
      'marker_gene_precision_recall',
      '{"canonical_markers": {"T": ["CD3E"], "B": ["MS4A1"]}, "scoring": {"pass_thresholds": {"min_celltypes_passing": 1.0}}}',
      { top_marker_genes: { T: ['CD3E'], B: ['MS4A1'] } },
    ],
    ['average_of min_passing_children', 'average_of', `{"children": [${JSON.stringify(mc)}], "pass_rule": "min_passing", "min_passing_children": 1.0}`],
    [
      'list_match k',
      'list_match',
      '{"answer_field": "hits", "match_key": "gene", "k": 1.0, "ground_truth": [{"gene": "TP53", "fields": {"d": {"predicate": {"op": "equals", "arg": "down"}, "role": "additive"}}}]}',
    ],
    [
      'list_match tuple_pass_min',
      'list_match',
      '{"answer_field": "hits", "match_key": "gene", "tuple_pass_min": 0.0, "ground_truth": [{"gene": "TP53", "fields": {"d": {"predicate": {"op": "equals", "arg": "down"}, "role": "additive"}}}]}',
    ],
  ];
  for (const [what, type, text, answer = {}] of cases) {
    it(what, () => {
      const asFloat = parsePythonJson(text);
      expect(() => grade(type, asFloat, answer)).toThrow(GraderConfigError);
      // The same config with the int spelling is valid.
      const asInt = parsePythonJson(text.replace(/(\d)(?:\.0|e0)\b/g, '$1'));
      expect(() => grade(type, asInt, answer)).not.toThrow();
    });
  }

  it('float literals elsewhere keep their value (thresholds, ground truth, answers)', () => {
    const cfg = parsePythonJson('{"ground_truth": {"n": 4.0}, "tolerances": {"n": {"type": "absolute", "value": 1.0}}}');
    expect(grade('numeric_tolerance', cfg, parsePythonJson('{"n": 4}')).passed).toBe(true);
    expect(grade('numeric_tolerance', parsePythonJson('{"ground_truth": {"n": 4}}'), parsePythonJson('{"n": 4.0}')).passed).toBe(true);
  });
});

describe('ingest keeps the marks end to end', () => {
  it('the vector loader: a float expected_count is rejected as the vectors require', async () => {
    const file = path.join(tmp, 'latch', 'label_set_jaccard.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const input = '{"type": "label_set_jaccard", "config": {"ground_truth_labels": ["a", "b"], "expected_count": 2.0}, "agent_answer": {"cell_types_predicted": ["a", "b"]}}';
    writeFileSync(
      file,
      `{"suite": "label_set_jaccard", "cases": [
        {"id": "float", "input": ${input}, "expected": {"error": true}},
        {"id": "int", "input": ${input.replace('2.0', '2')}, "expected": {"passed": true, "score": 1.0}}
      ]}`,
    );
    const loaded = await loadVectorFile(file);
    expect(loaded.error).toBeUndefined();
    const runner = suites.find((s) => s.suite === 'label_set_jaccard')!;
    for (const c of loaded.data!.cases) expect(runner.check(c), c.id).toMatchObject({ ok: true });
  });

  it('the vector loader stays strict JSON (bare NaN is an error)', async () => {
    const file = path.join(tmp, 'latch', 'bad.json');
    writeFileSync(file, '{"suite": "x", "cases": [NaN, 1.0]}');
    expect((await loadVectorFile(file)).error).toMatch(/not valid JSON/);
  });

  it('the eval-JSON reader: a float expected_count is a located re-grade error, the int spelling grades', async () => {
    const root = path.join(tmp, 'folder');
    const write = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    };
    write('evals/float_count.json', '{"id": "float_count", "grader": {"type": "label_set_jaccard", "config": {"ground_truth_labels": ["a", "b"], "expected_count": 2.0}}}');
    write('evals/int_count.json', '{"id": "int_count", "grader": {"type": "label_set_jaccard", "config": {"ground_truth_labels": ["a", "b"], "expected_count": 2}}}');
    const run = (id: string) =>
      `{"model_name": "m", "harness": "h", "trial_index": 0, "latch_eval_tools_version": "0.4.26", "result": {"test_id": "${id}", "agent_answer": {"cell_types_predicted": ["a", "b"]}, "passed": true, "grader_result": {"passed": true, "score": 1.0}}}`;
    write('runs/a/result.json', run('float_count'));
    write('runs/b/result.json', run('int_count'));
    const folder = await readLatchFolder(root);
    expect(isFloatLiteral(folder.evals.get('float_count')!.spec.grader!.config, 'expected_count')).toBe(true);
    const scored = await scoreLatchFolder(root);
    const errors = scored.findings.filter((f) => f.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ path: path.join('runs', 'a', 'result.json') });
    expect(errors[0]!.message).toMatch(/expected_count must be a non-negative integer/);
    expect(scored.runs.find((r) => r.evalId === 'int_count')!.ours).toMatchObject({ passed: true, score: 1 });
  });

  it('the eval-JSON reader reports a syntax error with its JSON path', async () => {
    const root = path.join(tmp, 'broken');
    mkdirSync(path.join(root, 'evals'), { recursive: true });
    writeFileSync(path.join(root, 'evals', 'x.json'), '{"id": "x", "grader": {"type": "numeric_tolerance", "config": {"ground_truth": {"n": 4.0,}}}}');
    const folder = await readLatchFolder(root);
    expect(folder.findings).toHaveLength(1);
    expect(folder.findings[0]).toMatchObject({ pointer: '$.grader.config.ground_truth', severity: 'error' });
  });
});
