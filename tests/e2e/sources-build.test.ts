/**
 * Issue 16's last "Done means": a site built from the public fixtures via sources.json — the
 * repository's own entries, each pointed at its fixture copy with `local` (the test double for the
 * network), plus ClinicalBench's episodes — shows the real model names, organisations, harnesses
 * and attributions, and no synthetic badge on the real rows (the demo rows keep theirs).
 *
 * One `import:sources` run (the compiled CLI) and one build serve every assertion. Around it: a
 * second run gives byte-identical output, and a run with a missing folder, a duplicated source and
 * a source validate rejects fails naming each, leaving the previous output untouched. Expected
 * names come from the fixtures (run folders, results.json, episode files, READMEs), never from
 * our importers' output.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needShared, readSharedJson, sharedPath } from '../helpers/shared';
import { withBuildLock } from './build';

const ROOT = resolve(__dirname, '../..');
const need = needShared(
  'a site built from the public fixtures via sources.json',
  'fixtures/medvision/Results',
  'fixtures/latch/latchbio__scbench',
  'fixtures/latch/expectations_results.json',
  'fixtures/clinicalbench/episodes_heuristic_seed20260402.json',
  'fixtures/clinicalbench/README.md',
);

interface Source { id: string; importer: string; repo: string; commit: string; path?: string; licence: string; attribution: string; local?: string }
const committed = (JSON.parse(readFileSync(join(ROOT, 'sources.json'), 'utf8')) as { sources: Source[] }).sources;
/** Where each committed source's fixture copy is (the fixture READMEs name the repository and commit). */
const LOCAL: Record<string, string> = { 'medvision-viennh-fork': 'fixtures/medvision', scbench: 'fixtures/latch/latchbio__scbench' };
// ClinicalBench's upstream holds no result files; the fixture episodes are runs of its HEAD (fixture README).
const CLINICAL: Source = { id: 'clinical-trial-auditor', importer: 'clinicalbench', repo: 'https://github.com/sumitsaraswat362/clinical-trial-auditor', commit: '639207bfb35497a71021e87ca9dd3210f54f580d', licence: 'unclear (no LICENSE file)', attribution: 'clinical-trial-auditor by sumitsaraswat362', local: sharedPath('fixtures/clinicalbench') };

