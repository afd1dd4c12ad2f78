/**
 * Bad input for task records (`results/tasks/<id>/task.json`, seed 003's shape): every variant is
 * rejected with a located error naming the file and the JSON path (and the line where there is one).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSubmission } from '../../src/ingest/submission/validate';
import { REPO } from './helpers';

const EXAMPLE = 'ecg_qtc_measurement_instance_1';
const TJ = 'task.json';

interface TaskMutation {
  name: string;
  apply: (dir: string) => void;
  /** The file (relative to the task folder) the error must name, and its JSON path. */
  file: string;
  pointer: string | RegExp;
}

const edit = (dir: string, f: (j: Record<string, any>) => void) => {
  const p = join(dir, TJ);
  const j = JSON.parse(readFileSync(p, 'utf8'));
  f(j);
  writeFileSync(p, JSON.stringify(j, null, 2));
};
const raw = (dir: string, f: (t: string) => string) => writeFileSync(join(dir, TJ), f(readFileSync(join(dir, TJ), 'utf8')));

const MUTATIONS: TaskMutation[] = [
  { name: 'task.json truncated', file: TJ, pointer: /^\$/, apply: (d) => raw(d, (t) => t.slice(0, t.length / 2)) },
  { name: 'task.json is an array', file: TJ, pointer: '$', apply: (d) => writeFileSync(join(d, TJ), '[]') },
  { name: 'submission_id missing', file: TJ, pointer: '$.submission_id', apply: (d) => edit(d, (j) => { delete j.submission_id; }) },
  { name: 'submission_status is a number', file: TJ, pointer: '$.submission_status', apply: (d) => edit(d, (j) => { j.submission_status = 3; }) },
  { name: 'task.task_short_name empty', file: TJ, pointer: '$.task.task_short_name', apply: (d) => edit(d, (j) => { j.task.task_short_name = ''; }) },
  { name: 'task.task_description missing', file: TJ, pointer: '$.task.task_description', apply: (d) => edit(d, (j) => { delete j.task.task_description; }) },
  { name: 'revision_version negative', file: TJ, pointer: '$.revision_version', apply: (d) => edit(d, (j) => { j.revision_version = -1; }) },
  { name: 'a file name with a path', file: TJ, pointer: /^\$\.files\[0\]\.filename$/, apply: (d) => edit(d, (j) => { j.files[0].filename = '../../etc/passwd'; }) },
  { name: 'a file with an unknown category', file: TJ, pointer: /^\$\.files\[0\]\.category$/, apply: (d) => edit(d, (j) => { j.files[0].category = 'secret_sauce'; }) },
  { name: 'a file size that is not an integer', file: TJ, pointer: /^\$\.files\[0\]\.size_bytes$/, apply: (d) => edit(d, (j) => { j.files[0].size_bytes = 1.5; }) },
  { name: 'a duplicate key', file: TJ, pointer: '$.submission_status', apply: (d) => raw(d, (t) => t.replace('"submission_status": "under_review"', '"submission_status": "under_review", "submission_status": "accepted"')) },
  { name: 'a byte-order mark', file: TJ, pointer: '$', apply: (d) => raw(d, (t) => `\ufeff${t}`) },
  { name: 'invalid UTF-8', file: TJ, pointer: '$', apply: (d) => appendFileSync(join(d, TJ), Buffer.from([0xff, 0xfe, 0x20])) },
  { name: 'a symbolic link in the folder', file: 'input/leak.csv', pointer: '$', apply: (d) => symlinkSync('/etc/passwd', join(d, 'input', 'leak.csv')) },
  { name: 'a FIFO in the folder', file: 'input/pipe.csv', pointer: '$', apply: (d) => execFileSync('mkfifo', [join(d, 'input', 'pipe.csv')]) },
];

describe(`task records: the valid example and ${MUTATIONS.length} malformed variants`, () => {
  const stage = () => {
    const root = mkdtempSync(join(tmpdir(), 'evalboard-task-'));
    const dir = join(root, 'results', 'tasks', EXAMPLE);
    cpSync(join(REPO, 'results', 'tasks', EXAMPLE), dir, { recursive: true });
    return { root, dir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
  };

  it('the example passes validate', async () => {
    const { root, dir, cleanup } = stage();
    try {
      const r = await validateSubmission(dir, { repoRoot: root, resultsRoot: join(root, 'results') });
      expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    } finally {
      cleanup();
    }
  });

  for (const m of MUTATIONS) {
    it(`${m.name} → not valid, with a located error`, async () => {
      const { root, dir, cleanup } = stage();
      try {
        m.apply(dir);
        const r = await validateSubmission(dir, { repoRoot: root, resultsRoot: join(root, 'results') });
        expect(r.valid).toBe(false);
        const errors = r.findings.filter((f) => f.severity === 'error');
        const want = `results/tasks/${EXAMPLE}/${m.file}`;
        const hit = errors.find((f) => f.path === want && (typeof m.pointer === 'string' ? f.pointer === m.pointer : m.pointer.test(f.pointer)));
        expect(hit, `no error at ${want} ${String(m.pointer)}; got ${JSON.stringify(errors)}`).toBeDefined();
        expect(hit!.message.length).toBeGreaterThan(10);
      } finally {
        cleanup();
      }
    }, 30_000);
  }
});
