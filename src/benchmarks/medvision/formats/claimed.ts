import type { Finding } from '../../../core/findings';
import { jsonPath } from '../../../core/findings';
import { JsonSyntaxError, parseJsonValue } from '../../../core/tolerant-json';
import { readUtf8FileSync } from '../../../core/utf8';

/**
 * Claimed per-config metrics from an lmms-eval `<ts>_results.json` (`"avgMAE,none": "14.9"`), and
 * the run's own `config.limit` (a number; null where the run had none; absent where not recorded).
 */
export type Claimed = Map<string, { file: string; metrics: Record<string, number>; rawKeys: Record<string, string>; limit?: number | null }>;

/** `config.limit` of a results.json: a number, null (no limit), or undefined (not recorded or not a number). */
function runLimit(doc: Record<string, unknown>): number | null | undefined {
  const config = doc.config;
  if (typeof config !== 'object' || config === null || Array.isArray(config) || !('limit' in config)) return undefined;
  const limit = (config as Record<string, unknown>).limit;
  return limit === null || (typeof limit === 'number' && Number.isFinite(limit)) ? limit : undefined;
}

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v === null) return NaN; // NaN written as JSON null
  // lmms-eval writes a numpy array of one value as its str(): "[18.44204285]".
  const one = typeof v === 'string' ? /^\[\s*([^\s,\]]+)\s*\]$/.exec(v.trim()) : null;
  if (one) return toNumber(one[1]);
  if (typeof v === 'string' && v !== 'N/A' && v.trim() !== '') {
    const n = Number(v.trim().toLowerCase() === 'nan' ? NaN : v);
    return Number.isNaN(n) && v.trim().toLowerCase() !== 'nan' ? undefined : n;
  }
  return undefined;
}

export function readClaimed(files: { file: string; display: string }[], findings: Finding[]): Claimed {
  const out: Claimed = new Map();
  for (const { file, display } of files) {
    let doc: unknown;
    try {
      doc = parseJsonValue(readUtf8FileSync(file));
    } catch (err) {
      const at = err instanceof JsonSyntaxError ? { pointer: err.pointer, ...(err.line === undefined ? {} : { line: err.line }) } : { pointer: '$' };
      findings.push({ path: display, ...at, severity: 'warning', message: `results file is not valid JSON (${(err as Error).message}); claimed values not compared` });
      continue;
    }
    const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
    const warn = (keys: string[], message: string) => findings.push({ path: display, pointer: jsonPath(keys), severity: 'warning', message });
    const results = isObject(doc) ? doc.results : undefined;
    if (!isObject(results)) {
      warn(isObject(doc) ? ['results'] : [], `expected lmms-eval's {"results": {"<config>": {"<metric>,none": value}}}, got ${isObject(doc) ? (results === undefined ? 'no "results"' : JSON.stringify(results)?.slice(0, 60)) : JSON.stringify(doc)?.slice(0, 60)}; claimed values not compared`);
      continue;
    }
    for (const [config, raw] of Object.entries(results)) {
      if (!isObject(raw)) {
        warn(['results', config], `expected an object of metric values, got ${JSON.stringify(raw)?.slice(0, 60)}; claimed values not compared`);
        continue;
      }
      const metrics: Record<string, number> = {};
      const rawKeys: Record<string, string> = {};
      for (const [k, v] of Object.entries(raw)) {
        if (k.includes('_stderr') || k === 'alias') continue;
        const n = toNumber(v);
        if (n === undefined) {
          if (v !== 'N/A') warn(['results', config, k], `expected a number, got ${JSON.stringify(v)?.slice(0, 60)}; this claimed value is not compared`);
          continue;
        }
        metrics[k.replace(/,none$/, '')] = n;
        rawKeys[k.replace(/,none$/, '')] = k;
      }
      const limit = runLimit(doc as Record<string, unknown>);
      out.set(config, { file: display, metrics, rawKeys, ...(limit !== undefined ? { limit } : {}) });
    }
  }
  return out;
}
