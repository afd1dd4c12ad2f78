import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Finding } from '../../core/findings';
import { jsonPath } from '../../core/findings';
import { jsonLineIndex, lineOf } from '../../core/json-lines';
import { parseTolerantJson, JsonSyntaxError, protoKeyPaths } from '../../core/tolerant-json';
import { readUtf8FileSync } from '../../core/utf8';
import { submissionSchema, type Submission } from '../../core/submission-schema';

export interface SubmissionFolder {
  dir: string;
  /** Folder name; must equal `submission.id`. */
  folderId: string;
  submission?: Submission;
  findings: Finding[];
}

/** Read and validate `submission.json` of one folder; problems become located findings. */
export function readSubmissionFolder(dir: string, root: string): SubmissionFolder {
  const folderId = dir.split(/[\\/]/).pop()!;
  const file = join(dir, 'submission.json');
  const display = relative(root, file);
  const findings: Finding[] = [];
  if (!existsSync(file)) {
    findings.push({ path: display, pointer: '$', severity: 'error', message: 'missing submission.json' });
    return { dir, folderId, findings };
  }
  if (!lstatSync(file).isFile()) {
    findings.push({ path: display, pointer: '$', severity: 'error', message: 'submission.json must be a regular file (not a link, folder or pipe); not read' });
    return { dir, folderId, findings };
  }
  let raw: unknown;
  let text = '';
  try {
    text = readUtf8FileSync(file);
    raw = parseTolerantJson(text);
  } catch (err) {
    const at = err instanceof JsonSyntaxError ? { pointer: err.pointer, ...(err.line === undefined ? {} : { line: err.line }) } : { pointer: '$' };
    findings.push({ path: display, ...at, severity: 'error', message: `malformed JSON: ${(err as Error).message}` });
    return { dir, folderId, findings };
  }
  // The schema would drop a "__proto__" key without a word (it cannot be a plain object's key).
  const proto = protoKeyPaths(raw);
  for (const pointer of proto) findings.push({ path: display, pointer, severity: 'error', message: 'the key "__proto__" is not allowed (it cannot be stored as a key)' });
  if (proto.length) return { dir, folderId, findings };
  const parsed = submissionSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = jsonLineIndex(text);
    for (const issue of parsed.error.issues) {
      const pointer = jsonPath(issue.path as (string | number)[]);
      const line = lineOf(lines, pointer);
      findings.push({ path: display, pointer, ...(line === undefined ? {} : { line }), severity: 'error', message: issue.message });
    }
    return { dir, folderId, findings };
  }
  if (parsed.data.id !== folderId) {
    findings.push({ path: display, pointer: '$.id', severity: 'error', message: `id "${parsed.data.id}" does not match the folder name "${folderId}"` });
  }
  return { dir, folderId, submission: parsed.data, findings };
}

/** Submission folders of one benchmark under `results/<benchmark>/`, sorted. */
export function listSubmissionDirs(resultsRoot: string, benchmark: string): string[] {
  const base = join(resultsRoot, benchmark);
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .sort()
    .map((d) => join(base, d))
    .filter((d) => lstatSync(d).isDirectory()); // a link to a folder is not a submission
}
