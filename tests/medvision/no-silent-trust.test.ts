/**
 * Never trust the submitter, never drop silently: each attack on a MedVision submission is a
 * located finding (file, line, JSON path) or the right unranked status, and the unmodified bundled
 * submissions still rank.
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreMedvisionTree, scoreModelFolder, type MedvisionScore } from '../../src/benchmarks/medvision/formats/score-tree';
import { discoverModelFolders } from '../../src/benchmarks/medvision/formats/discover';
import { answerFromRespsBytes } from '../../src/benchmarks/medvision/formats/raw-response';
import { extractAnswer } from '../../src/benchmarks/medvision/scorer/extract-answer';
import { readParsedFile } from '../../src/benchmarks/medvision/formats/read-parsed-file';
import { rankMedvision, unrankedReasonOf } from '../../src/benchmarks/medvision/boards/boards';
import { checkMedvision } from '../../src/benchmarks/medvision/checks';
import type { Entry } from '../../src/core/board';
import type { Finding } from '../../src/core/findings';

const TL_FILE = '20260101_000000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl';
const AD_FILE = '20260101_000000_samples_Ceph-Biometrics-400_BiometricsFromLandmarks_Angle_Task01_Sagittal.jsonl';
const DET_FILE = '20260101_000000_samples_FeTA24_BoxCoordinate_Task01_Axial.jsonl';

function tl(docId: number, answer = '41.0, 20.0', overrides: Record<string, unknown> = {}) {
  return {
    doc_id: docId,
    doc: {
      dataset_name: 'KiTS23', taskID: '01', taskType: 'Tumor-Lesion-Size', slice_dim: 2, slice_idx: 40, label: 2,
      image_size_2d: [512, 512], pixel_size: [0.78125, 0.78125], voxel_size: [0.78125, 0.78125, 3.0],
      biometric_profile: { metric_type: ['distance'], metric_key_major_axis: ['L-1-2'] },
    },
    target: '[40.5, 22.25]',
    resps: [[`<think>The pixel size is 0.781 mm.</think>\n<answer>${answer}</answer>`]],
    filtered_resps: [extractAnswer(`<answer>${answer}</answer>`, 2)],
    input: 'x'.repeat(300),
    ...overrides,
  };
}

function ad(docId: number, text: string) {
  return {
    doc_id: docId,
    doc: {
      dataset_name: 'Ceph-Biometrics-400', taskID: '01', taskType: 'Biometrics-From-Landmarks', slice_dim: 0, image_size_2d: [1935, 2400],
      pixel_size: [0.1, 0.1], biometric_profile: { metric_type: 'angle', metric_key: 'A-L_2_5-L_2_6' },
    },
    target: '15.693064',
    resps: [[text]],
    filtered_resps: [extractAnswer(text, 1)],
  };
}

function det(docId: number, target = '[0.1, 0.2, 0.3, 0.4]') {
  const text = '<answer>0.12, 0.2, 0.3, 0.41</answer>';
  return {
    doc_id: docId,
    doc: { dataset_name: 'FeTA24', taskID: '01', taskType: 'Box-Coordinate', slice_dim: 2, label: 1, image_size_2d: [256, 256], pixel_size: [0.8, 0.8] },
    target,
    resps: [[text]],
    filtered_resps: [extractAnswer(text, 4)],
  };
}

/** One model folder `Results/<tag>/model-a/parsed/` with the given files; returns the Results root. */
function tree(tag: string, files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'evalboard-trust-'));
  const parsed = join(root, 'Results', tag, 'model-a', 'parsed');
  mkdirSync(parsed, { recursive: true });
  for (const [name, body] of Object.entries(files)) writeFileSync(join(parsed, name), body);
  return root;
}
const jsonl = (records: unknown[]) => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';
const at = (tag: string, name: string) => `Results/${tag}/model-a/parsed/${name}`;

function finding(out: MedvisionScore | { findings: Finding[] }, where: Partial<Finding>): Finding | undefined {
  return out.findings.find((f) => Object.entries(where).every(([k, v]) => f[k as keyof Finding] === v));
}

