import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { jsonPath, type Finding } from '../../core/findings';
import { JsonSyntaxError, parseTolerantJson } from '../../core/tolerant-json';
import { readUtf8FileSync } from '../../core/utf8';
import { taskRecordSchema, type TaskRecord } from './schema';

/** Where each file category lives inside `results/tasks/<id>/`. */
export const CATEGORY_DIR = { input_materials: 'input', reference_output: 'reference' } as const;
export const RECORD_FILE = 'task.json';
const MAX_RECORD_BYTES = 2 << 20;

export interface TaskFileOnDisk {
  filename: string;
  category: keyof typeof CATEGORY_DIR;
  contentType?: string;
  /** As recorded by the submission system. */
  sizeBytes: number;
  /** Size of our bundled copy (stat only: the content is never read), when there is one. */
  sizeOnDisk?: number;
}

export interface TaskFolder {
  id: string;
  record?: TaskRecord;
  files: TaskFileOnDisk[];
  findings: Finding[];
}

/** Parse a task record from text (the seed, or `task.json`); problems become located findings. */
export function parseTaskRecord(text: string, display: string): { record?: TaskRecord; findings: Finding[] } {
  let raw: unknown;
  try {
    raw = parseTolerantJson(text);
  } catch (err) {
    const at = err instanceof JsonSyntaxError ? { pointer: err.pointer, ...(err.line === undefined ? {} : { line: err.line }) } : { pointer: '$' };
    return { findings: [{ path: display, ...at, severity: 'error', message: `malformed JSON: ${(err as Error).message}` }] };
  }
  const parsed = taskRecordSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      findings: parsed.error.issues.map((i) => ({ path: display, pointer: jsonPath(i.path as (string | number)[]), severity: 'error' as const, message: i.message })),
    };
  }
  return { record: parsed.data, findings: [] };
}

/** Read `results/tasks/<id>/task.json` and stat (never read) the bundled files it lists. */
export function readTaskFolder(dir: string, root: string): TaskFolder {
  const id = dir.split(/[\\/]/).pop()!;
  const file = join(dir, RECORD_FILE);
  const display = relative(root, file);
  const findings: Finding[] = [];
  if (!existsSync(file)) return { id, files: [], findings: [{ path: display, pointer: '$', severity: 'error', message: `missing ${RECORD_FILE}` }] };
  const st = lstatSync(file); // never through a link, never a FIFO
  if (!st.isFile()) return { id, files: [], findings: [{ path: display, pointer: '$', severity: 'error', message: `${st.isSymbolicLink() ? 'a symbolic link' : st.isDirectory() ? 'a folder' : 'not a regular file'}: ${RECORD_FILE} must be a regular file; not read` }] };
  if (st.size > MAX_RECORD_BYTES) {
    return { id, files: [], findings: [{ path: display, pointer: '$', severity: 'error', message: `larger than ${MAX_RECORD_BYTES} bytes: not read` }] };
  }
  let text: string;
  try {
    text = readUtf8FileSync(file);
  } catch (err) {
    const at = err instanceof JsonSyntaxError ? { pointer: err.pointer, ...(err.line === undefined ? {} : { line: err.line }) } : { pointer: '$' };
    return { id, files: [], findings: [{ path: display, ...at, severity: 'error', message: (err as Error).message }] };
  }
  const { record, findings: parseFindings } = parseTaskRecord(text, display);
  findings.push(...parseFindings);
  if (!record) return { id, files: [], findings };
  if (record.task.task_short_name !== id) {
    findings.push({ path: display, pointer: '$.task.task_short_name', severity: 'warning', message: `"${record.task.task_short_name}" differs from the folder name "${id}"` });
  }
  const files = record.files.map((f, i): TaskFileOnDisk => {
    const onDisk = join(dir, CATEGORY_DIR[f.category], f.filename);
    const out: TaskFileOnDisk = { filename: f.filename, category: f.category, sizeBytes: f.size_bytes, ...(f.content_type ? { contentType: f.content_type } : {}) };
    try {
      const st = lstatSync(onDisk);
      if (st.isSymbolicLink()) {
        findings.push({ path: relative(root, onDisk), pointer: `$.files[${i}]`, severity: 'error', message: 'is a symbolic link: bundled task files must be regular files' });
      } else if (st.isFile()) {
        out.sizeOnDisk = st.size;
        if (st.size !== f.size_bytes) {
          findings.push({ path: display, pointer: `$.files[${i}].size_bytes`, severity: 'warning', message: `recorded ${f.size_bytes} bytes, bundled copy has ${st.size}` });
        }
      }
    } catch {
      // Not bundled (large inputs usually are not): listed from the record only.
    }
    return out;
  });
  return { id, record, files, findings };
}

/** Task folders under `results/tasks/`, sorted. */
export function listTaskDirs(resultsRoot: string): string[] {
  const base = join(resultsRoot, 'tasks');
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .sort()
    .map((d) => join(base, d))
    .filter((d) => lstatSync(d).isDirectory());
}
