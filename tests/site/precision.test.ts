// One number style across the built site: every value a page shows for a metric is marked
// data-metric="<id>" (a difference between two values data-metric-diff="<id>"), and every marked
// number has the decimals its metric definition gives (src/benchmarks/*/metrics.ts: format.digits;
// differences one more), so the same metric never appears with two precisions. The expected
// decimals come from the definitions, not from the pages under test.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../e2e/build';
import { METRICS as ALL_METRICS } from '../../src/registry/metrics';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = process.env.EVALBOARD_DIST_UNDER_TEST ?? join(ROOT, 'dist');

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) {
      if (e !== '_astro' && e !== 'pagefind') out.push(...htmlFiles(p));
    } else if (e.endsWith('.html')) out.push(p);
  }
  return out;
}

/** Decimals of every number in a displayed string ("[0.21, 0.30]" → [2, 2]; "96.0%" → [1]). */
export const decimalsOf = (text: string): number[] => [...text.matchAll(/\d+(?:\.(\d+))?/g)].map((m) => m[1]?.length ?? 0);

interface Seen { decimals: number; page: string; text: string }

describe('one number style (built site)', () => {
  const shown = new Map<string, Seen[]>();
  const diffs = new Map<string, Seen[]>();
  let pages: string[] = [];
  let unmarked: string[] = [];
  beforeAll(() => {
    if (!process.env.EVALBOARD_DIST_UNDER_TEST) ensureBuilt(ROOT);
    pages = htmlFiles(DIST);
    for (const file of pages) {
      const page = relative(DIST, file);
      const { document } = parseHTML(readFileSync(file, 'utf8'));
      for (const [attr, into] of [['data-metric', shown], ['data-metric-diff', diffs]] as const) {
        for (const el of document.querySelectorAll(`[${attr}]`)) {
          const id = el.getAttribute(attr)!;
          const text = el.textContent ?? '';
          for (const decimals of decimalsOf(text)) into.set(id, [...(into.get(id) ?? []), { decimals, page, text }]);
        }
      }
      // Every numeric cell of a board table, other than the rank and n, holds a marked value.
      for (const table of document.querySelectorAll('table[data-board]')) {
        const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent!.trim());
        for (const tr of table.querySelectorAll('tbody tr')) {
          [...tr.children].forEach((td, i) => {
            if (!td.hasAttribute('data-v') || /^(Rank|n)\b/.test(heads[i] ?? '') || td.textContent!.trim() === '—') return;
            if (!td.querySelector('[data-metric]')) unmarked.push(`${page}: column ${heads[i]} "${td.textContent!.trim()}"`);
          });
        }
      }
    }
    unmarked = [...new Set(unmarked)];
  });

  it('the site was built and shows marked values', () => {
    expect(pages.length).toBeGreaterThan(50);
    expect(shown.size).toBeGreaterThan(5);
  });

  it('every metric value has its definition\'s decimals, on every page', () => {
    const wrong: string[] = [];
    for (const [id, seen] of shown) {
      const def = ALL_METRICS.find((m) => m.id === id);
      if (!def) {
        wrong.push(`${id}: not a metric id (${seen[0]!.page})`);
        continue;
      }
      for (const s of seen) if (s.decimals !== def.format.digits) wrong.push(`${id}: "${s.text}" on ${s.page} has ${s.decimals} decimals, the definition ${def.format.digits}`);
    }
    expect([...new Set(wrong)].slice(0, 30)).toEqual([]);
  });

  it('no metric appears with two precisions', () => {
    const two = [...shown]
      .filter(([, seen]) => new Set(seen.map((s) => s.decimals)).size > 1)
      .map(([id, seen]) => `${id}: ${[...new Map(seen.map((s) => [s.decimals, `${s.decimals} decimals ("${s.text}", ${s.page})`])).values()].join(' vs ')}`);
    expect(two).toEqual([]);
  });

  it('every difference has one decimal more than its metric\'s values', () => {
    const wrong: string[] = [];
    for (const [id, seen] of diffs) {
      const def = ALL_METRICS.find((m) => m.id === id)!;
      for (const s of seen) if (s.decimals !== def.format.digits + 1) wrong.push(`${id}: "${s.text}" on ${s.page}`);
    }
    expect(diffs.size).toBeGreaterThan(0);
    expect([...new Set(wrong)].slice(0, 30)).toEqual([]);
  });

  it('no numeric board cell shows an unmarked number', () => {
    expect(unmarked.slice(0, 30)).toEqual([]);
  });

  it('every board download states its metrics\' display format as their definitions give it', () => {
    const downloads = join(DIST, 'downloads');
    const docs = readdirSync(downloads).flatMap((b) => readdirSync(join(downloads, b)).filter((f) => f.endsWith('.json')).map((f) => join(downloads, b, f)));
    expect(docs.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const file of docs) {
      const d = JSON.parse(readFileSync(file, 'utf8')) as { primary: { metric: string; display: { kind: string; digits: number; scale: number } }; secondary: { metric: string; display: { kind: string; digits: number; scale: number } }[] };
      for (const m of [d.primary, ...d.secondary]) {
        const def = ALL_METRICS.find((x) => x.id === m.metric)!;
        const want = { kind: def.format.kind, digits: def.format.digits, scale: def.format.kind === 'percent' ? 100 : 1 };
        if (JSON.stringify(m.display) !== JSON.stringify(want)) wrong.push(`${relative(DIST, file)} ${m.metric}: ${JSON.stringify(m.display)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('decimalsOf reads displayed numbers', () => {
    expect(decimalsOf('[0.21, 0.30]')).toEqual([2, 2]);
    expect(decimalsOf('96.0%')).toEqual([1]);
    expect(decimalsOf('+0.0123 pp')).toEqual([4]);
    expect(decimalsOf('82')).toEqual([0]);
  });
});
