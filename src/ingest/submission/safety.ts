import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Finding } from '../../core/findings';
import { memoForBuild } from '../build-memo';
import { fileFacts } from '../file-facts';

/** Limits applied before any benchmark reader opens a file (so a hostile PR cannot exhaust memory). */
export const LIMITS = {
  submissionJsonBytes: 1 << 20,
  /** Whole-document JSON files are parsed in memory. */
  jsonBytes: 64 << 20,
  /** JSONL is streamed, but one line is held in memory. */
  jsonlBytes: 4 * 1024 ** 3,
  jsonlLineBytes: 16 << 20,
  files: 50_000,
  depth: 16,
} as const;

export interface SubmittedFile {
  /** Relative to the submission folder, with "/" separators. */
  rel: string;
  abs: string;
  size: number;
}

export interface SafetyResult {
  files: SubmittedFile[];
  findings: Finding[];
  /** False when a finding makes it unsafe to hand the folder to a benchmark reader. */
  safeToRead: boolean;
}

const inside = (parent: string, child: string) => {
  const r = relative(parent, child);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
};

// eslint-disable-next-line no-control-regex -- rejects control characters on purpose
const BAD_NAME = /[\u0000-\u001f\u007f\\:*?"<>|]/;
/** Names the benchmark readers take for data files. */
const DATA_FILE_NAME = /\.(jsonl?|csv|tsv|txt)$/i;

/**
 * Walk a submission folder without following links: every entry must be a regular file or a
 * folder with a plain name; symbolic links may not leave the folder (and never `results/`);
 * files must be within the size limits. Returns the files a benchmark reader may open.
 */
export function checkFolderSafety(dir: string, resultsRoot: string): SafetyResult {
  return memoForBuild('folder-safety', [dir, resultsRoot], () => walkFolderSafety(dir, resultsRoot));
}

function walkFolderSafety(dir: string, resultsRoot: string): SafetyResult {
  const findings: Finding[] = [];
  const files: SubmittedFile[] = [];
  const root = resolve(dir);
  const results = resolve(resultsRoot);
  const realRoot = (() => {
    try {
      return realpathSync(root);
    } catch {
      return root;
    }
  })();
  const realResults = (() => {
    try {
      return realpathSync(results);
    } catch {
      return results;
    }
  })();
  let blocking = false;
  const err = (path: string, message: string, block = true) => {
    findings.push({ path, pointer: '$', severity: 'error', message });
    if (block) blocking = true;
  };
  /** Paths in findings are relative to the submission folder (the caller prefixes the folder). */
  const shown = (abs: string) => relative(root, abs).split(sep).join('/') || '.';

  const walk = (abs: string, depth: number) => {
    if (depth > LIMITS.depth) return err(shown(abs), `folders nested deeper than ${LIMITS.depth} levels`);
    let entries: string[];
    try {
      entries = readdirSync(abs).sort();
    } catch (e) {
      return err(shown(abs), `cannot list folder: ${(e as Error).message}`);
    }
    for (const name of entries) {
      const p = join(abs, name);
      if (BAD_NAME.test(name)) {
        err(shown(p), `file name ${JSON.stringify(name)} contains a control or reserved character`);
        continue;
      }
      const st = lstatSync(p);
      if (st.isSymbolicLink()) {
        const target = readlinkSync(p);
        const resolved = resolve(dirname(p), target);
        let real: string | undefined;
        try {
          real = realpathSync(p);
        } catch {
          real = undefined;
        }
        if (isAbsolute(target)) err(shown(p), `symbolic link to an absolute path (${JSON.stringify(target)}): not allowed`);
        else if (!inside(results, resolved) || (real !== undefined && !inside(realResults, real))) err(shown(p), `symbolic link points outside results/ (${JSON.stringify(target)})`);
        else if (!inside(root, resolved) || (real !== undefined && !inside(realRoot, real))) err(shown(p), `symbolic link points outside this submission's folder (${JSON.stringify(target)})`);
        else if (real === undefined) err(shown(p), `broken symbolic link (${JSON.stringify(target)})`);
        // Readers never follow links (two links to "." would make a following walk endless).
        else err(shown(p), `symbolic link (${JSON.stringify(target)}): links are never followed; commit the file itself instead`);
        continue;
      }
      if (st.isDirectory()) {
        // A reader looking for `*.json` files would pass it by without a word: say so here.
        if (DATA_FILE_NAME.test(name)) err(shown(p), `a folder named like a data file (${JSON.stringify(name)}): data files must be regular files`, false);
        walk(p, depth + 1);
        continue;
      }
      if (!st.isFile()) {
        err(shown(p), 'not a regular file (device, socket or pipe)');
        continue;
      }
      if (files.length >= LIMITS.files) {
        err(shown(root), `more than ${LIMITS.files} files`);
        return;
      }
      const rel = relative(root, p).split(sep).join('/');
      files.push({ rel, abs: p, size: st.size });
      if (checkSize(rel, p, st.size, shown(p), findings)) blocking = true;
    }
  };
  try {
    if (!lstatSync(root).isDirectory()) err(shown(root), 'not a folder');
    else walk(root, 0);
  } catch (e) {
    err(shown(root), `cannot read: ${(e as Error).message}`);
  }
  return { files, findings, safeToRead: !blocking };
}

/** Size checks; returns true when the file must not be handed to a reader. */
function checkSize(rel: string, abs: string, size: number, display: string, findings: Finding[]): boolean {
  const mib = (n: number) => `${(n / (1 << 20)).toFixed(0)} MiB`;
  const error = (message: string, line?: number) => {
    findings.push({ path: display, ...(line === undefined ? {} : { line }), pointer: '$', severity: 'error', message });
    return true;
  };
  if (size === 0 && (rel === 'submission.json' || /\.jsonl?$/.test(rel))) return error('empty file');
  if (rel === 'submission.json') {
    return size > LIMITS.submissionJsonBytes ? error(`${size} bytes: above the ${LIMITS.submissionJsonBytes}-byte limit for submission.json`) : false;
  }
  if (rel.endsWith('.jsonl')) {
    if (size > LIMITS.jsonlBytes) return error(`${mib(size)}: above the ${mib(LIMITS.jsonlBytes)} limit for a JSONL file`);
    // Remembered by the file's stat between builds (a warm build reads no per-sample bytes).
    const { longest } = fileFacts(abs);
    if (longest.bytes > LIMITS.jsonlLineBytes) return error(`one record of ${longest.bytes} bytes: above the ${mib(LIMITS.jsonlLineBytes)} limit per line; file not read`, longest.line);
    return false;
  }
  if (rel.endsWith('.json') && size > LIMITS.jsonBytes) return error(`${mib(size)}: above the ${mib(LIMITS.jsonBytes)} limit for a JSON document (split it, or use JSONL); file not read`);
  return false;
}
