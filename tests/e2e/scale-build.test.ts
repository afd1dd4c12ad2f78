// A real build at 200 entries (issue "Scale and speed", item 4): 200 synthetic MedVision entries (3
// subtasks × 32 samples, small per entry) built by astro into a temp folder. Nothing silently
// disappears — every entry has its model page and its row on every board it was scored on, every
// unit its explorer page and data — and the first load of every board and explorer page stays
// within its budget (board 50 KB gzipped, explorer 100 KB: HTML + stylesheets + the scripts it
// imports statically, each gzipped as the host sends it).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScaleCorpus } from '../helpers/scale-corpus';
import { withBuildLock } from './build';

const ROOT = join(import.meta.dirname, '..', '..');
const ENTRIES = 200;
const BUDGET = { board: 50 * 1024, explorer: 100 * 1024 };
const TMP = mkdtempSync(join(tmpdir(), 'evalboard-build-200-'));
const OUT = join(TMP, 'dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? (e === '_astro' ? [] : htmlFiles(p)) : e.endsWith('.html') ? [p] : [];
  });
}

const gz = (file: string) => gzipSync(readFileSync(file)).length;
/** A module script and every module it imports statically (dynamic `import()` loads later, on demand). */
function scriptClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  const js = readFileSync(file, 'utf8');
  for (const m of js.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) scriptClosure(join(dirname(file), m[1]!), seen);
  return seen;
}

/** Bytes of a page's first load: the HTML, its stylesheets and its module scripts with their static imports, gzipped. */
function firstLoad(file: string): { total: number; parts: string } {
  const { document } = parseHTML(readFileSync(file, 'utf8'));
  const local = (href: string | null) => (href && href.startsWith('/') ? join(OUT, href.split(/[?#]/)[0]!) : undefined);
  const css = [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => local(l.getAttribute('href'))).filter((f): f is string => f !== undefined);
  const scripts = new Set<string>();
  for (const s of document.querySelectorAll('script[src]')) {
    const f = local(s.getAttribute('src'));
    if (f) scriptClosure(f, scripts);
  }
  const html = gz(file);
  const cssBytes = css.reduce((n, f) => n + gz(f), 0);
  const jsBytes = [...scripts].reduce((n, f) => n + gz(f), 0);
  return { total: html + cssBytes + jsBytes, parts: `HTML ${html} + CSS ${cssBytes} + JS ${jsBytes}` };
}

describe(`a build of ${ENTRIES} entries`, () => {
  beforeAll(() => {
    writeScaleCorpus({ tmp: TMP, entries: ENTRIES, perSubtask: 32, seed: 'build-scale' });
    const env: NodeJS.ProcessEnv = { ...process.env, EVALBOARD_RESULTS: join(TMP, 'results'), EVALBOARD_NO_CACHE: '1' };
    for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES', 'EVALBOARD_REPORTED']) delete env[k];
    // The lock: another file's build of the checkout (sources-build, `npm run build`) shares <ROOT>/.astro/ with this one.
    withBuildLock(ROOT, () => execFileSync('npx', ['astro', 'build', '--outDir', OUT], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] }));
  }, 1_200_000);
  afterAll(() => rmSync(TMP, { recursive: true, force: true }));

  it('every entry has its model page and a row on the boards; every unit its explorer page and data', () => {
    const models = readdirSync(join(TMP, 'models')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
    expect(models.length).toBe(ENTRIES);
    expect(models.filter((m) => !existsSync(join(OUT, 'models', m, 'index.html')))).toEqual([]);
    const board = readFileSync(join(OUT, 'benchmarks', 'medvision', 'tl', 'index.html'), 'utf8');
    expect(models.filter((m) => !board.includes(`/models/${m}/`))).toEqual([]);
    const units = readdirSync(join(OUT, 'explore', 'medvision')).filter((e) => statSync(join(OUT, 'explore', 'medvision', e)).isDirectory());
    expect(units.length).toBe(3);
    for (const u of units) {
      const doc = JSON.parse(readFileSync(join(OUT, 'explore-data', 'medvision', `${u}.json`), 'utf8')) as { entries: unknown[] };
      expect(doc.entries.length, u).toBe(ENTRIES);
    }
  });

  it(`every board page loads within ${BUDGET.board / 1024} KB and every explorer page within ${BUDGET.explorer / 1024} KB gzipped`, () => {
    const pages = htmlFiles(OUT).map((f) => relative(OUT, f));
    const boards = pages.filter((p) => /^benchmarks\/medvision\/.+\/index\.html$/.test(p) && !p.includes('/as-of/'));
    const explorers = pages.filter((p) => /^explore\/medvision\/[^/]+\/index\.html$/.test(p));
    expect(boards.length).toBeGreaterThanOrEqual(4);
    expect(explorers.length).toBe(3);
    const over: string[] = [];
    const figures: string[] = [];
    for (const [list, budget] of [[boards, BUDGET.board], [explorers, BUDGET.explorer]] as const) {
      for (const p of list) {
        const f = firstLoad(join(OUT, p));
        figures.push(`${p}: ${(f.total / 1024).toFixed(1)} KB (${f.parts})`);
        if (f.total > budget) over.push(`${p}: ${f.total} B > ${budget} B (${f.parts})`);
      }
    }
    console.log(`first loads at ${ENTRIES} entries:\n  ${figures.join('\n  ')}`);
    expect(over).toEqual([]);
  });
});
