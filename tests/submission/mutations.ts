import { appendFileSync, cpSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { editJson, editLine, filesUnder, readJson, writeJson, type Bench } from './helpers';

/** One malformed variant: how to break a copy of the valid example, and where the error must point. */
export interface Mutation {
  name: string;
  apply: (dir: string) => void;
  /** The file (relative to the submission folder) the error must name; '.' = the folder itself. */
  file?: string | ((dir: string) => string);
  /** Require a line number (JSONL, or a JSON document's syntax error). */
  line?: boolean;
  /** The JSON path one located error must carry, exactly (with `message`, on the same error). */
  pointer?: string;
  /** What that error must say. */
  message?: RegExp;
  /** Instead of `file`: the repo-relative file outside the folder the error must name (the model registry's `models/<id>.json`). */
  repoFile?: (dir: string) => string;
}

/** The tmp repo root of a staged submission folder `<root>/results/<benchmark>/<id>`. */
export const rootOf = (dir: string) => dirname(dirname(dirname(dir)));
/** The registry file of the model a staged submission names, repo-relative. */
export const modelFile = (dir: string) => `models/${readJson(join(dir, 'submission.json')).model as string}.json`;
/** Edit the registry file of the model a staged submission names. */
export const editModel = (dir: string, f: (j: any) => void) => editJson(join(rootOf(dir), modelFile(dir)), f);

const SJ = 'submission.json';
const sj = (dir: string) => join(dir, SJ);

/** Mutations of submission.json and of the folder, valid for every benchmark. */
export const COMMON: Mutation[] = [
  { name: 'submission.json truncated', file: SJ, apply: (d) => { const t = readFileSync(sj(d), 'utf8'); writeFileSync(sj(d), t.slice(0, t.length / 2)); } },
  { name: 'submission.json empty', file: SJ, apply: (d) => truncateSync(sj(d), 0) },
  { name: 'submission.json is an array', file: SJ, apply: (d) => writeFileSync(sj(d), '[]') },
  { name: 'submission.json missing', file: SJ, apply: (d) => rmSync(sj(d)) },
  { name: 'claimed value is the string "NaN"', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.claimed = { x: 'NaN' }; }) },
  { name: 'claimed value disagrees with the recomputed one', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.claimed = { ...(j.claimed ?? {}) }; const k = Object.keys(j.claimed)[0]; if (k) j.claimed[k] = j.claimed[k] + 1; else j.claimed['nope/accuracy'] = 1; }) },
  { name: 'claimed key we do not compute', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.claimed = { 'no/such/number': 0.5 }; }) },
  { name: 'id differs from the folder name', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.id = 'another-id'; }) },
  { name: 'id with path traversal', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.id = '../../etc/passwd'; }) },
  { name: 'absolute path as id', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.id = '/etc/passwd'; }) },
  { name: 'benchmark is another benchmark', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.benchmark = j.benchmark === 'latch' ? 'medvision' : 'latch'; }) },
  { name: 'benchmark unknown', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.benchmark = 'imagenet'; }) },
  { name: 'model missing', file: SJ, pointer: '$.model', apply: (d) => editJson(sj(d), (j) => { delete j.model; }) },
  { name: 'model holds markup', file: SJ, pointer: '$.model', apply: (d) => editJson(sj(d), (j) => { j.model = '<script>alert(1)</script>'; }) },
  { name: 'model is not registered', file: SJ, pointer: '$.model', message: /no model "no-such-model" is registered/, apply: (d) => editJson(sj(d), (j) => { j.model = 'no-such-model'; }) },
  { name: 'model in the old object form', file: SJ, pointer: '$.model', apply: (d) => editJson(sj(d), (j) => { j.model = { name: 'x', org: 'y', weights: 'open' }; }) },
  { name: 'registry: weights not open/closed/n/a', repoFile: modelFile, pointer: '$.weights', apply: (d) => editModel(d, (j) => { j.weights = 'maybe'; }) },
  { name: 'registry: model card link is javascript:', repoFile: modelFile, pointer: '$.links.model_card', apply: (d) => editModel(d, (j) => { j.links = { model_card: 'javascript:alert(1)' }; }) },
  { name: 'registry: name holds markup', repoFile: modelFile, pointer: '$.name', apply: (d) => editModel(d, (j) => { j.name = '<script>alert(1)</script>'; }) },
  { name: 'registry: id differs from the file name', repoFile: modelFile, pointer: '$.id', apply: (d) => editModel(d, (j) => { j.id = 'someone-else'; }) },
  { name: 'submitted_at not a date', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.submitted_at = 'yesterday'; }) },
  { name: 'a self-declared review in submission.json', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.review = { status: 'accepted', revision: 1, verdict: 'Accepted by the maintainers' }; }) },
  { name: 'a self-declared changelog in submission.json', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.changelog = [{ date: '2026-09-01', kind: 'added', reason: 'x' }]; }) },
  { name: 'unknown top-level field', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.score = 99; }) },
  { name: 'changelog kind unknown', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.changelog = [{ date: '2026-01-01', kind: 'deleted', reason: 'x' }]; }) },
  { name: 'disclosures missing', file: SJ, apply: (d) => editJson(sj(d), (j) => { delete j.disclosures; }) },
  { name: 'submission.json over 1 MiB', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.disclosures.notes = 'x'.repeat(1_100_000); }) },
  { name: 'submission.json is a symlink out of results/', file: SJ, apply: (d) => { rmSync(sj(d)); symlinkSync('/etc/passwd', sj(d)); } },
  { name: 'symlink pointing outside results/', file: 'escape', apply: (d) => symlinkSync('../../../../../../../../etc', join(d, 'escape')) },
  { name: 'symlink into another submission folder', file: 'other', apply: (d) => { mkdirSync(join(d, '..', 'other-sub'), { recursive: true }); symlinkSync('../other-sub', join(d, 'other')); } },
  { name: 'absolute symlink', file: 'abs-link', apply: (d) => symlinkSync('/tmp', join(d, 'abs-link')) },
  { name: 'named pipe in the folder', file: 'pipe', apply: (d) => execFileSync('mkfifo', [join(d, 'pipe')]) },
  { name: 'id already used by another benchmark', file: SJ, apply: (d) => { const other = join(d, '..', '..', d.includes('/latch/') ? 'medvision' : 'latch', d.split('/').pop()!); mkdirSync(other, { recursive: true }); } },
];

