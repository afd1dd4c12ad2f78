import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateSubmission } from '../../src/ingest/submission/validate';
import type { SubmissionReport } from '../../src/ingest/submission/types';

export const REPO = join(import.meta.dirname, '..', '..');

/** A bundled demo submission of each benchmark, used as the valid example the mutations start from. */
export const EXAMPLES = {
  medvision: 'demo-api-flash-demo',
  latch: 'demo-agent-small-demo',
  clinicalbench: 'demo-auditor-base',
} as const;
export type Bench = keyof typeof EXAMPLES;

export function exampleExists(b: Bench): boolean {
  return existsSync(join(REPO, 'results', b, EXAMPLES[b], 'submission.json'));
}

/** A fresh repo-like tmp folder with one copy of the example under results/<b>/<id>/ (and the model registry beside it). */
export function stageExample(b: Bench): { root: string; dir: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), `evalboard-${b}-`));
  const dir = join(root, 'results', b, EXAMPLES[b]);
  cpSync(join(REPO, 'results', b, EXAMPLES[b]), dir, { recursive: true });
  copyModels(root);
  return { root, dir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The bundled model registry (`models/`) and the benchmarks' references (`references/`) copied into a tmp repo root. */
export function copyModels(root: string): void {
  cpSync(join(REPO, 'models'), join(root, 'models'), { recursive: true });
  cpSync(join(REPO, 'references'), join(root, 'references'), { recursive: true });
}

/**
 * Make a copy of a MedVision demo submission hold distinct per-sample content (so the
 * duplicate-content check does not take it for a copy): the first record of its first samples
 * file gets a different submitted parse (`filtered_resps[0]`, only compared, never scored), so no
 * score changes and every doc_id stays in the reference.
 */
export function makeDistinct(dir: string, k: number): void {
  const f = filesUnder(dir).find((x) => /_samples_.*\.jsonl$/.test(x));
  if (!f) throw new Error(`no samples file under ${dir}`);
  editLine(join(dir, f), 1, (rec) => { rec.filtered_resps = [`${String((rec.filtered_resps as string[])[0])} #${k}`]; });
}

export async function validateIn(root: string, dir: string): Promise<SubmissionReport> {
  return validateSubmission(dir, { repoRoot: root, resultsRoot: join(root, 'results') });
}

/** Every file under `dir`, relative, sorted. */
export function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${e}` : e;
    if (statSync(join(dir, rel)).isDirectory()) out.push(...filesUnder(dir, rel));
    else out.push(rel);
  }
  return out;
}

export const readJson = (p: string): Record<string, unknown> => JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;
export const writeJson = (p: string, v: unknown) => writeFileSync(p, JSON.stringify(v, null, 1));

/** Edit a JSON file in place. */
export function editJson(p: string, f: (j: any) => void): void {
  const j = readJson(p);
  f(j);
  writeJson(p, j);
}

/** Edit line `n` (1-based) of a JSONL file as an object, or replace it with raw text. */
export function editLine(p: string, n: number, f: ((rec: any) => void) | string): void {
  const lines = readFileSync(p, 'utf8').split('\n');
  if (typeof f === 'string') lines[n - 1] = f;
  else {
    const rec = JSON.parse(lines[n - 1]!);
    f(rec);
    lines[n - 1] = JSON.stringify(rec);
  }
  writeFileSync(p, lines.join('\n'));
}