describe('the submitter\'s parse is only compared: predictions come from the raw responses', () => {
  // Line 2's filtered_resps is edited to the exact ground truth; resps keeps the model's answer.
  const records = [tl(0), { ...tl(1), filtered_resps: ['40.5,22.25'] }, tl(2, '39, 21')];
  const root = tree('MedVision-TL', { [TL_FILE]: jsonl(records) });

  it('an edited filtered_resps is one located warning per file, with examples, and is not scored', () => {
    const out = scoreMedvisionTree(root);
    const f = finding(out, { path: at('MedVision-TL', TL_FILE), line: 2, pointer: '$.filtered_resps[0]', severity: 'warning' });
    expect(f?.message).toMatch(/^1 of 3 predictions differ from the submitted parse; the board uses the re-extraction/);
    expect(f?.message).toContain('line 2 (doc_id 1): submitted "40.5,22.25", re-extracted "41.0,20.0"');
    expect(out.findings.filter((x) => x.pointer === '$.filtered_resps[0]')).toHaveLength(1);
    // Scored from the responses: MAE of (41, 20), (41, 20) and (39, 21) against (40.5, 22.25).
    const mae = [(0.5 + 2.25) / 2, (0.5 + 2.25) / 2, (1.5 + 1.25) / 2].reduce((a, b) => a + b) / 3;
    expect(out.configs[0]!.metrics!.avgMAE).toBe(mae);
    expect(out.models[0]!.prediction_source).toBe('re-extracted from resps');
  });
  it('--trust-submitted-parse scores the submitted parse, says so, and still reports the difference', () => {
    const out = scoreMedvisionTree(root, { trustSubmittedParse: true });
    expect(out.models[0]!.prediction_source).toMatch(/trust-submitted-parse/);
    const mae = [(0.5 + 2.25) / 2, 0, (1.5 + 1.25) / 2].reduce((a, b) => a + b) / 3;
    expect(out.configs[0]!.metrics!.avgMAE).toBe(mae);
    expect(finding(out, { line: 2, pointer: '$.filtered_resps[0]' })?.message).toMatch(/^1 of 3 submitted parses differ from the re-extraction/);
  });
  it('a missing or misshapen resps is a located error, not a fallback to filtered_resps', () => {
    const { resps: _r, ...noResps } = tl(0);
    const out = scoreMedvisionTree(tree('MedVision-TL', { [TL_FILE]: jsonl([noResps, { ...tl(1), resps: 'text' }, { ...tl(2), resps: [[7]] }, tl(3)]) }));
    const file = at('MedVision-TL', TL_FILE);
    expect(finding(out, { path: file, line: 1, pointer: '$.resps', severity: 'error' })?.message).toMatch(/missing/);
    expect(finding(out, { path: file, line: 2, pointer: '$.resps', severity: 'error' })).toBeDefined();
    expect(finding(out, { path: file, line: 3, pointer: '$.resps[0][0]', severity: 'error' })).toBeDefined();
    expect(out.configs[0]!.n_records).toBe(1);
  });
});

