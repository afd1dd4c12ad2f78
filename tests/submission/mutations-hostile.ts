/**
 * Hostile variants from the security issue: attribute payloads in URLs, prototype keys, duplicate
 * keys, invalid UTF-8, a byte-order mark, folders named like files, link loops and FIFOs. Each
 * names the file, the line where the format has lines, and the JSON path the error must carry.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { editJson, filesUnder } from './helpers';
import { editModel, modelFile, type Mutation } from './mutations';
import type { Bench } from './helpers';

const SJ = 'submission.json';
const sj = (dir: string) => join(dir, SJ);

/** The attribute-breaking URL of the issue: parses as an http URL and contains `&` and `"`. */
export const ATTR_URL = 'https://x.example/?&" onmouseover="window.__pwned=1" x="';

const text = (p: string, f: (t: string) => string) => writeFileSync(p, f(readFileSync(p, 'utf8')));
/** Put `bytes` into the file just after the first occurrence of `after`. */
function insertBytes(p: string, after: string, bytes: number[]): void {
  const buf = readFileSync(p);
  const at = buf.indexOf(after);
  if (at < 0) throw new Error(`${after} not in ${p}`);
  const cut = at + Buffer.byteLength(after);
  writeFileSync(p, Buffer.concat([buf.subarray(0, cut), Buffer.from(bytes), buf.subarray(cut)]));
}
const withBom = (p: string) => writeFileSync(p, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(p)]));
/** Replace line `n` (1-based) of a text file by f(line). */
function lineText(p: string, n: number, f: (line: string) => string): void {
  const lines = readFileSync(p, 'utf8').split('\n');
  lines[n - 1] = f(lines[n - 1]!);
  writeFileSync(p, lines.join('\n'));
}
const once = (s: string, a: string, b: string) => {
  if (!s.includes(a)) throw new Error(`${a} not found`);
  return s.replace(a, b);
};

/** A link of the model a submission names lives in its registry file, `models/<id>.json`. */
const url = (name: string, value: string, message: RegExp): Mutation => ({
  name, repoFile: modelFile, pointer: '$.links.model_card', message, apply: (d) => editModel(d, (j) => { j.links = { model_card: value }; }),
});

/** The submission's pull-request link (`pr`): http(s) only, checked where the submitter wrote it. */
const pr = (name: string, value: string, message: RegExp): Mutation => ({
  name, file: SJ, line: true, pointer: '$.pr', message, apply: (d) => editJson(sj(d), (j) => { j.pr = value; }),
});

