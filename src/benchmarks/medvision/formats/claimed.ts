import type { Finding } from '../../../core/findings';
import { JsonSyntaxError, parseJsonValue } from '../../../core/tolerant-json';
import { readUtf8FileSync } from '../../../core/utf8';

/** Claimed per-config metrics from an lmms-eval `<ts>_results.json` (`"avgMAE,none": "14.9"`). */
export type Claimed = Map<string, { file: string; metrics: Record<string, number>; rawKeys: Record<string, string> }>;

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
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
    const results = (doc as { results?: unknown })?.results;
    if (typeof results !== 'object' || results === null) continue;
    for (const [config, raw] of Object.entries(results as Record<string, unknown>)) {
      if (typeof raw !== 'object' || raw === null) continue;
      const metrics: Record<string, number> = {};
      const rawKeys: Record<string, string> = {};
      for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
        if (k.includes('_stderr') || k === 'alias') continue;
        const n = toNumber(v);
        if (n === undefined) continue;
        metrics[k.replace(/,none$/, '')] = n;
        rawKeys[k.replace(/,none$/, '')] = k;
      }
      out.set(config, { file: display, metrics, rawKeys });
    }
  }
  return out;
}