const firstFile = (dir: string, re: RegExp) => filesUnder(dir).find((f) => re.test(f))!;

const MV = (d: string) => firstFile(d, /MedVision-TL\/.*_samples_.*\.jsonl$/);
const MV_AD = (d: string) => firstFile(d, /MedVision-AD\/.*_samples_.*Ceph.*\.jsonl$/);
const mvLine = (n: number, f: ((r: any) => void) | string) => (d: string) => editLine(join(d, MV(d)), n, f);
const mv = (name: string, n: number, f: ((r: any) => void) | string): Mutation => ({ name, file: MV, line: true, apply: mvLine(n, f) });

export const MEDVISION: Mutation[] = [
  mv('record truncated mid-line', 3, (() => '{"doc_id": 2, "doc": {"dataset_name": "KiTS')()),
  mv('target is the string "NaN"', 2, (r) => { r.target = 'NaN'; }),
  mv('target is a number, not text', 2, (r) => { r.target = 26.5; }),
  mv('target has 3 numbers for TL', 2, (r) => { r.target = '[1, 2, 3]'; }),
  mv('doc.pixel_size is a string', 2, (r) => { r.doc.pixel_size = '1,1'; }),
  mv('doc.image_size_2d has 3 entries', 2, (r) => { r.doc.image_size_2d = [1, 2, 3]; }),
  mv('doc.image_size_2d holds NaN', 2, '{"doc_id": 1, "doc": {"taskID": "01", "slice_dim": 2, "label": 1, "image_size_2d": [NaN, 512], "pixel_size": [1, 1]}, "target": "[1, 2]", "filtered_resps": ["1,2"]}'),
  mv('doc.pixel_size holds Infinity', 2, '{"doc_id": 1, "doc": {"taskID": "01", "slice_dim": 2, "label": 1, "image_size_2d": [512, 512], "pixel_size": [Infinity, 1]}, "target": "[1, 2]", "filtered_resps": ["1,2"]}'),
  mv('filtered_resps is a string', 2, (r) => { r.filtered_resps = '1,2'; }),
  mv('filtered_resps is empty', 2, (r) => { r.filtered_resps = []; }),
  mv('doc_id negative', 2, (r) => { r.doc_id = -1; }),
  mv('doc_id is a string', 2, (r) => { r.doc_id = '7'; }),
  mv('doc_id duplicated', 2, (r) => { r.doc_id = 0; }),
  mv('slice_dim out of range', 2, (r) => { r.doc.slice_dim = 5; }),
  mv('taskID not numeric', 2, (r) => { r.doc.taskID = 'abc'; }),
  mv('doc missing', 2, (r) => { delete r.doc; }),
  mv('line is not JSON', 2, 'hello world'),
  mv('line is a JSON array', 2, '[1, 2, 3]'),
  mv('line is a bare NaN', 2, 'NaN'),
  { name: 'AD record without metric_key', file: MV_AD, line: true, apply: (d) => editLine(join(d, MV_AD(d)), 1, (r) => { delete r.doc.biometric_profile.metric_key; }) },
  { name: 'samples file empty', file: MV, apply: (d) => truncateSync(join(d, MV(d)), 0) },
  { name: 'one record of 17 MiB', file: MV, line: true, apply: (d) => appendFileSync(join(d, MV(d)), `\n{"doc_id": 999999, "pad": "${'x'.repeat(17 << 20)}"}\n`) },
  {
    name: 'results.json num_samples disagrees with the samples file',
    file: MV,
    apply: (d) => {
      const f = firstFile(d, /MedVision-TL\/.*_results\.json$/);
      editJson(join(d, f), (j) => { for (const k of Object.keys(j.results)) j.results[k].num_samples += 5; });
    },
  },
  {
    name: 'two models in one submission',
    file: 'Results',
    apply: (d) => {
      const f = MV(d);
      const modelDir = dirname(dirname(join(d, f)));
      cpSync(modelDir, `${modelDir}-other`, { recursive: true });
    },
  },
  {
    name: 'subtask with more than 1000 samples',
    file: MV,
    apply: (d) => {
      const p = join(d, MV(d));
      const line = readFileSync(p, 'utf8').split('\n')[0]!;
      const rec = JSON.parse(line);
      const out: string[] = [];
      for (let i = 0; i < 1001; i++) out.push(JSON.stringify({ ...rec, doc_id: i }));
      writeFileSync(p, `${out.join('\n')}\n`);
    },
  },
  {
    name: 'samples file in a folder of unknown family',
    file: (d) => MV(d).replace('MedVision-TL', 'MedVision-XX').replace('TumorLesionSize', 'Mystery'),
    apply: (d) => {
      const f = MV(d);
      const target = join(d, f.replace('MedVision-TL', 'MedVision-XX').replace('TumorLesionSize', 'Mystery'));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(join(d, f), target);
    },
  },
];