let tmp = '';
const files = (dir: string): string[] => readdirSync(dir).sort().flatMap((e) => (statSync(join(dir, e)).isDirectory() ? files(join(dir, e)).map((f) => `${e}/${f}`) : [e]));
const digest = (dir: string) => createHash('sha256').update(files(dir).map((f) => `${f}\0${createHash('sha256').update(readFileSync(join(dir, f))).digest('hex')}`).join('\n')).digest('hex');
const importSources = (sources: Source[], out: string) => {
  const file = join(tmp, `sources-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ sources }, null, 2));
  return spawnSync(process.execPath, [join(ROOT, 'scripts/cli/run.mjs'), 'import-sources', '--sources', file, '--out', out, '--cache', join(tmp, 'cache'), '--env-out', join(tmp, 'env')], { cwd: ROOT, encoding: 'utf8', timeout: 600_000 });
};
/** Every run's trajectories/<eval>/<provider>/<model>/<harness>/r<N>/ folders, as the fixtures' expectations list them. */
const latchRunFolders = () =>
  readSharedJson<{ cases: { result_path: string }[] }>('fixtures/latch/expectations_results.json').cases.map((c) => {
    const [, , , provider, model, harness] = c.result_path.split('/') as string[];
    return { provider: provider!, model: model!, harness: harness! };
  });
const html = (page: string) => parseHTML(readFileSync(join(tmp, 'dist', page), 'utf8')).document;
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe.skipIf(!need.ok)('a site built from the public fixtures via sources.json (local paths for the network)', () => {
  const sources = [...committed.map((s) => ({ ...s, local: sharedPath(LOCAL[s.id] ?? `missing-fixture-for-${s.id}`) })), CLINICAL];
  let first: ReturnType<typeof importSources>;
  let pages: string[] = [];
  let manifest: { sources: { id: string; submissions: string[]; models: string[] }[] };

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'evalboard-sources-build-'));
    first = importSources(sources, join(tmp, 'a', 'site-data'));
    if (first.status !== 0) return;
    manifest = JSON.parse(readFileSync(join(tmp, 'a', 'site-data', 'imported-sources.json'), 'utf8'));
    const env = Object.fromEntries(readFileSync(join(tmp, 'env'), 'utf8').trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    // The lock: another file's `npm run build` of the checkout would share <ROOT>/.astro/ with this build.
    withBuildLock(ROOT, () =>
      execFileSync(process.execPath, [join(ROOT, 'node_modules', 'astro', 'astro.js'), 'build', '--outDir', join(tmp, 'dist')], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: 900_000,
        env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1', EVALBOARD_CACHE_DIR: join(tmp, 'score-cache') },
      }),
    );
    pages = files(join(tmp, 'dist')).filter((f) => f.endsWith('.html') && !f.startsWith('_astro/') && !f.startsWith('pagefind/'));
  }, 1_200_000);
  afterAll(() => tmp && rmSync(tmp, { recursive: true, force: true }));

  it('import:sources succeeds and a second run writes byte-identical output', () => {
    expect(first.stderr.split('\n').filter((l) => /^import:sources:/.test(l))).toEqual([]);
    expect(first.status, first.stderr).toBe(0);
    const again = importSources(sources, join(tmp, 'b', 'site-data'));
    expect(again.status, again.stderr).toBe(0);
    expect(digest(join(tmp, 'b', 'site-data'))).toBe(digest(join(tmp, 'a', 'site-data')));
  });

  it('a missing folder, a source imported twice and a source validate rejects: each named, nothing merged, the previous output untouched', () => {
    const bad = join(tmp, 'bad-medvision');
    cpSync(sharedPath('fixtures/medvision/Results/MedVision-AD'), join(bad, 'Results', 'MedVision-AD'), { recursive: true });
    const dir = join(bad, 'Results/MedVision-AD/Qwen2.5-VL-7B-SFT-AD/parsed');
    const jsonl = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
    const lines = readFileSync(join(dir, jsonl), 'utf8').split('\n');
    lines[1] = lines[0]!; // the second record repeats the first: a duplicate doc_id
    writeFileSync(join(dir, jsonl), lines.join('\n'));
    const before = digest(join(tmp, 'a', 'site-data'));
    const r = importSources([
      ...sources,
      { ...CLINICAL, id: 'gone', local: join(tmp, 'no-such-folder') },
      { ...sources.find((s) => s.id === 'scbench')!, id: 'scbench-again' },
      { ...committed.find((s) => s.id === 'medvision-viennh-fork')!, id: 'broken-fork', repo: 'https://github.com/example/broken', local: bad },
    ], join(tmp, 'a', 'site-data'));
    expect(r.status).toBe(1);
    const errors = r.stderr.split('\n').filter((l) => /^import:sources: source "/.test(l));
    expect(errors.map((l) => /source "([^"]+)"/.exec(l)![1])).toEqual(['gone', 'scbench-again', 'broken-fork']);
    expect(errors[0]).toMatch(/local folder .*no-such-folder does not exist/);
    expect(errors[1]).toMatch(/is already in source "scbench"/);
    expect(errors[2]).toMatch(/validate rejects .*doc_id/);
    expect(r.stderr).toMatch(/nothing merged/);
    expect(digest(join(tmp, 'a', 'site-data'))).toBe(before);
  });

  it('latch: every scBench run configuration is on the boards with its real model name and harness, credited, never badged synthetic', () => {
    const configs = [...new Set(latchRunFolders().map((r) => `${r.provider}/${r.model}|${r.harness}`))].sort();
    const boardPages = pages.filter((p) => p.startsWith('benchmarks/latch/'));
    const seen = new Set<string>();
    for (const p of boardPages) {
      for (const tr of html(p).querySelectorAll('main tbody tr')) {
        const a = tr.querySelector('a[href*="/models/"]');
        const harness = text(tr.querySelector('.harness'));
        for (const cfg of configs) {
          const [full, h] = cfg.split('|') as [string, string];
          const model = full.split('/').pop()!;
          if (text(a) !== model || !harness.includes(h)) continue;
          seen.add(cfg);
          expect(tr.querySelector('.syn'), `${p}: ${cfg}`).toBeNull();
          expect(tr.querySelector('[data-source-tag] a')?.getAttribute('href'), `${p}: ${cfg}`).toBe(`https://github.com/latchbio/scbench/tree/${committed.find((s) => s.id === 'scbench')!.commit}`);
        }
      }
    }
    expect([...seen].sort()).toEqual(configs);
  });

  it('every row of an imported submission carries its source and no badge; every demo row keeps its badge', () => {
    const imported = new Set(manifest.sources.flatMap((s) => s.submissions.map((x) => x.split('/')[1]!)));
    let real = 0;
    let demo = 0;
    for (const p of pages.filter((x) => x.startsWith('benchmarks/'))) {
      for (const tr of html(p).querySelectorAll('main tbody tr')) {
        const sub = /\/submissions\/([^/]+)\/$/.exec(tr.querySelector('a[href*="/submissions/"]')?.getAttribute('href') ?? '')?.[1];
        if (!sub) continue;
        if (imported.has(sub)) {
          real++;
          expect(tr.querySelector('.syn'), `${p}: ${sub}`).toBeNull();
          expect(tr.querySelector('[data-source-tag]'), `${p}: ${sub}`).not.toBeNull();
        } else {
          demo++;
          expect(tr.querySelector('.syn'), `${p}: ${sub}`).not.toBeNull();
          expect(tr.querySelector('[data-source-tag]'), `${p}: ${sub}`).toBeNull();
        }
      }
    }
    expect(real).toBeGreaterThan(20);
    expect(demo).toBeGreaterThan(20);
  });

  it('model pages: the real names and organisations the fixtures give, the source note with attribution and licence, no badge', () => {
    const byName = new Map(pages.filter((p) => /^models\/[^/]+\/index\.html$/.test(p)).map((p) => [text(html(p).querySelector('h1')), p]));
    // MedVision: results.json config.model_args "model_version=<org>/<base>__<task>": one model per base checkpoint.
    const resultsJson = files(sharedPath('fixtures/medvision/Results')).filter((f) => f.endsWith('_results.json'));
    const hf = [...new Set(resultsJson.map((f) => /model_version=([^,]+)/.exec(readFileSync(sharedPath('fixtures/medvision/Results', f), 'utf8'))![1]!))];
    const expected: { name: string; org: string; source: Source }[] = [
      ...[...new Set(hf.map((id) => id.replace(/__(AD|TL|detect)$/, '')))].map((id) => ({ name: id.split('/')[1]!, org: id.split('/')[0]!, source: committed.find((s) => s.id === 'medvision-viennh-fork')! })),
      ...[...new Set(latchRunFolders().map((r) => `${r.provider}/${r.model}`))].map((m) => ({ name: m.split('/')[1]!, org: m.split('/')[0]!, source: committed.find((s) => s.id === 'scbench')! })),
      // ClinicalBench: the episodes' agent, the upstream repository's owner.
      { name: readSharedJson<{ agent: string }>('fixtures/clinicalbench/episodes_heuristic_seed20260402.json').agent, org: 'sumitsaraswat362', source: CLINICAL },
    ];
    expect(expected.length).toBeGreaterThan(10);
    for (const e of expected) {
      const p = byName.get(e.name);
      expect(p, `a model page titled ${e.name}`).toBeDefined();
      const doc = html(p!);
      expect(doc.querySelector('h1 .syn'), e.name).toBeNull();
      const dt = [...doc.querySelectorAll('dl.meta dt')].find((d) => text(d) === 'Organisation');
      expect(text(dt?.nextElementSibling), e.name).toBe(e.org);
      const note = doc.querySelector('[data-sources]');
      expect(text(note?.querySelector('[data-attribution]')), e.name).toBe(e.source.attribution);
      expect(text(note?.querySelector('[data-licence]')), e.name).toBe(e.source.licence);
    }
  });

  it('ClinicalBench: the heuristic agent ran in the upstream environment at its HEAD commit (fixture README)', () => {
    const rows = pages.filter((p) => p.startsWith('benchmarks/clinicalbench/')).flatMap((p) => [...html(p).querySelectorAll('main tbody tr')]).filter((tr) => text(tr.querySelector('a[href*="/models/"]')) === 'heuristic' && tr.querySelector('[data-source-tag]'));
    expect(rows.length).toBeGreaterThan(0);
    for (const tr of rows) expect(text(tr.querySelector('.harness'))).toContain(CLINICAL.commit.slice(0, 7));
  });

  it('benchmark and review pages carry the attribution and licence; the data API and downloads carry the source; the banner says some rows are real', () => {
    for (const s of [...committed, CLINICAL]) {
      const page = `benchmarks/${s.importer}/index.html`;
      const items = [...html(page).querySelectorAll('[data-sources] [data-source]')].map(text);
      expect(items.some((t) => t.includes(s.attribution) && t.includes(s.licence)), `${page}: ${s.id}`).toBe(true);
    }
    for (const s of manifest.sources) {
      const src = [...committed, CLINICAL].find((x) => x.id === s.id)!;
      for (const sub of s.submissions) {
        const [benchmark, id] = sub.split('/') as [string, string];
        const doc = html(`submissions/${id}/index.html`);
        expect(text(doc.querySelector('[data-sources] [data-attribution]')), sub).toBe(src.attribution);
        expect(text(doc.querySelector('main')), sub).not.toContain('synthetic demo data');
        const api = JSON.parse(readFileSync(join(tmp, 'dist', 'api/v1/submissions', benchmark, `${id}.json`), 'utf8'));
        expect(api.synthetic, sub).toBe(false);
        expect(api.source, sub).toMatchObject({ repo: src.repo, commit: src.commit, licence: src.licence, attribution: src.attribution });
      }
    }
    const imported = new Set(manifest.sources.flatMap((s) => s.submissions.map((x) => x.split('/')[1]!)));
    let rows = 0;
    for (const f of files(join(tmp, 'dist', 'downloads')).filter((x) => x.endsWith('.json'))) {
      for (const r of JSON.parse(readFileSync(join(tmp, 'dist', 'downloads', f), 'utf8')).rows as { submission: string; synthetic: boolean; source: { repo: string } | null }[]) {
        rows++;
        expect(r.synthetic, `${f}: ${r.submission}`).toBe(!imported.has(r.submission));
        expect(r.source !== null, `${f}: ${r.submission}`).toBe(imported.has(r.submission));
      }
    }
    expect(rows).toBeGreaterThan(0);
    expect(text(html('index.html').querySelector('.demo-banner'))).toMatch(/Rows without the mark are real runs/);
    expect(relative(ROOT, join(tmp, 'a'))).toMatch(/^\.\./); // the merged set is outside the repository
  });
});
