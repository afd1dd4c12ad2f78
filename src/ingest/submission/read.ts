import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Finding } from '../../core/findings';
import { jsonPath } from '../../core/findings';
import { parseTolerantJson, JsonSyntaxError } from '../../core/tolerant-json';
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
  let raw: unknown;
  try {
    raw = parseTolerantJson(readFileSync(file, 'utf8'));
  } catch (err) {
    const pointer = err instanceof JsonSyntaxError ? err.pointer : '$';
    findings.push({ path: display, pointer, severity: 'error', message: `malformed JSON: ${(err as Error).message}` });
    return { dir, folderId, findings };
  }
  const parsed = submissionSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      findings.push({ path: display, pointer: jsonPath(issue.path as (string | number)[]), severity: 'error', message: issue.message });
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
    .filter((d) => statSync(d).isDirectory());
}