const LR = (d: string) => firstFile(d, /\/result\.json$/);
const LE = (d: string) => firstFile(d, /^evals\/.*\.json$/);
const lr = (name: string, f: (j: any) => void): Mutation => ({ name, file: LR, apply: (d) => editJson(join(d, LR(d)), f) });
const le = (name: string, f: (j: any) => void): Mutation => ({ name, file: LE, apply: (d) => editJson(join(d, LE(d)), f) });
const evalIdOf = (d: string) => readJson(join(d, LE(d))).id as string;
const runOf = (d: string, evalId: string) => filesUnder(d).find((f) => f.endsWith('/result.json') && (readJson(join(d, f)).result as { test_id: string }).test_id === evalId)!;

export const LATCH: Mutation[] = [
  { name: 'result.json truncated', file: LR, apply: (d) => { const p = join(d, LR(d)); const t = readFileSync(p, 'utf8'); writeFileSync(p, t.slice(0, t.length - 20)); } },
  { name: 'result.json empty', file: LR, apply: (d) => truncateSync(join(d, LR(d)), 0) },
  { name: 'result.json is an array', file: LR, apply: (d) => writeFileSync(join(d, LR(d)), '[]') },
  lr('trial_index is a string', (j) => { j.trial_index = '1'; }),
  lr('trial_index is fractional', (j) => { j.trial_index = 1.5; }),
  lr('model_name missing', (j) => { delete j.model_name; }),
  lr('harness is a number', (j) => { j.harness = 7; }),
  lr('result missing', (j) => { delete j.result; }),
  lr('result.passed is "yes"', (j) => { j.result.passed = 'yes'; }),
  lr('grader_result.score is the string "NaN"', (j) => { j.result.grader_result = { passed: true, score: 'NaN' }; }),
  lr('test_id with path traversal', (j) => { j.result.test_id = '../../../etc/passwd'; }),
  lr('test_id is an absolute path', (j) => { j.result.test_id = '/etc/passwd'; }),
  lr('test_id names no eval JSON', (j) => { j.result.test_id = 'no_such_eval'; }),
  lr('a second model in the submission', (j) => { j.model_name = 'someone/else'; }),
  {
    name: 'duplicate run (same eval, model, harness, trial)',
    file: (d) => LR(d).replace(/\/r\d+\/result\.json$/, '/r99/result.json'),
    apply: (d) => { const f = LR(d); const to = join(d, f.replace(/\/r\d+\/result\.json$/, '/r99/result.json')); mkdirSync(dirname(to), { recursive: true }); cpSync(join(d, f), to); },
  },
  { name: 'eval JSON truncated', file: LE, apply: (d) => { const p = join(d, LE(d)); writeFileSync(p, readFileSync(p, 'utf8').slice(0, 30)); } },
  le('eval JSON with both grader and graders', (j) => { j.graders = [j.grader]; }),
  le('eval JSON without a grader', (j) => { delete j.grader; delete j.graders; }),
  le('eval id is a number', (j) => { j.id = 5; }),
  (() => {
    let run = '';
    // The edited eval JSON no longer matches the reference: the error names the eval file (its runs are not scored).
    return { name: 'grader type unknown (the eval JSON differs from the reference)', file: () => run, apply: (d: string) => { run = LE(d); editJson(join(d, LE(d)), (j) => { if (j.grader) j.grader.type = 'no_such_grader'; else j.graders[0].type = 'no_such_grader'; }); } };
  })(),
  (() => {
    let run = '';
    return { name: 'eval JSON removed: its runs cannot be re-graded', file: () => run, apply: (d: string) => { run = runOf(d, evalIdOf(d)); const f = LE(d); renameSync(join(d, f), join(d, f.replace(/\.json$/, '.txt'))); } };
  })(),
];

