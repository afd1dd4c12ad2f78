/**
 * The model registry: `models/<id>.json`, beside `results/` and `reviews/` (maintainer-owned).
 * Every file is read with the tolerant JSON reader and checked against the schema; then the
 * registry as a whole: no name, alias or id of one model may collide with another model's after
 * NFKC, case folding and confusable-skeleton folding (`src/core/model-identity.ts`). Every problem
 * is a finding located in the registry file (JSON path of the name or alias).
 */
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Finding } from '../../core/findings';
import { jsonPath } from '../../core/findings';
import { parseTolerantJson, JsonSyntaxError, protoKeyPaths } from '../../core/tolerant-json';
import { readUtf8FileSync } from '../../core/utf8';
import { modelRecordSchema, type ModelRecord } from '../../core/model-schema';
import { identityKeys } from '../../core/model-identity';

/** Where the registry lives for a results tree: `EVALBOARD_MODELS`, else `<results>/../models`. */
export function modelsRootFor(resultsRoot: string): string {
  return process.env.EVALBOARD_MODELS ?? join(dirname(resultsRoot), 'models');
}

export interface ModelRegistry {
  root: string;
  /** Valid records by id (a file with errors in its own schema is not here; collisions still are). */
  models: ReadonlyMap<string, ModelRecord>;
  /** Ids that have a file, valid or not. */
  files: ReadonlySet<string>;
  /** Every finding, paths shown from `shownFrom`. */
  findings: readonly Finding[];
  /** The findings located in one model's file. */
  findingsOf(id: string): Finding[];
  /** `models/<id>.json` as shown. */
  fileOf(id: string): string;
}

const FOLDING = 'after NFKC, case folding and confusable (UTS #39 skeleton) folding';

function fingerprint(root: string): string {
  if (!existsSync(root)) return '-';
  return readdirSync(root)
    .sort()
    .map((f) => {
      try {
        const st = lstatSync(join(root, f));
        return `${f}:${st.size}:${st.mtimeMs}`;
      } catch {
        return f;
      }
    })
    .join('|');
}

const cache = new Map<string, { fp: string; registry: ModelRegistry }>();

/** Read and check the whole registry (cached per folder until a file in it changes). */
export function readModelRegistry(root: string, shownFrom: string): ModelRegistry {
  const key = `${root}\u0000${shownFrom}`;
  const fp = fingerprint(root);
  const hit = cache.get(key);
  if (hit && hit.fp === fp) return hit.registry;
  const registry = read(root, shownFrom);
  cache.set(key, { fp, registry });
  return registry;
}

function read(root: string, shownFrom: string): ModelRegistry {
  const show = (abs: string) => relative(shownFrom, abs).split('\\').join('/') || abs;
  const fileOf = (id: string) => show(join(root, `${id}.json`));
  const findings: Finding[] = [];
  const models = new Map<string, ModelRecord>();
  const files = new Set<string>();
  const err = (path: string, pointer: string, message: string) => findings.push({ path, pointer, severity: 'error', message });
  const names = existsSync(root) && lstatSync(root).isDirectory() ? readdirSync(root).sort() : [];
  for (const f of names) {
    const abs = join(root, f);
    const shown = show(abs);
    if (!f.endsWith('.json')) {
      if (!/^readme(\.md)?$/i.test(f)) err(shown, '$', 'models/ holds only <id>.json registry files');
      continue;
    }
    const id = f.slice(0, -'.json'.length);
    files.add(id);
    if (!/^[a-z0-9][a-z0-9._-]{0,79}$/.test(id) || id.includes('..')) {
      err(shown, '$', `"${f}": the file name must be <id>.json with a lower-case id (letters, digits, ".", "_", "-")`);
      continue;
    }
    if (!lstatSync(abs).isFile()) {
      err(shown, '$', 'a registry entry must be a regular file (a link or special file is never read)');
      continue;
    }
    let raw: unknown;
    try {
      raw = parseTolerantJson(readUtf8FileSync(abs));
    } catch (e) {
      const at = e instanceof JsonSyntaxError ? { pointer: e.pointer, ...(e.line === undefined ? {} : { line: e.line }) } : { pointer: '$' };
      findings.push({ path: shown, ...at, severity: 'error', message: `malformed JSON: ${(e as Error).message}` });
      continue;
    }
    const proto = protoKeyPaths(raw);
    for (const pointer of proto) err(shown, pointer, 'the key "__proto__" is not allowed (it cannot be stored as a key)');
    if (proto.length) continue;
    const parsed = modelRecordSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) err(shown, jsonPath(issue.path as (string | number)[]), issue.message);
      continue;
    }
    if (parsed.data.id !== id) {
      err(shown, '$.id', `id "${parsed.data.id}" does not match the file name "${f}"`);
      continue;
    }
    models.set(id, parsed.data);
  }

  // Registry-wide: every name, alias and id, folded, belongs to one model only. Each name of each
  // model is checked against every other model's names; one error per (name, other model), in both files.
  const owners = new Map<string, { id: string; pointer: string; written: string }[]>();
  const reported = new Set<string>();
  const clash = (a: { id: string; pointer: string; written: string }, b: { id: string; pointer: string; written: string }) => {
    const tag = `${a.id}|${a.pointer}|${b.id}`;
    if (reported.has(tag)) return;
    reported.add(tag);
    err(fileOf(a.id), a.pointer, `${JSON.stringify(a.written)} collides with ${JSON.stringify(b.written)} of ${fileOf(b.id)} (${b.pointer}) ${FOLDING}: one model has one registry file (a second name goes in its "aliases")`);
  };
  for (const [id, m] of [...models].sort(([a], [b]) => a.localeCompare(b))) {
    // Name first, so another file's error names this model's name rather than its id.
    const mine = [
      { id, pointer: '$.name', written: m.name },
      // The id only where it folds unlike the name (else its clashes are the name's).
      ...(identityKeys(m.id).join() === identityKeys(m.name).join() ? [] : [{ id, pointer: '$.id', written: m.id }]),
      ...(m.aliases ?? []).map((a, i) => ({ id, pointer: `$.aliases[${i}]`, written: a })),
    ];
    for (const me of mine) {
      for (const k of identityKeys(me.written)) {
        const list = owners.get(k) ?? [];
        for (const prev of list) {
          if (prev.id === id) continue; // a model's own names may fold together
          clash(me, prev);
          clash(prev, me);
        }
        list.push(me);
        owners.set(k, list);
      }
    }
  }
  const uniq = dedupe(findings);
  return {
    root,
    models,
    files,
    findings: uniq,
    findingsOf: (id) => uniq.filter((f) => f.path === fileOf(id)),
    fileOf,
  };
}

function dedupe(fs: Finding[]): Finding[] {
  const seen = new Set<string>();
  return fs.filter((f) => {
    const k = `${f.path}\u0000${f.line ?? ''}\u0000${f.pointer}\u0000${f.message}`;
    return !seen.has(k) && !!seen.add(k);
  });
}
