/**
 * Reads the build's reported tables: `<root>/<benchmark>/<slug>.json` (written by
 * `npm run import --reported <dir>`, see `./reported-write.ts`), from `EVALBOARD_REPORTED`, else
 * `<repo>/reported/` (which may be absent: then there are none). Every problem is a located
 * finding and the table is left out; a table that reads is returned whole, never trimmed.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Finding } from '../core/findings';
import { jsonPath } from '../core/findings';
import { entryKind, listDir } from '../core/fs-walk';
import { JsonSyntaxError, parseJsonValue, protoKeyPaths } from '../core/tolerant-json';
import { reportedTableFileSchema, type ReportedTableFile } from './reported-schema';

/** The build's reported-tables folder: `EVALBOARD_REPORTED`, else `reported/` in the working directory. */
export function reportedRoot(): string {
  return process.env.EVALBOARD_REPORTED ?? join(process.cwd(), 'reported');
}

export interface ReportedFile extends ReportedTableFile {
  /** The file, as shown in findings and on the page (relative to the working directory where possible). */
  file: string;
}

export interface ReportedSet {
  tables: ReportedFile[];
  findings: Finding[];
}

function readOne(abs: string, shown: string, benchmark: string, findings: Finding[]): ReportedFile | undefined {
  const err = (pointer: string, message: string, line?: number) => findings.push({ path: shown, ...(line !== undefined ? { line } : {}), pointer, severity: 'error', message: `reported table not shown: ${message}` });
  let raw: unknown;
  try {
    raw = parseJsonValue(readFileSync(abs, 'utf8'));
  } catch (e) {
    if (e instanceof JsonSyntaxError) err(e.pointer, `malformed JSON: ${e.message}`, e.line);
    else err('$', `not read: ${(e as Error).message}`);
    return undefined;
  }
  const proto = protoKeyPaths(raw);
  if (proto.length) {
    for (const p of proto) err(p, 'a "__proto__" key is not allowed');
    return undefined;
  }
  const parsed = reportedTableFileSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) err(jsonPath(issue.path.map((k) => (typeof k === 'symbol' ? String(k) : k))), issue.message);
    return undefined;
  }
  const t = parsed.data;
  let ok = true;
  if (t.benchmark !== benchmark) {
    err('$.benchmark', `says "${t.benchmark}" but the file is in ${benchmark}/`);
    ok = false;
  }
  const columns = new Set(t.columns);
  if (columns.size !== t.columns.length) {
    err('$.columns', 'a column is listed twice');
    ok = false;
  }
  t.rows.forEach((row, i) => {
    for (const k of Object.keys(row)) {
      if (!columns.has(k)) {
        err(jsonPath(['rows', i, k]), `"${k}" is not one of the table's columns`);
        ok = false;
      }
    }
  });
  return ok ? { ...t, file: shown } : undefined;
}

/** Every reported table under `root`, sorted by benchmark then file name, with the problems found; files named from the folder holding `root` (`reported/medvision/…`), not the working directory. */
export function readReportedTables(root = reportedRoot(), shownFrom = dirname(root)): ReportedSet {
  const tables: ReportedFile[] = [];
  const findings: Finding[] = [];
  const shownOf = (abs: string) => relative(shownFrom, abs) || abs;
  if (entryKind(root) === 'missing') return { tables, findings };
  const warn = (abs: string, message: string) => findings.push({ path: shownOf(abs), pointer: '$', severity: 'warning', message });
  if (entryKind(root) !== 'dir') {
    findings.push({ path: shownOf(root), pointer: '$', severity: 'error', message: 'reported tables root is not a folder' });
    return { tables, findings };
  }
  for (const benchmark of listDir(root)) {
    const dir = join(root, benchmark);
    if (benchmark.startsWith('.')) continue;
    if (entryKind(dir) !== 'dir') {
      warn(dir, 'not a <benchmark>/ folder: ignored (reported tables live in <root>/<benchmark>/<slug>.json)');
      continue;
    }
    for (const name of listDir(dir)) {
      const abs = join(dir, name);
      if (name.startsWith('.')) continue;
      if (!name.endsWith('.json') || entryKind(abs) !== 'file') {
        warn(abs, entryKind(abs) === 'symlink' ? 'a symbolic link: not followed' : 'not a reported table (<slug>.json): ignored');
        continue;
      }
      const t = readOne(abs, shownOf(abs), benchmark, findings);
      if (t) tables.push(t);
    }
  }
  return { tables, findings };
}
