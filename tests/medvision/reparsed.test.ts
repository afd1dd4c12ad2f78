/**
 * `score --json` (the format handler the CLI calls, through the CLI's JSON encoding) on every real
 * tree of ../shared/fixtures/medvision/Results/ equals ../shared/fixtures/medvision/reparsed/
 * exactly: the predictions are re-extracted from the raw responses (`resps[0][0]`) with the newest
 * upstream parser, never taken from the submitter's `filtered_resps`. Zero tolerance.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { handler } from '../../src/benchmarks/medvision/format-handler';
import { scoreMedvisionTree } from '../../src/benchmarks/medvision/formats/score-tree';
import { detectionMetrics, measurementMetrics } from '../../src/benchmarks/medvision/scorer/sample';
import { compareValues } from '../../src/core/conformance/compare';
import { toJson } from '../../src/core/json-out';

const need = needShared('MedVision re-parsed fixtures', 'fixtures/medvision/reparsed', 'fixtures/medvision/Results');
const root = sharedPath('fixtures/medvision');
const cases = need.ok
  ? readdirSync(join(root, 'reparsed'))
      .filter((tag) => !tag.endsWith('.md'))
      .flatMap((tag) => readdirSync(join(root, 'reparsed', tag)).map((f) => ({ tag, model: f.replace(/\.json$/, '') })))
  : [];

interface Changed { doc_id: number; submitted: string; reparsed: string }

describe.skipIf(!need.ok)('score --json on every public real tree equals reparsed/ (upstream re-parsing the raw responses)', () => {
  it('finds a reparsed file for every tree in Results/', () => {
    const trees = readdirSync(join(root, 'Results')).flatMap((tag) => readdirSync(join(root, 'Results', tag)).map((m) => `${tag}/${m}`));
    expect(cases.map((c) => `${c.tag}/${c.model}`).sort()).toEqual(trees.sort());
    expect(cases.length).toBeGreaterThanOrEqual(3);
  });
  for (const { tag, model } of cases) {
    describe(`${tag}/${model}`, async () => {
      const want = JSON.parse(readFileSync(join(root, 'reparsed', tag, `${model}.json`), 'utf8'));
      const tree = join(root, 'Results', tag, model);
      // The CLI's own path: handler.score, then the CLI's JSON encoding (NaN → null).
      const out = JSON.parse(toJson(await handler.score(tree, {})));
      const m = out.summary.models.find((x: { model: string }) => x.model === model);

      it('scores from the raw responses and has no error findings', () => {
        expect(out.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
        expect(m.prediction_source).toBe('re-extracted from resps');
        expect(out.summary.predictions).toMatch(/re-extracted from resps/);
      });
      it('model summary', () => {
        expect(compareValues(want.model_summary, m.model_summary, '$.model_summary', { keyOrder: true })).toEqual([]);
      });
      it('label groups', () => {
        expect(compareValues(want.groups, m.groups, '$.groups', { keyOrder: true })).toEqual([]);
      });
      it('per-config metrics', () => {
        const ours = Object.fromEntries(out.items.map((c: { path: string; n_records: number; metrics: unknown }) => [c.path.split('/').pop()!, { n_records: c.n_records, metrics: c.metrics }]));
        expect(compareValues(want.configs, ours, '$.configs', { keyOrder: true })).toEqual([]);
      });
      it('per-sample predictions and metrics', () => {
        const scored = scoreMedvisionTree(tree, { keepSamples: true });
        const diffs: string[] = [];
        for (const [file, rows] of Object.entries(want.samples as Record<string, Record<string, unknown>[]>)) {
          const samples = [...scored.samples!.entries()].find(([p]) => p.endsWith(file))?.[1] ?? [];
          expect(samples.length).toBe(rows.length);
          rows.forEach((row, i) => {
            const s = samples[i]!;
            const { near_zero_gt_excluded: _x, doc_id, filtered_resp, target, ...metrics } = row;
            diffs.push(...compareValues({ doc_id, filtered_resp, target }, { doc_id: s.docId, filtered_resp: s.prediction, target: s.target }, `${file}[${i}]`));
            const got = want.task_type === 'Detection'
              ? (({ precisionKind: _k, ...r }) => r)(detectionMetrics(s.prediction, s.target))
              : measurementMetrics({ taskType: want.task_type, answer: s.prediction, target: s.target, geometry: s.geometry, metricType: s.metricType });
            diffs.push(...compareValues(metrics, got, `${file}[${i}]`));
          });
        }
        expect(diffs).toEqual([]);
      });
      it('every changed prediction is reported: one finding per file with the count', () => {
        const changed = want.reparse.changed as Record<string, Changed[]>;
        for (const [file, list] of Object.entries(changed)) {
          const f = out.findings.filter((x: { path: string; pointer: string }) => x.path.endsWith(file) && x.pointer === '$.filtered_resps[0]');
          if (list.length === 0) {
            expect(f).toEqual([]);
            continue;
          }
          expect(f).toHaveLength(1);
          expect(f[0].severity).toBe('warning');
          expect(f[0].message).toMatch(new RegExp(`^${list.length} of ${want.configs[file].n_records} predictions differ from the submitted parse; the board uses the re-extraction`));
        }
        const scored = scoreMedvisionTree(tree, { keepSamples: true });
        const ours: Record<string, Changed[]> = {};
        for (const [p, samples] of scored.samples!) {
          ours[p.split('/').pop()!] = samples.filter((s) => s.reextracted !== s.filteredResp).map((s) => ({ doc_id: s.docId, submitted: s.filteredResp!, reparsed: s.reextracted! }));
        }
        expect(ours).toEqual(changed);
        expect(Object.values(ours).reduce((n, l) => n + l.length, 0)).toBe(want.reparse.predictions_changed);
      });
    });
  }
});
