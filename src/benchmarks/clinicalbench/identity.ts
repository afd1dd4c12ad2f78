import { relative } from 'node:path';
import { findEpisodeFiles } from './formats/discover';
import { readEpisodeFile } from './formats/read-episodes';
import type { Finding } from '../../core/findings';
import { readUtf8File } from '../../core/utf8';

type Matches = (written: string, names: readonly string[]) => boolean;

/**
 * Episodes whose `agent` or `model` is not the submission's registered model (its name, id or an
 * alias): one error per file and value, located at the first such episode's field (or the file's
 * own `agent`/`model`, which episodes without one take).
 */
export async function agentMismatches(dir: string, model: { id: string; names: readonly string[] }, matches: Matches): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const file of await findEpisodeFiles(dir)) {
    const shown = relative(dir, file);
    const read = await readEpisodeFile(file, shown);
    let raw: Record<string, unknown> | undefined;
    const seen = new Map<string, { pointer: string; count: number }>();
    for (const e of read.episodes) {
      for (const field of ['agent', 'model'] as const) {
        const written = e.record[field];
        if (typeof written !== 'string' || matches(written, model.names)) continue;
        const key = `${field}\u0000${written}`;
        const prev = seen.get(key);
        if (prev) { prev.count++; continue; }
        raw ??= await rawDoc(file);
        const own = episodeAt(raw, e.base)?.[field];
        const pointer = own === undefined && raw?.[field] === written ? `$.${field}` : `${e.base}.${field}`;
        seen.set(key, { pointer, count: 1 });
      }
    }
    for (const [key, { pointer, count }] of seen) {
      const [field, written] = key.split('\u0000') as [string, string];
      out.push({
        path: shown,
        pointer,
        ...(read.lineOf(pointer) === undefined ? {} : { line: read.lineOf(pointer)! }),
        severity: 'error',
        message: `${field} ${JSON.stringify(written)} is not the submission's model "${model.id}" (${model.names.map((n) => JSON.stringify(n)).join(', ')}; compared after NFKC and case folding)${count > 1 ? ` — ${count} episodes in this file` : ''}: a submission holds one registered model's episodes (another name goes in the registry's "aliases")`,
      });
    }
  }
  return out;
}

async function rawDoc(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const v: unknown = JSON.parse(await readUtf8File(file));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The episode object at `$.episodes[i]` (or `$.cases[i]`, its `.input`), as written. */
function episodeAt(raw: Record<string, unknown> | undefined, base: string): Record<string, unknown> | undefined {
  const m = /^\$\.(episodes|cases)\[(\d+)\](\.input)?$/.exec(base);
  if (!raw || !m) return raw && base === '$' ? raw : undefined;
  const list = raw[m[1]!];
  let v: unknown = Array.isArray(list) ? list[Number(m[2])] : undefined;
  if (m[3] && v && typeof v === 'object') v = (v as Record<string, unknown>).input;
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}
