// An explorer unit a new submission touches is assembled from its entries' cached fragments: on a
// temp MedVision tree, adding one entry computes only that entry's fragment (the cache log says
// which) and the unit's published documents are byte for byte those of a build from an empty cache
// and of an uncached build (which assembles the unit whole, `pageOf`). When the new entry holds
// samples the others lack, every entry's cells gain nulls there: every fragment is recomputed and
// the document still equals the uncached build's, its columns aligned to the samples.
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMedvisionCorpus } from '../../scripts/lib/medvision-corpus';
import { DEMO_CONFIGS, TASK_TAG } from '../../src/benchmarks/medvision/demo/generator';
import { slugify } from '../../src/core/slug';
import type { ExplorerDoc } from '../../src/board/explorer-doc';
import { productBuild, type Built } from '../helpers/product-build';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-unit-parts-'));
const saved = { ...process.env };
for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES', 'EVALBOARD_NO_CACHE']) delete process.env[k];
afterAll(() => {
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

const tl = DEMO_CONFIGS.find((c) => c.family === 'TL')!;
const unit = slugify(tl.config);
const docPath = `explore-data/medvision/${unit}.json`;

let builds = 0;
/** A build of the tree at `root` with the cache in `cache` (undefined: no cache). */
async function build(root: string, cache: string | undefined): Promise<Built> {
  process.env.EVALBOARD_RESULTS = join(root, 'results');
  if (cache === undefined) process.env.EVALBOARD_NO_CACHE = '1';
  else {
    delete process.env.EVALBOARD_NO_CACHE;
    process.env.EVALBOARD_CACHE_DIR = cache;
  }
  const n = builds++;
  process.env.EVALBOARD_CACHE_LOG = join(TMP, `cache-${n}.log`);
  process.env.EVALBOARD_LINK_LOG = join(TMP, `links-${n}.log`);
  return productBuild({ log: process.env.EVALBOARD_CACHE_LOG, links: process.env.EVALBOARD_LINK_LOG, out: join(TMP, `out-${n}`) });
}

const folderOf = (line: string) => line.split(' ')[2]!.split('/').at(-1)!;
const lines = (log: string[], what: 'hit' | 'miss', kind: string) => log.filter((l) => l.startsWith(`${what} ${kind} `)).map(folderOf).sort();
/** The unit's data document (the build's files hold what the linker put in the site as base64). */
const docOf = (b: Built) => JSON.parse(Buffer.from(b.files.get(docPath)!, 'base64').toString('utf8')) as ExplorerDoc;
const unitFiles = (b: Built) => new Map([...b.files].filter(([k]) => k.startsWith(`explore-data/medvision/${unit}`)));

function expectSameUnit(got: Built, want: Built): void {
  const a = unitFiles(got);
  const b = unitFiles(want);
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  for (const [k, v] of b) expect(a.get(k) === v, `${k}: not the same bytes`).toBe(true);
}

/** The touched unit's page as the last build's routes render it: its view and notes. */
async function pageView() {
  const { explorerPages } = await import('../../src/board/explorer');
  const page = (await explorerPages()).find((p) => p.benchmark === 'medvision' && p.unit === unit)!;
  const { view, notes } = await page.load();
  return { view, notes };
}

const corpus = (root: string, entries: number) => writeMedvisionCorpus({ root, entries, configs: [tl], perSubtask: 6, seed: 'unit-parts', prefix: 'up', treeClass: 'pilot' });
const old = ['up-model-000-up', 'up-model-001-up', 'up-model-002-up'];
const added = 'up-model-003-up';
const samplesFile = (root: string, id: string) => {
  const dir = join(root, 'results', 'medvision', id, 'Results', TASK_TAG[tl.family], id.replace(/-up$/, ''), 'parsed');
  return join(dir, readdirSync(dir)[0]!);
};

describe('explorer units assembled from cached entry fragments', () => {
  it('an added entry computes only its own fragment; the unit equals a build from an empty cache and an uncached one', { timeout: 300_000 }, async () => {
    const root = join(TMP, 'added');
    const cache = join(TMP, 'added-cache');
    corpus(root, 3);
    const first = await build(root, cache);
    expect(lines(first.log, 'miss', 'explorer-entry/medvision')).toEqual(old);
    expect(lines(first.log, 'miss', 'explorer-frame/medvision')).toEqual([unit]);

    corpus(root, 4); // the same three (identical bytes) and a fourth
    const second = await build(root, cache);
    expect(lines(second.log, 'miss', 'explorer-unit/medvision')).toEqual([unit]);
    expect(lines(second.log, 'miss', 'explorer-entry/medvision')).toEqual([added]);
    expect(lines(second.log, 'hit', 'explorer-entry/medvision')).toEqual(old);
    expect(lines(second.log, 'hit', 'explorer-frame/medvision')).toEqual([unit]);
    const doc = docOf(second);
    expect(doc.entries.map((e) => e.submission).sort()).toEqual([...old, added]);
    expect(doc.cells.every((c) => c.length === doc.samples.length)).toBe(true);

    const view = await pageView();
    expectSameUnit(second, await build(root, join(TMP, 'added-cache-empty')));
    expectSameUnit(second, await build(root, undefined));
    // The page renders the same view (first rows, sample count, tallies) as from the whole document.
    expect(view).toEqual(await pageView());
  });

  it('an added entry with samples the others lack recomputes every fragment, aligned to the new samples', { timeout: 300_000 }, async () => {
    const root = join(TMP, 'union');
    const cache = join(TMP, 'union-cache');
    corpus(root, 4);
    // The first three ran only the first four samples; the fourth, added later, runs all six.
    for (const id of old) {
      const f = samplesFile(root, id);
      writeFileSync(f, readFileSync(f, 'utf8').split('\n').slice(0, 4).join('\n') + '\n');
    }
    const aside = join(TMP, 'union-aside');
    renameSync(join(root, 'results', 'medvision', added), aside);
    const first = await build(root, cache);
    const before = docOf(first);
    expect(before.samples).toHaveLength(4);

    renameSync(aside, join(root, 'results', 'medvision', added));
    const second = await build(root, cache);
    expect(lines(second.log, 'miss', 'explorer-frame/medvision')).toEqual([unit]);
    expect(lines(second.log, 'miss', 'explorer-entry/medvision')).toEqual([...old, added]);
    const doc = docOf(second);
    expect(doc.entries).toHaveLength(4);
    expect(doc.samples).toHaveLength(6);
    for (const [e, entry] of doc.entries.entries()) {
      expect(doc.cells[e], entry.submission).toHaveLength(6);
      const ran = doc.cells[e]!.map((c) => c !== null);
      expect(ran, entry.submission).toEqual(entry.submission === added ? [true, true, true, true, true, true] : [true, true, true, true, false, false]);
    }
    expectSameUnit(second, await build(root, undefined));
  });

  it('an entry whose target differs from the shown one adds the note, as the whole unit does', { timeout: 300_000 }, async () => {
    const root = join(TMP, 'targets');
    corpus(root, 3);
    const f = samplesFile(root, 'up-model-002-up');
    const records = readFileSync(f, 'utf8').trim().split('\n');
    const last = JSON.parse(records.at(-1)!) as { target: string };
    last.target = '[11.5, 12.5]';
    records[records.length - 1] = JSON.stringify(last);
    writeFileSync(f, records.join('\n') + '\n');
    // No answer key for the version: the targets are the entries' own (unverified).
    rmSync(join(root, 'references'), { recursive: true, force: true });
    const notesOf = async (cache: string | undefined) => {
      const built = await build(root, cache);
      const { explorerPages } = await import('../../src/board/explorer');
      const page = (await explorerPages()).find((p) => p.benchmark === 'medvision' && p.unit === unit)!;
      expect(page.entries.map((e) => e.submission)).toContain('up-model-002-up');
      return { built, notes: (await page.load()).notes };
    };
    const parts = await notesOf(join(TMP, 'targets-cache'));
    expect(lines(parts.built.log, 'miss', 'explorer-entry/medvision')).toEqual(old);
    const whole = await notesOf(undefined);
    expect(whole.notes.some((n) => /different target/.test(n))).toBe(true);
    expect(parts.notes).toEqual(whole.notes);
  });
});
