import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import { jsonPath, type Finding } from '../../../core/findings';
import { JsonSyntaxError } from '../../../core/tolerant-json';
import { parsePythonJson } from '../../../core/python-json';
import { parseTolerantJson } from '../../../core/tolerant-json';
import { readUtf8File } from '../../../core/utf8';
import { evalSchema, runResultSchema, type EvalSpec, type RunResult } from './schemas';

export interface Loaded<T> {
  path: string;
  data?: T;
  findings: Finding[];
}

/** Parse a JSON file against a schema; problems become `file $.path: message` findings. */
export async function readJson<T>(file: string, root: string, schema: z.ZodType<T>): Promise<Loaded<T>> {
  const path = relative(root, file) || file;
  let raw: unknown;
  try {
    // Python's json.loads view: NaN/Infinity accepted, `4.0` remembered as a float (graders reject
    // float literals where upstream requires an int).
    raw = parsePythonJson(await readUtf8File(file));
  } catch (err) {
    const at = err instanceof JsonSyntaxError ? { pointer: err.pointer, ...(err.line === undefined ? {} : { line: err.line }) } : { pointer: '$' };
    return { path, findings: [{ path, ...at, severity: 'error', message: `not valid JSON: ${(err as Error).message}` }] };
  }
  const parsed = schema.safeParse(raw);
  // The raw value, not zod's copy: the float-literal marks are keyed by the parsed objects
  // (the schemas are loose and transform nothing, so the two agree on content).
  if (parsed.success) return { path, data: raw as T, findings: [] };
  return {
    path,
    findings: parsed.error.issues.map((i) => ({ path, pointer: jsonPath(i.path as (string | number)[]), severity: 'error' as const, message: i.message })),
  };
}

async function walk(dir: string, out: string[]): Promise<void> {
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, entry.name);
    // Dirent types come from lstat: a link is neither, so it is never followed or opened (the
    // safety check reports it); a FIFO or device is never opened.
    if (entry.isDirectory()) await walk(p, out);
    else if (entry.isFile()) out.push(p);
  }
}

export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  await walk(dir, out);
  return out;
}

export interface LatchFolder {
  evals: Map<string, { path: string; spec: EvalSpec }>;
  runs: { path: string; run: RunResult }[];
  findings: Finding[];
}

const isRunFile = (f: string) => f.endsWith('/result.json') || f === 'result.json';
const isEvalFile = (f: string) => f.includes('/evals/') && f.endsWith('.json') && !f.endsWith('manifest.json');

/** Every eval JSON under `evals/` and every run `result.json` below `root`. */
export async function readLatchFolder(root: string): Promise<LatchFolder> {
  const files = await listFiles(root);
  const findings: Finding[] = [];
  const evals = new Map<string, { path: string; spec: EvalSpec }>();
  for (const f of files.filter(isEvalFile)) {
    const loaded = await readJson(f, root, evalSchema);
    findings.push(...loaded.findings);
    if (!loaded.data) continue;
    const prev = evals.get(loaded.data.id);
    if (prev) {
      findings.push({ path: loaded.path, pointer: '$.id', severity: 'error', message: `duplicate eval id "${loaded.data.id}" (also ${prev.path}); this file is not used` });
      continue;
    }
    evals.set(loaded.data.id, { path: loaded.path, spec: loaded.data });
  }
  const runs: { path: string; run: RunResult }[] = [];
  for (const f of files.filter(isRunFile)) {
    const loaded = await readJson(f, root, runResultSchema);
    findings.push(...loaded.findings);
    if (loaded.data) runs.push({ path: loaded.path, run: loaded.data });
  }
  return { evals, runs, findings };
}

/**
 * The manifest's task category and kit per eval id, when `evals/manifest.json` exists. Only the
 * score CLI's grouping uses it (the boards take task and kit from the reference); a manifest that
 * does not parse, or is not a list of `{eval_id, task, kit}`, is a located warning.
 */
export async function readManifest(root: string): Promise<Map<string, { task?: string; kit?: string }>> {
  return (await readManifestWithFindings(root)).entries;
}

export async function readManifestWithFindings(root: string): Promise<{ entries: Map<string, { task?: string; kit?: string }>; findings: Finding[] }> {
  const out = new Map<string, { task?: string; kit?: string }>();
  const findings: Finding[] = [];
  const files = (await listFiles(root)).filter((f) => f.endsWith('evals/manifest.json'));
  for (const f of files) {
    const path = relative(root, f) || f;
    const warn = (pointer: string, message: string) => findings.push({ path, pointer, severity: 'warning', message: `${message}; the manifest is not used for grouping` });
    let data: unknown;
    try {
      data = parseTolerantJson(await readUtf8File(f));
    } catch (err) {
      warn(err instanceof JsonSyntaxError ? err.pointer : '$', `not valid JSON: ${(err as Error).message}`);
      continue;
    }
    if (!Array.isArray(data)) {
      warn('$', 'expected a list of {eval_id, task, kit}');
      continue;
    }
    data.forEach((e: unknown, i) => {
      const entry = e as { eval_id?: unknown; task?: unknown; kit?: unknown } | null;
      if (typeof entry !== 'object' || entry === null || typeof entry.eval_id !== 'string') {
        warn(`$[${i}]`, 'expected an object with a string eval_id');
        return;
      }
      const task = typeof entry.task === 'string' ? entry.task : undefined;
      const kit = typeof entry.kit === 'string' ? entry.kit : undefined;
      out.set(entry.eval_id, { ...(task ? { task } : {}), ...(kit ? { kit } : {}) });
    });
  }
  return { entries: out, findings };
}