const CE = (d: string) => firstFile(d, /^episodes\/.*\.json$/);
const ce = (name: string, f: (j: any) => void): Mutation => ({ name, file: CE, apply: (d) => editJson(join(d, CE(d)), f) });

export const CLINICALBENCH: Mutation[] = [
  { name: 'episode file truncated', file: CE, apply: (d) => { const p = join(d, CE(d)); const t = readFileSync(p, 'utf8'); writeFileSync(p, t.slice(0, t.length / 2)); } },
  { name: 'episode file empty', file: CE, apply: (d) => truncateSync(join(d, CE(d)), 0) },
  ce('task_id unknown', (j) => { j.episodes[0].task_id = 'task_impossible'; }),
  ce('seed is a string', (j) => { j.episodes[0].seed = '42'; }),
  ce('seed is fractional', (j) => { j.episodes[0].seed = 1.5; }),
  ce('actions is not a list', (j) => { j.episodes[0].actions = 'flag everything'; }),
  ce('episode without actions', (j) => { delete j.episodes[0].actions; }),
  ce('episodes list empty', (j) => { j.episodes = []; }),
  ce('action_type is a number', (j) => { j.episodes[0].actions[0].action_type = 3; }),
  ce('confidence is a string', (j) => { j.episodes[0].actions[0].confidence = 'high'; }),
  ce('duplicate episode id', (j) => { j.episodes[1].id = j.episodes[0].id; }),
  ce('episode id with path traversal', (j) => { j.episodes[0].id = '../../../etc/passwd'; }),
  ce('episode id is an absolute path', (j) => { j.episodes[0].id = '/etc/passwd'; }),
  ce('the same seed and task played twice', (j) => { j.episodes.push({ ...j.episodes[0], id: `${j.episodes[0].id}-again` }); }),
  ce('claimed benchmark_score disagrees with the replay', (j) => { j.episodes[0].claimed = { benchmark_score: 0.123 }; }),
  ce('claimed counters disagree with the replay', (j) => { j.episodes[0].claimed = { final_state: { correct_flags: 999 } }; }),
  ce('submitted ground truth differs from the regenerated one', (j) => { j.episodes[0].ground_truth = { errors: [{ patient_id: 'P9999', error_type: 'invalid_age' }], total_errors: 1, bias_actionable: false }; }),
  ce('claimed benchmark_score is the string "NaN"', (j) => { j.episodes[0].claimed = { benchmark_score: 'NaN' }; }),
  ce('an episode is a string', (j) => { j.episodes[0] = 'episode'; }),
  { name: 'submission.json claims another Average', file: SJ, apply: (d) => editJson(sj(d), (j) => { j.claimed = { ...j.claimed }; const k = Object.keys(j.claimed).find((x) => x.endsWith('/Average')) ?? 'x/Average'; j.claimed[k] = 0.01; }) },
];

export const BENCH_MUTATIONS: Record<Bench, Mutation[]> = { medvision: MEDVISION, latch: LATCH, clinicalbench: CLINICALBENCH };
void writeJson;