describe('the byte-level answer cut equals the upstream extraction on the decoded text', () => {
  const cut = (value: unknown, k: number) => {
    const buf = Buffer.from(JSON.stringify(value));
    return answerFromRespsBytes(buf, 0, buf.length, k);
  };
  it('on escapes that spell tags, nested lists, and text without a closed tag', () => {
    // TL, k = 2.
    const read = (text: string) => {
      const line = JSON.stringify(tl(0, '1, 2', { resps: [[text]] })).replace(JSON.stringify(text).slice(1, -1), text);
      const dir = mkdtempSync(join(tmpdir(), 'evalboard-cut-'));
      const f = join(dir, TL_FILE);
      writeFileSync(f, line + '\n');
      return readParsedFile(f, 'x', 'TL').samples[0]?.prediction;
    };
    // Raw JSON escapes written into the line: \u003c is "<", \/ is "/".
    expect(read('\\u003canswer>3, 4<\\/answer>')).toBe('3,4');
    expect(read('<answer>5, 6<\\u002fanswer>')).toBe('5,6');
    expect(read('<\\u0061nswer>7,8</answer>')).toBe('7,8');
    expect(read('<answer>1,\\u0669</answer>')).toBe('1,\u0669');
    expect(read('<answer>9, 10')).toBe('');
    expect(cut([[['<answer>1,2</answer>']]], 2)).toBe('1,2');
  });
  it('for any text (property)', () => {
    const piece = fc.constantFrom('<answer>', '</answer>', '<answer', '</', '/', '1', '2.5', '1,234', '-3', ',', ' ', '\n', '"', '\\', '\u00b0', '\u0663', 'mm', '\u0000');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 12 }), fc.constantFrom(1, 2, 4), (parts, k) => {
        const text = parts.join('');
        const got = cut([[text]], k);
        if (got !== undefined) expect(got).toBe(extractAnswer(text, k));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('runs with no successful answer are never ranked', () => {
  // AD: upstream gives a model that fails every sample MAE = MRE = 0.0, the best value on a lower-is-better board.
  const root = tree('MedVision-AD', { [AD_FILE]: jsonl([0, 1, 2, 3].map((i) => ad(i, ''))) });
  const out = scoreMedvisionTree(root);
  const m = out.models[0]!;

  it('the model result says no successful answers (n_success 0), with a finding', () => {
    expect(m.n_success).toBe(0);
    expect(m.model_summary).toMatchObject({ weighted_avg_mae: 0, weighted_avg_mre: 0 });
    expect(m.unranked_reason).toBe('no successful answers');
    expect(finding(out, { path: 'Results/MedVision-AD/model-a', severity: 'warning' })?.message).toMatch(/not ranked, no successful answers/);
  });
  it('the board lists it below the ranking, not at #1', () => {
    const good = scoreMedvisionTree(tree('MedVision-AD', { [AD_FILE]: jsonl([0, 1, 2, 3].map((i) => ad(i, '<answer>16.1</answer>'))) })).models[0]!;
    expect(unrankedReasonOf(good)).toBeUndefined();
    const entry = (model: string, r: typeof m): Entry => ({
      model, modelSlug: model, submissionId: model, org: 'o', weights: 'open', n: r.n_samples, primary: (r.model_summary as unknown as Record<string, number>).weighted_avg_mre, secondary: [],
    } as unknown as Entry);
    const empty = entry('empty', m);
    const real = entry('real', good);
    const why = new Map<Entry, string>([[empty, unrankedReasonOf(m)!]]);
    const section = rankMedvision([empty, real], why, 'lower');
    expect(section.rows.map((r) => r.model)).toEqual(['real']);
    expect(section.unranked).toMatchObject([{ model: 'empty', status: 'not_ranked', reason: 'not ranked: no successful answers' }]);
  });
  it('the review facts say it is not ranked', () => {
    const check = checkMedvision(root);
    expect(check.facts.some((f) => /not ranked: no successful answers/.test(f.value))).toBe(true);
    expect(check.recomputed['MedVision-AD/model-a/n_success']).toBe(0);
  });
});

describe('judge-parsed records (LLM_filtered_resps) are labelled, never recomputed or ranked with regex rows', () => {
  const judged = [0, 1].map((i) => {
    const { filtered_resps: _f, ...r } = tl(i, 'about forty by twenty');
    return { ...r, LLM_filtered_resps: ['40,20'] };
  });
  const root = tree('MedVision-TL', { [TL_FILE]: jsonl([tl(5), ...judged]) });
  const out = scoreMedvisionTree(root);

  it('one located warning per file says judge-parsed, not recomputed', () => {
    const f = finding(out, { path: at('MedVision-TL', TL_FILE), line: 2, pointer: '$.LLM_filtered_resps', severity: 'warning' });
    expect(f?.message).toMatch(/^2 of 3 records are parsed by an LLM judge .*judge-parsed, not recomputed/);
  });
  it('the model result carries the label and the boards leave it unranked', () => {
    const m = out.models[0]!;
    expect(m.n_judge_parsed).toBe(2);
    expect(m.prediction_source).toBe('judge-parsed, not recomputed');
    expect(m.unranked_reason).toBe('judge-parsed, not recomputed');
    expect(unrankedReasonOf(m)).toBe('judge-parsed, not recomputed');
  });
});

describe('physically impossible inputs are located errors', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['negative image_size_2d', { doc: { ...tl(0).doc, image_size_2d: [-512, 512] } }, '$.doc.image_size_2d[0]'],
    ['zero pixel_size', { doc: { ...tl(0).doc, pixel_size: [0.78125, 0] } }, '$.doc.pixel_size[1]'],
    ['negative pixel_size', { doc: { ...tl(0).doc, pixel_size: [-0.78125, 0.78125] } }, '$.doc.pixel_size[0]'],
    ['negative voxel_size (the in-plane size nMAE uses)', { doc: { ...tl(0).doc, voxel_size: [-0.78125, 0.78125, 3] } }, '$.doc.voxel_size[0]'],
  ];
  for (const [what, overrides, pointer] of cases) {
    it(what, () => {
      const out = scoreMedvisionTree(tree('MedVision-TL', { [TL_FILE]: jsonl([tl(0), tl(1, '41.0, 20.0', overrides)]) }));
      const f = finding(out, { path: at('MedVision-TL', TL_FILE), line: 2, pointer, severity: 'error' });
      expect(f?.message).toMatch(/positive/);
      expect(out.configs[0]!.n_records).toBe(1);
    });
  }
  it('a zero-area ground-truth box', () => {
    const out = scoreMedvisionTree(tree('MedVision-detect', { [DET_FILE]: jsonl([det(0), det(1, '[0.1, 0.2, 0.1, 0.4]'), det(2, '[0.1, 0.2, 0.3, 0.2]')]) }));
    const file = at('MedVision-detect', DET_FILE);
    for (const line of [2, 3]) expect(finding(out, { path: file, line, pointer: '$.target', severity: 'error' })?.message).toMatch(/zero-area ground-truth box/);
    expect(out.configs[0]!.n_records).toBe(1);
  });
});

describe('an exception while scoring is a located error, never a silently scored failure', () => {
  it('a record that makes the scorer throw (a TypeError) is reported at its line', () => {
    const root = tree('MedVision-detect', { [DET_FILE]: jsonl([det(0), det(1)]) });
    const [folder] = discoverModelFolders(root);
    // A reader that lets through a sample nothing validated: its target is missing.
    const out = scoreModelFolder({
      folder: folder!,
      root,
      read: (file, display, taskType, opts) => {
        const parsed = readParsedFile(file, display, taskType, opts);
        const bad = parsed.samples[1]!;
        parsed.samples[1] = { ...bad, target: undefined as unknown as string, targetValues: undefined as unknown as number[] };
        return parsed;
      },
    });
    const f = finding(out, { path: at('MedVision-detect', DET_FILE), line: 2, pointer: '$', severity: 'error' });
    expect(f?.message).toMatch(/^scoring this record failed \(TypeError: .*\); sample not scored$/);
    expect(out.configs[0]!.n_records).toBe(1);
  });
});

describe('the run\'s own files: nothing ignored', () => {
  const records = jsonl([tl(0), tl(1)]);
  it('a wrong-shape _results.json is a located warning (claimed values not compared)', () => {
    const shapes: [string, string][] = [
      ['{"results": [1, 2]}', '$.results'],
      ['[1, 2]', '$'],
      ['{"config": {}}', '$.results'],
      ['{"results": {"KiTS23_TumorLesionSize_Task01_Axial": "high"}}', '$.results.KiTS23_TumorLesionSize_Task01_Axial'],
      ['{"results": {"KiTS23_TumorLesionSize_Task01_Axial": {"avgMAE,none": "abc"}}}', '$.results.KiTS23_TumorLesionSize_Task01_Axial["avgMAE,none"]'],
      ['{"results": {"Other_TumorLesionSize_Task09_Axial": {"avgMAE,none": 1.5}}}', '$.results["Other_TumorLesionSize_Task09_Axial"]'],
    ];
    for (const [body, pointer] of shapes) {
      const out = scoreMedvisionTree(tree('MedVision-TL', { [TL_FILE]: records, '20260101_000000_results.json': body }));
      expect(finding(out, { path: at('MedVision-TL', '20260101_000000_results.json'), pointer, severity: 'warning' }), body).toBeDefined();
    }
  });
  it('an unknown file in parsed/ is a located warning; upstream summarizer outputs are known', () => {
    const out = scoreMedvisionTree(tree('MedVision-TL', { [TL_FILE]: records, 'notes.txt': 'hello', 'summary_metrics_TL_Task.json': '{}' }));
    expect(finding(out, { path: at('MedVision-TL', 'notes.txt'), pointer: '$', severity: 'warning' })?.message).toMatch(/not read/);
    expect(out.findings.filter((f) => f.path.endsWith('summary_metrics_TL_Task.json'))).toEqual([]);
  });
  it('the numbers a _results.json claims are listed next to ours, under our keys', () => {
    const body = JSON.stringify({ results: { KiTS23_TumorLesionSize_Task01_Axial: { alias: 'x', 'avgMAE,none': '9.5', 'avgMAE_stderr,none': 'N/A', SuccessRate: 1.0, 'avgIoU,none': 'nan' } } });
    const root = tree('MedVision-TL', { [TL_FILE]: records, '20260101_000000_results.json': body });
    const check = checkMedvision(join(root));
    const prefix = 'MedVision-TL/model-a/config/KiTS23_TumorLesionSize_Task01_Axial';
    expect(check.fileClaims).toEqual([
      { key: `${prefix}/avgMAE`, claimed: 9.5, recomputed: check.recomputed[`${prefix}/avgMAE`], status: 'mismatch' },
      { key: `${prefix}/SuccessRate`, claimed: 1, recomputed: 1, status: 'ok' },
      { key: `${prefix}/avgIoU`, claimed: null, recomputed: undefined, status: 'unknown' },
    ]);
  });
});

describe('the unmodified bundled submissions still rank', () => {
  const dirs = readdirSync(join(__dirname, '../../results/medvision')).map((d) => join(__dirname, '../../results/medvision', d));
  it('finds the bundled MedVision submissions', () => expect(dirs.length).toBeGreaterThan(0));
  for (const dir of dirs) {
    it(dir.split('/').pop()!, () => {
      const out = scoreMedvisionTree(dir);
      expect(out.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(out.findings.filter((f) => f.pointer === '$.filtered_resps[0]')).toEqual([]);
      for (const m of out.models) {
        expect(m.prediction_source).toBe('re-extracted from resps');
        expect(m.n_success).toBeGreaterThan(0);
        expect(unrankedReasonOf(m)).toBeUndefined();
      }
    });
  }
});
