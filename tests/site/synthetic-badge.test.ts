// Demo data is marked wherever it appears: every HTML row, card and list item of the built site
// that names a synthetic submission or a synthetic model carries the "synthetic" badge (.syn),
// every page carries the demo banner, and every board download row has synthetic = true exactly
// for the synthetic submissions. Which submissions are synthetic is read here from results/ and
// models/ directly, not from the view models under test.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseHTML } from 'linkedom';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../e2e/build';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = process.env.EVALBOARD_DIST_UNDER_TEST ?? join(ROOT, 'dist');

const readJson = (p: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

function files(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) {
      if (e !== '_astro' && e !== 'pagefind') out.push(...files(p, ext));
    } else if (e.endsWith(ext)) out.push(p);
  }
  return out;
}

/** Synthetic submission ids and model ids, from the bundled data itself. */
function syntheticData(): { submissions: Set<string>; models: Set<string> } {
  const models = new Set<string>();
  for (const f of files(join(ROOT, 'models'), '.json')) if (readJson(f)?.synthetic === true) models.add(f.split('/').at(-1)!.replace(/\.json$/, ''));
  const submissions = new Set<string>();
  for (const bench of readdirSync(join(ROOT, 'results'))) {
    const dir = join(ROOT, 'results', bench);
    if (!statSync(dir).isDirectory()) continue;
    for (const id of readdirSync(dir)) {
      const s = readJson(join(dir, id, 'submission.json'));
      if (s && (s.synthetic === true || models.has(String(s.model)))) submissions.add(id);
    }
  }
  return { submissions, models };
}

let synth: ReturnType<typeof syntheticData>;

describe('synthetic demo data is badged everywhere (built site and downloads)', () => {
  beforeAll(() => {
    if (!process.env.EVALBOARD_DIST_UNDER_TEST) ensureBuilt(ROOT); // a dist/ elsewhere (astro build --outDir) is taken as built
    synth = syntheticData();
  }, 600_000);

  it('the bundled data has synthetic submissions (else this test proves nothing)', () => {
    expect(synth.submissions.size).toBeGreaterThan(0);
    expect(synth.models.size).toBeGreaterThan(0);
  });

  it('every row, card and list item naming a synthetic submission or model carries the badge; every page the banner', () => {
    const pages = files(DIST, '.html');
    expect(pages.length).toBeGreaterThan(100);
    const missing: string[] = [];
    let checked = 0;
    for (const file of pages) {
      const { document } = parseHTML(readFileSync(file, 'utf8'));
      const page = `/${relative(DIST, file)}`;
      if (!document.querySelector('.demo-banner')) missing.push(`${page}: no demo banner`);
      // A row (or list item / home card entry) is about a synthetic entry when it links to its
      // submission or its model page. Links in the banner, nav, breadcrumbs and headings are not rows.
      for (const item of document.querySelectorAll('main tbody tr, main ol.top > li, main li')) {
        if (item.matches('li') && item.querySelector('li')) continue; // only the innermost list items
        const hrefs = [...item.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
        const ids = hrefs.flatMap((h) => {
          const m = /\/(submissions|models)\/([^/]+)\/$/.exec(h);
          return m && (m[1] === 'submissions' ? synth.submissions.has(m[2]!) : synth.models.has(m[2]!)) ? [`${m[1]}/${m[2]}`] : [];
        });
        if (ids.length === 0) continue;
        checked++;
        if (!item.querySelector('.syn')) missing.push(`${page}: ${item.tagName.toLowerCase()} for ${ids[0]} has no badge: "${(item.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80)}"`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing, missing.slice(0, 30).join('\n')).toEqual([]);
  });

  it('every board download row says synthetic exactly for the synthetic submissions (JSON and CSV)', () => {
    const json = files(join(DIST, 'downloads'), '.json');
    const csv = files(join(DIST, 'downloads'), '.csv');
    expect(json.length).toBeGreaterThan(0);
    expect(csv.length).toBe(json.length);
    const wrong: string[] = [];
    let rows = 0;
    for (const f of json) {
      for (const r of (readJson(f)!.rows as { submission: string; synthetic?: unknown }[])) {
        rows++;
        if (r.synthetic !== synth.submissions.has(r.submission)) wrong.push(`${relative(DIST, f)}: ${r.submission} synthetic=${String(r.synthetic)}`);
      }
    }
    for (const f of csv) {
      const parsed = Papa.parse<Record<string, string>>(readFileSync(f, 'utf8'), { header: true, skipEmptyLines: true });
      expect(parsed.meta.fields, f).toContain('synthetic');
      for (const r of parsed.data) {
        rows++;
        if (r.synthetic !== String(synth.submissions.has(r.submission_id!))) wrong.push(`${relative(DIST, f)}: ${r.submission_id} synthetic=${r.synthetic}`);
      }
    }
    expect(rows).toBeGreaterThan(0);
    expect(wrong, wrong.slice(0, 20).join('\n')).toEqual([]);
  });
});
