import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { scoreMedvisionTree } from '../../src/benchmarks/medvision/formats/score-tree';
import { compareValues } from '../../src/core/conformance/compare';
import { detectionMetrics, measurementMetrics } from '../../src/benchmarks/medvision/scorer/sample';

const need = needShared('MedVision real-result fixtures', 'fixtures/medvision/expected', 'fixtures/medvision/Results');
const root = sharedPath('fixtures/medvision');
const cases = need.ok
  ? readdirSync(join(root, 'expected')).flatMap((tag) =>
      readdirSync(join(root, 'expected', tag)).map((f) => ({ tag, model: f.replace(/\.json$/, '') })))
  : [];

// expected/ scores the stored filtered_resps as submitted: upstream-summarizer parity, reached with
// --trust-submitted-parse (the default re-extracts from resps; tests/medvision/reparsed.test.ts).
describe.skipIf(!need.ok)('score --trust-submitted-parse on real MedVision trees equals the upstream expectations', () => {
  it('finds every expectation file', () => expect(cases.length).toBeGreaterThanOrEqual(3));
  for (const { tag, model } of cases) {
    describe(`${tag}/${model}`, () => {
      const expected = JSON.parse(readFileSync(join(root, 'expected', tag, `${model}.json`), 'utf8'));
      const scored = scoreMedvisionTree(join(root, 'Results', tag, model), { keepSamples: true, trustSubmittedParse: true });
      const result = scored.models.find((m) => m.model === model)!;

      it('has no error findings', () => {
        expect(scored.findings.filter((f) => f.severity === 'error')).toEqual([]);
      });
      it('model summary', () => {
        expect(compareValues(expected.model_summary, result.model_summary, '$.model_summary', { keyOrder: true })).toEqual([]);
      });
      it('label groups', () => {
        expect(compareValues(expected.groups, result.groups, '$.groups', { keyOrder: true })).toEqual([]);
      });
      it('per-config metrics', () => {
        const ours = Object.fromEntries(
          scored.configs.map((c) => [c.path.split('/').pop()!, { n_records: c.n_records, metrics: c.metrics }]),
        );
        expect(compareValues(expected.configs, ours, '$.configs', { keyOrder: true })).toEqual([]);
      });
      it('per-sample metrics', () => {
        const diffs: string[] = [];
        for (const [file, rows] of Object.entries(expected.samples as Record<string, Record<string, unknown>[]>)) {
          const samples = [...scored.samples!.entries()].find(([p]) => p.endsWith(file))?.[1] ?? [];
          expect(samples.length).toBe(rows.length);
          rows.forEach((row, i) => {
            const s = samples[i]!;
            const { near_zero_gt_excluded: _x, doc_id, filtered_resp, target, ...want } = row;
            diffs.push(...compareValues({ doc_id, filtered_resp, target }, { doc_id: s.docId, filtered_resp: s.prediction, target: s.target }, `${file}[${i}]`));
            if (s.prediction !== s.filteredResp) diffs.push(`${file}[${i}]: scored ${s.prediction}, not the submitted ${s.filteredResp}`);
            const got = expected.task_type === 'Detection'
              ? (({ precisionKind: _k, ...m }) => m)(detectionMetrics(s.prediction, s.target))
              : measurementMetrics({ taskType: expected.task_type, answer: s.prediction, target: s.target, geometry: s.geometry, metricType: s.metricType });
            diffs.push(...compareValues(want, got, `${file}[${i}]`));
          });
        }
        expect(diffs).toEqual([]);
      });
    });
  }
});