export const HOSTILE_COMMON: Mutation[] = [
  pr('pull-request link is javascript:', 'javascript:window.__xss=1', /expected an http\(s\) URL, got "javascript:"/),
  pr('pull-request link is JaVaScRiPt: in mixed case', 'JaVaScRiPt:window.__xss=1', /expected an http\(s\) URL, got "javascript:"/),
  pr('pull-request link is data:', 'data:text/html;base64,PHNjcmlwdD4=', /expected an http\(s\) URL, got "data:"/),
  pr('pull-request link breaks out of an attribute (& and ")', ATTR_URL, /must not contain "\\""/),
  pr('pull-request link is relative', '/pull/1', /not a valid absolute URL/),
  pr('pull-request link with user and password', 'https://user:pw@github.com/o/r/pull/1', /user name or password/),
  url('registry: model card link breaks out of an attribute (& and ")', ATTR_URL, /must not contain "\\""/),
  url('registry: model card link with a single quote', "https://x.example/?a=' onmouseover='x'", /must not contain "'"/),
  url('registry: model card link with a space', 'https://x.example/a b', /must not contain " "/),
  url('registry: model card link with "<"', 'https://x.example/<script>', /must not contain "<"/),
  url('registry: model card link with a backslash', 'https://x.example\\@evil.example/', /must not contain "\\\\"/),
  url('registry: model card link not in normalised form', 'HTTPS://X.example', /normalised form "https:\/\/x\.example\/"/),
  url('registry: model card link with user and password', 'https://user:pw@x.example/', /user name or password/),
  url('registry: model card link is data:', 'data:text/html,<b>x</b>', /must not contain|http\(s\)/),
  { name: 'claimed key "constructor" (a prototype member)', file: SJ, pointer: '$.claimed.constructor', message: /we compute no number named "constructor"/, apply: (d) => editJson(sj(d), (j) => { j.claimed = { constructor: 2 }; }) },
  { name: 'claimed key "toString" (a prototype member)', file: SJ, pointer: '$.claimed.toString', message: /we compute no number named "toString"/, apply: (d) => editJson(sj(d), (j) => { j.claimed = { toString: 1 }; }) },
  { name: 'claimed key "__proto__" is reported, not dropped', file: SJ, pointer: '$.claimed.__proto__', message: /"__proto__" is not allowed/, apply: (d) => { editJson(sj(d), (j) => { j.claimed = { __proto_x__: 2 }; }); text(sj(d), (t) => once(t, '__proto_x__', '__proto__')); } },
  { name: 'a "__proto__" key inside harness', file: SJ, pointer: '$.harness.__proto__', message: /"__proto__" is not allowed/, apply: (d) => { editJson(sj(d), (j) => { j.harness.__proto_x__ = { version: '1' }; }); text(sj(d), (t) => once(t, '__proto_x__', '__proto__')); } },
  { name: 'duplicate key in submission.json', file: SJ, line: true, pointer: '$.harness.version', message: /duplicate key "version"/, apply: (d) => text(sj(d), (t) => once(t, '"version": ', '"version": "1",\n  "version": ')) },
  { name: 'duplicate top-level key in submission.json', file: SJ, line: true, pointer: '$.id', message: /duplicate key "id"/, apply: (d) => text(sj(d), (t) => once(t, '"id": ', '"id": "x",\n "id": ')) },
  { name: 'submission.json starts with a byte-order mark', file: SJ, line: true, pointer: '$', message: /byte-order mark at the start of the file: save as UTF-8 without BOM/, apply: (d) => withBom(sj(d)) },
  { name: 'submission.json holds invalid UTF-8', file: SJ, line: true, pointer: '$', message: /invalid UTF-8 at byte \d+ \(line \d+/, apply: (d) => insertBytes(sj(d), '"name": "', [0xc3, 0x28]) },
  { name: 'submission.json holds a lone continuation byte', file: SJ, line: true, pointer: '$', message: /invalid UTF-8 at byte/, apply: (d) => insertBytes(sj(d), '"version": "', [0x80]) },
  { name: 'submission.json holds an overlong encoding', file: SJ, line: true, pointer: '$', message: /invalid UTF-8 at byte/, apply: (d) => insertBytes(sj(d), '"version": "', [0xc0, 0xaf]) },
  { name: 'submission.json holds an encoded surrogate', file: SJ, line: true, pointer: '$', message: /invalid UTF-8 at byte/, apply: (d) => insertBytes(sj(d), '"version": "', [0xed, 0xa0, 0x80]) },
  { name: 'two links a -> . and b -> . (a walk that follows links never ends)', file: 'a', pointer: '$', message: /symbolic link/, apply: (d) => { symlinkSync('.', join(d, 'a')); symlinkSync('.', join(d, 'b')); } },
  { name: 'a link to a file inside the folder', file: 'copy.json', pointer: '$', message: /symbolic link .*never followed/, apply: (d) => symlinkSync(SJ, join(d, 'copy.json')) },
  { name: 'a folder named like a data file', file: 'notes.json', pointer: '$', message: /folder named like a data file/, apply: (d) => mkdirSync(join(d, 'notes.json')) },
  { name: 'submission.json is a named pipe', file: SJ, pointer: '$', message: /not a regular file/, apply: (d) => { rmSync(sj(d)); execFileSync('mkfifo', [sj(d)]); } },
  { name: 'submission.json is a folder', file: SJ, pointer: '$', message: /./, apply: (d) => { rmSync(sj(d)); mkdirSync(sj(d)); } },
];

const first = (dir: string, re: RegExp) => filesUnder(dir).find((f) => re.test(f))!;
const MV = (d: string) => first(d, /MedVision-TL\/.*_samples_.*\.jsonl$/);
const mvRaw = (name: string, pointer: string, message: RegExp, n: number, f: (line: string) => string): Mutation => ({
  name, file: MV, line: true, pointer, message, apply: (d) => lineText(join(d, MV(d)), n, f),
});

const MEDVISION: Mutation[] = [
  mvRaw('record repeats "target"', '$.target', /duplicate key "target"/, 2, (l) => once(l, '"target":', '"target":"[1, 2]","target":')),
  mvRaw('record repeats doc.taskID', '$.doc.taskID', /duplicate key "taskID"/, 2, (l) => once(l, '"taskID":', '"taskID":"01","taskID":')),
  mvRaw('record repeats a key we never read', '$.pad', /duplicate key "pad"/, 3, (l) => once(l, '{', '{"pad":1,"pad":2,')),
  mvRaw('record repeats a key in doc.biometric_profile', '$.doc.biometric_profile.metric_type', /duplicate key "metric_type"/, 2, (l) => once(l, '"metric_type":', '"metric_type":["x"],"metric_type":')),
  mvRaw('record repeats "doc"', '$.doc', /duplicate key "doc"/, 2, (l) => once(l, '"target":', '"doc":{},"target":')),
  mvRaw('record with an escaped key spelling doc_id', '$.doc_id', /duplicate key "doc_id"/, 2, (l) => once(l, '{', '{"doc\\u005fid":77,')),
  { name: 'samples file starts with a byte-order mark', file: MV, line: true, pointer: '$', message: /byte-order mark at the start of the file/, apply: (d) => withBom(join(d, MV(d))) },
  {
    name: 'record holds invalid UTF-8',
    file: MV,
    line: true,
    pointer: '$',
    message: /invalid UTF-8 at byte \d+ \(line 2, byte \d+ of the line\)/,
    apply: (d) => {
      const p = join(d, MV(d));
      const buf = readFileSync(p);
      const at = buf.indexOf('"target":"', buf.indexOf(0x0a) + 1) + 10;
      writeFileSync(p, Buffer.concat([buf.subarray(0, at), Buffer.from([0xff]), buf.subarray(at)]));
    },
  },
  { name: 'a samples file that is a named pipe', file: (d) => `${dirname(MV(d))}/20260101_samples_Fifo_TumorLesionSize_Task01_Axial.jsonl`, pointer: '$', message: /not a regular file/, apply: (d) => execFileSync('mkfifo', [join(d, dirname(MV(d)), '20260101_samples_Fifo_TumorLesionSize_Task01_Axial.jsonl')]) },
  { name: 'a folder named like a samples file', file: (d) => `${dirname(MV(d))}/20260101_samples_Dir_TumorLesionSize_Task01_Axial.jsonl`, pointer: '$', message: /folder named like a data file/, apply: (d) => mkdirSync(join(d, dirname(MV(d)), '20260101_samples_Dir_TumorLesionSize_Task01_Axial.jsonl')) },
  { name: 'a samples file that is a link to another', file: (d) => `${dirname(MV(d))}/20260101_samples_Link_TumorLesionSize_Task01_Axial.jsonl`, pointer: '$', message: /symbolic link/, apply: (d) => symlinkSync(MV(d).split('/').pop()!, join(d, dirname(MV(d)), '20260101_samples_Link_TumorLesionSize_Task01_Axial.jsonl')) },
];

const LR = (d: string) => first(d, /\/result\.json$/);
const LE = (d: string) => first(d, /^evals\/.*\.json$/);
const LATCH: Mutation[] = [
  { name: 'result.json repeats "model_name"', file: LR, line: true, pointer: '$.model_name', message: /duplicate key "model_name"/, apply: (d) => text(join(d, LR(d)), (t) => once(t, '"model_name":', '"model_name":"x","model_name":')) },
  { name: 'eval JSON repeats "id"', file: LE, line: true, pointer: '$.id', message: /duplicate key "id"/, apply: (d) => text(join(d, LE(d)), (t) => once(t, '"id":', '"id":"other",\n"id":')) },
  { name: 'result.json starts with a byte-order mark', file: LR, line: true, pointer: '$', message: /byte-order mark/, apply: (d) => withBom(join(d, LR(d))) },
  { name: 'eval JSON holds invalid UTF-8', file: LE, line: true, pointer: '$', message: /invalid UTF-8 at byte/, apply: (d) => insertBytes(join(d, LE(d)), '"id":', [0x20, 0xfe]) },
  { name: 'a folder named result.json', file: (d) => `${dirname(dirname(LR(d)))}/r98/result.json`, pointer: '$', message: /folder named like a data file/, apply: (d) => mkdirSync(join(d, dirname(dirname(LR(d))), 'r98', 'result.json'), { recursive: true }) },
  { name: 'result.json is a named pipe', file: (d) => `${dirname(dirname(LR(d)))}/r97/result.json`, pointer: '$', message: /not a regular file/, apply: (d) => { const p = join(d, dirname(dirname(LR(d))), 'r97'); mkdirSync(p, { recursive: true }); execFileSync('mkfifo', [join(p, 'result.json')]); } },
];

const CE = (d: string) => first(d, /^episodes\/.*\.json$/);
const CLINICALBENCH: Mutation[] = [
  { name: 'episode file repeats "seed"', file: CE, line: true, pointer: '$.episodes[0].seed', message: /duplicate key "seed"/, apply: (d) => text(join(d, CE(d)), (t) => once(t, '"seed":', '"seed": 1,\n"seed":')) },
  { name: 'episode file starts with a byte-order mark', file: CE, line: true, pointer: '$', message: /byte-order mark/, apply: (d) => withBom(join(d, CE(d))) },
  { name: 'episode file holds invalid UTF-8', file: CE, line: true, pointer: '$', message: /invalid UTF-8 at byte/, apply: (d) => insertBytes(join(d, CE(d)), '"task_id":', [0x20, 0xc3]) },
  { name: 'the episode file seed-42.json turned into a folder holding it', file: 'episodes/seed-42.json', pointer: '$', message: /folder named like/, apply: (d) => { const p = join(d, 'episodes', 'seed-42.json'); const body = readFileSync(p); rmSync(p); mkdirSync(p); writeFileSync(join(p, 'episodes.json'), body); } },
  { name: 'an episode file that is a named pipe', file: 'episodes/pipe.json', pointer: '$', message: /not a regular file/, apply: (d) => execFileSync('mkfifo', [join(d, 'episodes', 'pipe.json')]) },
];

export const HOSTILE: Record<Bench, Mutation[]> = { medvision: MEDVISION, latch: LATCH, clinicalbench: CLINICALBENCH };
