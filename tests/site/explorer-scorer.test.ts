/**
 * The per-sample explorer of a real build against the scorer run as its own process: for every
 * MedVision subtask config of every bundled submission, `npm run --silent score -- <dir> --json
 * --per-sample` gives the samples and their per-sample numbers; the build's
 * `/explore-data/medvision/<unit>.json` must list every sample exactly once and hold, for that
 * entry, one prediction per scored sample with exactly the scorer's numbers. Nothing here calls
 * the explorer's own code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../e2e/build';

const ROOT = join(import.meta.dirname, '..', '..');
let out: string;

interface ScoreSample { doc_id: number; prediction: string; target: string; excluded: boolean; success: boolean; [metric: string]: unknown }
interface ScoreItem { config: string; task_type: string; samples: ScoreSample[] }
interface Doc {
  unit: string;
  label: string;
  metric: { id: string };
  metrics: { label: string }[];
  samples: { id: string; truth?: string }[];
  entries: { key: string; submission: string }[];
  cells: ({ v: number | null; o: string; a: string; m?: (number | null)[] } | null)[][];
}

beforeAll(() => {
  if (process.env.EVALBOARD_DIST_UNDER_TEST) out = process.env.EVALBOARD_DIST_UNDER_TEST;
  else {
    ensureBuilt(ROOT); // the checkout's dist/, built once for every test file that reads it
    out = join(ROOT, 'dist');
  }
}, 600_000);

const docs = () => {
  const dir = join(out, 'explore-data', 'medvision');
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Doc);
};

/** The scorer's value for an explorer cell's metric label (the doc's labels are the score keys, nMAE aside). */
const scoreKey = (label: string) => (label === 'nMAE' ? 'NMAE' : label);

describe('the explorer equals the scorer (MedVision, bundled data)', () => {
  it('every subtask config lists every sample once, one prediction per scored entry, with the scorer’s per-sample numbers', () => {
    const byLabel = new Map(docs().map((d) => [d.label, d]));
    const subs = readdirSync(join(ROOT, 'results', 'medvision')).filter((d) => existsSync(join(ROOT, 'results', 'medvision', d, 'submission.json')));
    expect(subs.length).toBeGreaterThan(2);
    let checked = 0;
    const configs = new Set<string>();
    for (const sub of subs) {
      const json = execFileSync('npm', ['run', '--silent', 'score', '--', join('results', 'medvision', sub), '--json', '--per-sample'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
      const items = (JSON.parse(json) as { items: ScoreItem[] }).items;
      expect(items.length, sub).toBeGreaterThan(0);
      for (const item of items) {
        configs.add(item.config);
        const doc = byLabel.get(item.config);
        expect(doc, `${sub}: ${item.config} has an explorer page`).toBeDefined();
        const ids = doc!.samples.map((s) => s.id);
        expect(new Set(ids).size, `${item.config}: sample ids are unique`).toBe(ids.length);
        const at = new Map(ids.map((id, i) => [id, i]));
        const e = doc!.entries.findIndex((x) => x.submission === sub);
        expect(e, `${sub} is an entry of ${item.config}`).toBeGreaterThanOrEqual(0);
        const col = doc!.cells[e]!;
        expect(col.filter((c) => c !== null).length, `${sub} ${item.config}: one cell per scored sample`).toBe(item.samples.length);
        const primary = doc!.metric.id === 'mv-iou' ? 'IoU' : 'MRE';
        for (const s of item.samples) {
          const i = at.get(`${item.config}#${s.doc_id}`);
          expect(i, `${item.config}#${s.doc_id} listed`).toBeDefined();
          const c = col[i!]!;
          expect(c.a).toBe(s.prediction);
          expect(doc!.samples[i!]!.truth).toBe(s.target);
          expect(c.o).toBe(s.excluded ? 'x' : s.success ? 's' : 'f');
          expect(c.v).toBe(s.excluded ? null : (s[primary] as number | null));
          doc!.metrics.forEach((m, k) => expect(c.m![k], `${item.config}#${s.doc_id} ${m.label}`).toBe(s[scoreKey(m.label)] as number | null));
          checked++;
        }
      }
    }
    // Every config of the bundled data has a page, and no page is of a config nobody scored.
    expect(new Set(byLabel.keys())).toEqual(configs);
    expect(checked).toBeGreaterThan(1000);
  }, 300_000);
});
