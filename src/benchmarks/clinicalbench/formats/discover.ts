import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Finding } from '../../../core/findings';
import { JsonSyntaxError, parseTolerantJson } from '../../../core/tolerant-json';
import { readUtf8File, readUtf8FileSync } from '../../../core/utf8';
import { entryKind, listDir } from '../../../core/fs-walk';

const MAX_DEPTH = 4;
/** Episode files are small; anything larger is not read while detecting. */
const MAX_DETECT_BYTES = 64 * 1024 * 1024;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function looksLikeEpisode(v: unknown): boolean {
  if (!isRecord(v)) return false;
  const e = isRecord(v.input) ? v.input : v;
  return typeof e.task_id === 'string' && e.task_id.startsWith('task_') && Array.isArray(e.actions);
}

/** Our episode file, the conformance/fixture episode shape, or one bare episode. */
export function looksLikeEpisodeDocument(doc: unknown): boolean {
  if (!isRecord(doc)) return false;
  if (doc.format === 'clinicalbench-episodes') return true;
  const list = Array.isArray(doc.episodes) ? doc.episodes : Array.isArray(doc.cases) ? doc.cases : null;
  if (list) return list.length > 0 && looksLikeEpisode(list[0]);
  return looksLikeEpisode(doc);
}

export async function isEpisodeFile(file: string): Promise<boolean> {
  try {
    if (!file.endsWith('.json')) return false;
    const st = await lstat(file);
    if (!st.isFile() || st.size > MAX_DETECT_BYTES) return false;
    return looksLikeEpisodeDocument(parseTolerantJson(await readUtf8File(file)));
  } catch {
    return false;
  }
}

/** Episode files at `path` (a file, or a folder searched a few levels deep), sorted. */
export async function findEpisodeFiles(path: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(p: string, depth: number): Promise<void> {
    let st;
    try {
      st = await lstat(p); // never through a link, never into a FIFO
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (depth > MAX_DEPTH) return;
      const entries = (await readdir(p)).filter((e) => !e.startsWith('.') && e !== 'node_modules').sort();
      for (const e of entries) await walk(join(p, e), depth + 1);
    } else if (await isEpisodeFile(p)) out.push(p);
  }
  await walk(path, 0);
  return out;
}

/** `.json` names below `dir`: regular files, and (so they are reported, not skipped) anything else so named. */
function jsonFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of listDir(join(dir, rel))) {
    const r = rel ? `${rel}/${e}` : e;
    const kind = entryKind(join(dir, r));
    if (kind === 'dir' && !e.endsWith('.json')) out.push(...jsonFiles(dir, r));
    else if (e.endsWith('.json') && r !== 'submission.json') out.push(r);
  }
  return out;
}

/**
 * `findEpisodeFiles` skips what it does not recognise (it also detects formats for `score`); inside
 * a submission folder every JSON file but submission.json must be an episode file, so a broken
 * or foreign one is an error here rather than silently missing from the board.
 */
export function unrecognisedEpisodeFiles(dir: string): Finding[] {
  const findings: Finding[] = [];
  for (const rel of jsonFiles(dir)) {
    const kind = entryKind(join(dir, rel));
    if (kind !== 'file') {
      findings.push({ path: rel, pointer: '$', severity: 'error', message: kind === 'dir' ? 'a folder named like an episode file: episode files must be regular files' : `not a regular file (${kind}): not read` });
      continue;
    }
    let doc: unknown;
    try {
      doc = parseTolerantJson(readUtf8FileSync(join(dir, rel)));
    } catch (e) {
      const line = e instanceof JsonSyntaxError ? e.line : undefined;
      findings.push({ path: rel, ...(line === undefined ? {} : { line }), pointer: e instanceof JsonSyntaxError ? e.pointer : '$', severity: 'error', message: `malformed JSON: ${(e as Error).message}` });
      continue;
    }
    if (!looksLikeEpisodeDocument(doc)) {
      findings.push({ path: rel, pointer: '$', severity: 'error', message: 'not a ClinicalBench episode file: expected {"format": "clinicalbench-episodes", "episodes": [ … ]}' });
    } else if (Array.isArray((doc as { episodes?: unknown }).episodes) && (doc as { episodes: unknown[] }).episodes.length === 0) {
      findings.push({ path: rel, pointer: '$.episodes', severity: 'error', message: 'no episodes' });
    }
  }
  return findings;
}
