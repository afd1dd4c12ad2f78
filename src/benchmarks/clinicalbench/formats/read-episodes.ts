import type { z } from 'zod';
import type { AuditAction } from '../scorer/episode';
import { jsonPath, type Finding } from '../../../core/findings';
import { jsonLineIndex, lineOf } from '../../../core/json-lines';
import { JsonSyntaxError, parseTolerantJson } from '../../../core/tolerant-json';
import { readUtf8File } from '../../../core/utf8';
import { episodeSchema, type EpisodeRecord } from './schema';

/** An episode as read from a file, with where its parts live in that file. */
export interface ReadEpisode {
  /** JSON path of the episode's own fields (`$.episodes[2]`, or `$.episodes[2].input` in the vector shape). */
  base: string;
  /** JSON path of the claimed outcome object, when the file has one. */
  claimsBase: string;
  id: string;
  record: EpisodeRecord;
  /** Actions with invalid fields blanked (each reported), never dropped. */
  actions: AuditAction[];
}

export interface EpisodeReadResult {
  episodes: ReadEpisode[];
  findings: Finding[];
  /** Locate a JSON path in the file. */
  lineOf(pointer: string): number | undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

interface RawEpisode {
  base: string;
  claimsBase: string;
  value: unknown;
}

/**
 * Accept our episode file (`{format, episodes: [episode]}`), the conformance/fixture shape
 * (`{episodes|cases: [{id, input, expected}]}`, `expected` read as the claims) and a bare episode.
 */
function rawEpisodes(doc: unknown): RawEpisode[] | string {
  if (!isRecord(doc)) return 'expected a JSON object';
  const list = Array.isArray(doc.episodes) ? ['episodes', doc.episodes] : Array.isArray(doc.cases) ? ['cases', doc.cases] : null;
  if (!list) {
    if ('actions' in doc || 'task_id' in doc) return [{ base: '$', claimsBase: '$.claimed', value: doc }];
    return 'expected "episodes": [...] or a single episode with "task_id" and "actions"';
  }
  const [key, items] = list as [string, unknown[]];
  // A file-level agent/model applies to episodes that do not name their own.
  const inherited: Record<string, unknown> = {};
  for (const field of ['agent', 'model'] as const) if (typeof doc[field] === 'string') inherited[field] = doc[field];
  return items.map((item, i) => {
    const at = jsonPath([key, i]);
    if (isRecord(item) && isRecord(item.input)) {
      const { input, expected, ...rest } = item;
      return {
        base: `${at}.input`,
        claimsBase: `${at}.expected`,
        value: { ...inherited, ...rest, ...input, ...(expected === undefined ? {} : { claimed: expected }) },
      };
    }
    return { base: at, claimsBase: `${at}.claimed`, value: isRecord(item) ? { ...inherited, ...item } : item };
  });
}

function pointerFor(base: string, path: readonly PropertyKey[]): string {
  const rel = jsonPath(path.filter((k): k is string | number => typeof k !== 'symbol'));
  return base + rel.slice(1);
}

/** Blank the fields of `actions[i]` that failed validation; true when the issue was one of those. */
function blankActionField(actions: Record<string, unknown>[], issue: z.core.$ZodIssue): boolean {
  const [head, index, field] = issue.path;
  if (head !== 'actions' || typeof index !== 'number' || typeof field !== 'string' || issue.path.length !== 3) return false;
  const action = actions[index];
  if (!action) return false;
  delete action[field];
  return true;
}

function readOne(raw: RawEpisode, index: number, path: string, findings: Finding[]): ReadEpisode | null {
  const value = raw.value;
  const fail = (pointer: string, message: string) => findings.push({ path, pointer, severity: 'error', message });
  if (!isRecord(value)) {
    fail(raw.base, 'expected an episode object; episode not scored');
    return null;
  }
  const actions = Array.isArray(value.actions)
    ? value.actions.map((a) => (isRecord(a) ? { ...a } : a))
    : value.actions;
  const candidate = { ...value, actions };
  let parsed = episodeSchema.safeParse(candidate);
  if (!parsed.success && Array.isArray(actions)) {
    const objects = actions as Record<string, unknown>[];
    const fieldIssues = parsed.error.issues.filter((i) => isRecord(objects[i.path[1] as number]) && blankActionField(objects, i));
    for (const i of fieldIssues) fail(pointerFor(raw.base, i.path), `${i.message}; the field is ignored and the action replayed without it`);
    parsed = episodeSchema.safeParse(candidate);
  }
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      const where = pointerFor(raw.base, i.path);
      if (i.path[0] === 'seed' && i.path.length === 1) {
        const got = value.seed === undefined ? 'missing seed' : `seed ${JSON.stringify(value.seed)}`;
        fail(where, `${got} cannot be regenerated (${i.message}): an episode needs the integer seed its dataset was generated from; episode rejected`);
      } else if (i.path[0] === 'task_id' && i.path.length === 1) {
        fail(where, `task ${JSON.stringify(value.task_id)} cannot be regenerated (${i.message}); episode rejected`);
      } else fail(where, `${i.message}; episode not scored`);
    }
    return null;
  }
  const record = parsed.data;
  return {
    base: raw.base,
    claimsBase: raw.claimsBase,
    id: record.id ?? `episode-${index}-${record.task_id}-${record.seed}`,
    record,
    actions: record.actions.map((a) => ({ ...a })),
  };
}

/** Parse and validate an episode file's text. Never throws: problems come back as findings. */
export function parseEpisodeText(text: string, path: string): EpisodeReadResult {
  const findings: Finding[] = [];
  const index = jsonLineIndex(text);
  const locate = (pointer: string) => lineOf(index, pointer);
  let doc: unknown;
  try {
    // Strict JSON like JSON.parse, but a repeated key or a byte-order mark is a located error.
    doc = parseTolerantJson(text, { allowNonFinite: false });
  } catch (err) {
    const at = err instanceof JsonSyntaxError ? { pointer: err.pointer, ...(err.line === undefined ? {} : { line: err.line }) } : { pointer: '$' };
    findings.push({ path, ...at, severity: 'error', message: `not valid JSON: ${(err as Error).message}` });
    return { episodes: [], findings, lineOf: locate };
  }
  const raws = rawEpisodes(doc);
  if (typeof raws === 'string') {
    findings.push({ path, pointer: '$', severity: 'error', message: raws });
    return { episodes: [], findings, lineOf: locate };
  }
  const episodes = raws.map((r, i) => readOne(r, i, path, findings)).filter((e): e is ReadEpisode => e !== null);
  for (const f of findings) f.line ??= locate(f.pointer);
  return { episodes, findings, lineOf: locate };
}

export async function readEpisodeFile(file: string, displayPath = file): Promise<EpisodeReadResult> {
  let text: string;
  try {
    text = await readUtf8File(file);
  } catch (err) {
    const at = err instanceof JsonSyntaxError ? { pointer: err.pointer, ...(err.line === undefined ? {} : { line: err.line }) } : { pointer: '$' };
    return {
      episodes: [],
      findings: [{ path: displayPath, ...at, severity: 'error', message: err instanceof JsonSyntaxError ? err.message : `cannot read: ${(err as Error).message}` }],
      lineOf: () => undefined,
    };
  }
  return parseEpisodeText(text, displayPath);
}
