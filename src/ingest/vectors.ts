import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { VectorFile } from '../core/conformance/types';
import { parsePythonJson } from '../core/python-json';

export interface LoadedVectorFile {
  file: string;
  benchmark: string;
  data?: VectorFile;
  error?: string;
}

/** Expand files and folders into the vector JSON files below them, sorted for a stable order. */
export async function findVectorFiles(paths: string[]): Promise<string[]> {
  const out: string[] = [];
  async function walk(p: string): Promise<void> {
    const st = await stat(p);
    if (st.isDirectory()) {
      const entries = (await readdir(p)).sort();
      for (const e of entries) await walk(join(p, e));
    } else if (p.endsWith('.json')) out.push(p);
  }
  for (const p of paths) await walk(p);
  return out;
}

function looksLikeVectorFile(v: unknown): v is VectorFile {
  return typeof v === 'object' && v !== null && typeof (v as VectorFile).suite === 'string' && Array.isArray((v as VectorFile).cases);
}

export async function loadVectorFile(file: string): Promise<LoadedVectorFile> {
  const benchmark = basename(dirname(file));
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return { file, benchmark, error: `cannot read: ${(err as Error).message}` };
  }
  let data: unknown;
  try {
    // Strict JSON, but remembering which integral numbers were written as float literals (`4.0`):
    // Python-generated vectors rely on the int/float distinction (e.g. `expected_count: 4.0` is invalid).
    data = parsePythonJson(text, { allowNonFinite: false });
  } catch (err) {
    return { file, benchmark, error: `not valid JSON: ${(err as Error).message}` };
  }
  if (!looksLikeVectorFile(data)) return { file, benchmark, error: '$: expected {"suite": string, "cases": [...]}' };
  return { file, benchmark, data };
}
