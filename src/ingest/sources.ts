/**
 * Reads `sources.json`: every problem is a located finding (file, line for malformed JSON, JSON
 * path), never an exception; a file with any error yields no sources at all.
 */
import { existsSync } from 'node:fs';
import type { Finding } from '../core/findings';
import { jsonPath } from '../core/findings';
import { JsonSyntaxError, parseTolerantJson } from '../core/tolerant-json';
import { readUtf8FileSync } from '../core/utf8';
import { sourcesFileSchemaFor, type SourceEntry } from './sources-schema';

export interface SourcesRead {
  sources: SourceEntry[];
  findings: Finding[];
}

/** `importers`: the benchmark ids that have an importer (the registry's list). */
export function readSourcesFile(file: string, importers: readonly string[], shown = file): SourcesRead {
  const err = (pointer: string, message: string, line?: number): SourcesRead => ({ sources: [], findings: [{ path: shown, ...(line === undefined ? {} : { line }), pointer, severity: 'error', message }] });
  if (!existsSync(file)) return err('$', 'no such file');
  let raw: unknown;
  try {
    raw = parseTolerantJson(readUtf8FileSync(file));
  } catch (e) {
    return e instanceof JsonSyntaxError ? err(e.pointer, `malformed JSON: ${e.message}`, e.line) : err('$', `unreadable: ${(e as Error).message}`);
  }
  const parsed = sourcesFileSchemaFor(importers.length ? (importers as [string, ...string[]]) : undefined).safeParse(raw);
  if (!parsed.success) {
    return { sources: [], findings: parsed.error.issues.map((i) => ({ path: shown, pointer: jsonPath(i.path as (string | number)[]), severity: 'error' as const, message: i.message })) };
  }
  return { sources: parsed.data.sources, findings: [] };
}
