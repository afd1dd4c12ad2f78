/**
 * The per-sample explorer's view models: every benchmark's units (from its `explorer` provider,
 * over the submissions the gate admits), each with its entries' identities, as the data document
 * the unit page loads on demand and the first rows the page renders as HTML.
 */
import type { Board, Entry } from '../core/board';
import type { ExplorerUnit, ExplorerUnitHead, ExplorerUnitIdentity } from '../core/benchmark';
import { SUBMISSION_BENCHMARKS, findBenchmark } from '../registry/benchmarks';
import { admissions, boardContext, type Admission } from './gate';
import { entryKeyOf, entryLabel, identityOf } from './submission-meta';
import { preferred as preferredAdmission } from './api';
import { DEFAULT_ENTRIES, WHOLE_UNIT_ROWS, pageView, type DocTexts, type ExplorerDoc, type ExplorerPageView } from './explorer-doc';
import { ENTRY_TEXTS, assembleFromParts, docColumn, docHead, docSamples, type AssembledMeta, type FirstTexts, type PartsUnit } from './explorer-assemble';
import { keyedProductFile, productsByKey } from '../ingest/product-cache';
import { publishBytes, publishCached } from '../ingest/published-files';
import { explorerDataPath, explorerRowHref } from './explorer-paths';
import { shardByWeight, type Shard } from '../core/shard';

export interface ExplorerPage {
  /** What the page renders: its first rows and the unit's counts (the whole document is a published file). */
  view: ExplorerPageView;
  /** The provider's notes on the unit. */
  notes: string[];
  /**
   * An entry's long texts on a sample, for the rows the unit page renders as HTML: kept for the
   * first `DEFAULT_ENTRIES` entries and `WHOLE_UNIT_ROWS` samples (the page's first rows in the
   * unit's order); asking for another throws.
   */
  textsOf(entry: number, sample: number): { label: string; body: string }[] | null;
}

/** An explorer page before its unit is loaded: what the index and the routes' paths need. */
export interface ExplorerPageHead extends Pick<ExplorerUnitHead, ExplorerUnitIdentity | 'samples'> {
  benchmark: string;
  /** The page's entries, in its order (`doc.entries`). */
  entries: ExplorerDoc['entries'];
  /** Indices into `entries` of those with long texts on the unit (each has a texts document). */
  textEntries: number[];
  /** The page, from the unit cache or assembled from its entries' pieces (the last one loaded is kept: a route's paths come unit by unit). */
  load(): Promise<ExplorerPage>;
  /** The unit's data documents (`explorerDataPath`, `explorerTextsPath`): paths on disk and their bytes (the dev server's route). */
  files(): Promise<ExplorerFile[]>;
  /** Records the unit's data documents as published files (`src/ingest/published-files.ts`): the build links them after the pages. */
  publish(): Promise<void>;
}

/** One data document of a unit: its path on disk below the site, its product-cache file (undefined: not cached) and its bytes. */
export interface ExplorerFile {
  path: string;
  file: string | undefined;
  bytes: () => Uint8Array;
}

export interface ExplorerBenchmark {
  id: string;
  name: string;
  pages: ExplorerPageHead[];
}

/** The one submission shown per entry on a benchmark: ranked first, then the newest (as the data API picks). */
function preferredByEntry(list: readonly Admission[]): Set<string> {
  const byEntry = new Map<string, Admission[]>();
  for (const a of list) {
    if (!(a.ranked || a.underReview) || !a.report.submission) continue;
    const k = entryKeyOf(a.report.submission);
    byEntry.set(k, [...(byEntry.get(k) ?? []), a]);
  }
  return new Set([...byEntry.values()].map((l) => l.slice().sort(preferredAdmission)[0]!.id));
}

type HeadEntry = ExplorerUnitHead['entries'][number];

/** Ranked entries first, then the best on this unit first: the page shows the first DEFAULT_ENTRIES unless the URL picks others. */
function pageEntries(head: ExplorerUnitHead, keep: Set<string>): number[] {
  const sign = head.metric.direction === 'lower' ? 1 : -1;
  const at = (i: number) => head.entries[i]!;
  return head.entries
    .flatMap((e, i) => (keep.has(e.submission) ? [i] : []))
    .sort((x, y) => {
      const a = at(x);
      const b = at(y);
      return Number(b.ranked) - Number(a.ranked) || (a.mean ?? Infinity * sign) * sign - (b.mean ?? Infinity * sign) * sign || a.entryKey.localeCompare(b.entryKey);
    });
}

function docEntry(e: Pick<HeadEntry, 'entryKey' | 'submission' | 'ranked'>, adm: Map<string, Admission>): ExplorerDoc['entries'][number] {
  const sub = adm.get(e.submission)!.report.submission!;
  const id = identityOf(e.submission, sub);
  return { key: e.entryKey, label: entryLabel(id), modelSlug: id.modelSlug, submission: e.submission, ranked: e.ranked, synthetic: id.synthetic === true };
}

/** A unit page as assembled: its page, its whole data document, and per entry (index into `doc.entries`) with any long texts, those texts. */
interface Assembled {
  page: ExplorerPage;
  doc: ExplorerDoc;
  texts: Map<number, DocTexts>;
}

function firstTexts(texts: Map<number, DocTexts>): FirstTexts {
  return Array.from({ length: DEFAULT_ENTRIES }, (_, e) => texts.get(e)?.slice(0, WHOLE_UNIT_ROWS) ?? null);
}

function textsReader(first: FirstTexts, unit: string): ExplorerPage['textsOf'] {
  return (entry, sample) => {
    if (entry >= DEFAULT_ENTRIES || sample >= WHOLE_UNIT_ROWS) throw new Error(`explorer ${unit}: texts of entry ${entry} on sample ${sample} are not kept for the page (only its first rows')`);
    return first[entry]?.[sample] ?? null;
  };
}

/** `order`: indices into the unit's entries (the head's and the loaded unit's are the same list). */
function pageOf(benchmark: { id: string; name: string }, unit: ExplorerUnit, order: readonly number[], adm: Map<string, Admission>): Assembled {
  const entries = order.map((i) => unit.entries[i]!);
  const texts = new Map<number, DocTexts>();
  const doc: ExplorerDoc = {
    ...docHead(benchmark, unit),
    samples: docSamples(unit),
    entries: entries.map((e) => docEntry(e, adm)),
    cells: entries.map((e, ei) => {
      const column = docColumn(e.cells, unit.metrics);
      if (column.texts) texts.set(ei, column.texts);
      return column.cells;
    }),
    texts: entries.map((e, ei) => (texts.has(ei) ? explorerTextsPath(benchmark.id, unit.unit, e.entryKey) : null)),
  };
  return { page: { view: pageView(doc), notes: unit.notes, textsOf: textsReader(firstTexts(texts), unit.unit) }, doc, texts };
}

/** `explore-data/<benchmark>/<unit>/<entry>.json`: one entry's long texts on a unit. */
export const explorerTextsPath = (benchmark: string, unit: string, entry: string) => explorerDataPath(benchmark, unit).replace(/\.json$/, `/${encodeURIComponent(entry)}.json`);

let cache: Promise<ExplorerBenchmark[]> | undefined;
let lastLoaded: { head: ExplorerUnitHead; page: Promise<ExplorerPage> } | undefined;

/** The unit cache's meta: what the unit page needs besides the data document. */
type UnitMeta = AssembledMeta;

const DOC = 'doc';
const VIEW = 'view';
const textsName = (i: number) => `texts-${i}`;

/**
 * One unit page's documents, cached by the unit's inputs (`inputsKey`: its entries' pieces) and
 * everything else the page shows of its entries (labels, models, status): an incremental build
 * assembles only the units a new submission touches, and links the others' files. A unit given in
 * parts is assembled from its frame's and entries' cached fragments (`explorer-assemble.ts`), its
 * entries' texts documents published from their own cache entries.
 */
function unitPage(b: { id: string; name: string }, head: ExplorerUnitHead, order: readonly number[], adm: Map<string, Admission>) {
  const entries = order.map((i) => docEntry(head.entries[i]!, adm));
  const assemble = async () => pageOf(b, await head.load(), order, adm);
  const parts: PartsUnit | undefined = head.parts && { benchmark: b, head, parts: head.parts, order, entries, textsPath: (key) => explorerTextsPath(b.id, head.unit, key) };
  const names = { doc: DOC, view: VIEW, texts: textsName };
  const store = () => {
    let fresh: Assembled | undefined;
    const key = JSON.stringify(['explorer-unit/3', b.id, b.name, head.unit, head.inputsKey, entries]);
    return productsByKey<UnitMeta>(`explorer-unit/${b.id}`, key, `${b.id}/${head.unit}`, async (put) => {
      if (parts) return assembleFromParts(parts, put, names);
      fresh = await assemble();
      put(DOC, JSON.stringify(fresh.doc));
      put(VIEW, JSON.stringify(fresh.page.view));
      for (const [i, t] of fresh.texts) put(textsName(i), JSON.stringify(t));
      return { notes: fresh.page.notes, first: firstTexts(fresh.texts), texts: [...fresh.texts.keys()] };
    }).then((s) => ({ store: s, fresh }));
  };
  const cached = head.inputsKey !== undefined;
  const page = async (): Promise<ExplorerPage> => {
    if (!cached) return (await assemble()).page;
    const { store: s, fresh } = await store();
    if (fresh) return fresh.page;
    // The view, not the document: a cached unit's page never parses its entries' cells.
    const view = JSON.parse(s.read(VIEW).toString('utf8')) as ExplorerPageView;
    return { view, notes: s.meta.notes, textsOf: textsReader(s.meta.first, head.unit) };
  };
  /** The cache file of the `k`th texts document of a unit assembled from parts (its entry's; reassembled when that entry is gone). */
  const textsFileOf = async (meta: UnitMeta, k: number): Promise<NonNullable<ReturnType<typeof keyedProductFile>>> => {
    const [kind, key] = meta.textsAt![k]!;
    let file = keyedProductFile(kind, key, ENTRY_TEXTS);
    if (file === undefined && parts) {
      await assembleFromParts(parts, () => {}, names);
      file = keyedProductFile(kind, key, ENTRY_TEXTS);
    }
    if (file === undefined) throw new Error(`explorer ${b.id}/${head.unit}: the texts document of entry ${entries[meta.texts[k]!]!.key} is not in the cache (${kind}/${key})`);
    return file;
  };
  const files = async (): Promise<ExplorerFile[]> => {
    const dataPath = explorerDataFile(b.id, head.unit);
    const text = (v: unknown) => () => Buffer.from(JSON.stringify(v));
    if (!cached) {
      const { doc, texts } = await assemble();
      return [{ path: dataPath, file: undefined, bytes: text(doc) }, ...[...texts].map(([i, t]) => ({ path: explorerTextsFile(b.id, head.unit, entries[i]!.key), file: undefined, bytes: text(t) }))];
    }
    const { store: s } = await store();
    const cachedFile = (path: string, name: string): ExplorerFile => ({ path, file: s.fileOf(name), bytes: () => s.read(name) });
    const out = [cachedFile(dataPath, DOC)];
    for (const [k, i] of s.meta.texts.entries()) {
      const path = explorerTextsFile(b.id, head.unit, entries[i]!.key);
      if (!s.meta.textsAt?.[k]) out.push(cachedFile(path, textsName(i)));
      else {
        const { file, read } = await textsFileOf(s.meta, k);
        out.push({ path, file, bytes: read });
      }
    }
    return out;
  };
  const publish = async (): Promise<void> => {
    for (const f of await files()) {
      if (f.file === undefined) publishBytes(f.path, f.bytes());
      else publishCached(f.path, f.file, f.bytes);
    }
  };
  return { entries, page, files, publish };
}

// The files' names on disk are the route parameters, not the URL-encoded paths the pages link.
const explorerDataFile = (benchmark: string, unit: string) => `explore-data/${benchmark}/${unit}.json`;
const explorerTextsFile = (benchmark: string, unit: string, entry: string) => `explore-data/${benchmark}/${unit}/${entry}.json`;

/** Every benchmark with an explorer and its unit pages (heads; each unit is loaded when a route renders it), computed once per build. */
export function explorerBenchmarks(): Promise<ExplorerBenchmark[]> {
  cache ??= (async () => {
    const gate = await boardContext();
    const all = await admissions();
    const out: ExplorerBenchmark[] = [];
    for (const b of SUBMISSION_BENCHMARKS) {
      if (!b.submissions.explorer) continue;
      const mine = all.filter((a) => a.benchmark === b.id);
      const keep = preferredByEntry(mine);
      const adm = new Map(mine.map((a) => [a.id, a]));
      const heads = await b.submissions.explorer(gate.forBenchmark(b.id));
      const pages = heads.flatMap((head): ExplorerPageHead[] => {
        const order = pageEntries(head, keep);
        if (order.length === 0) return [];
        const unit = unitPage(b, head, order, adm);
        const load = (): Promise<ExplorerPage> => {
          // One unit in memory at a time: Astro renders a route's paths in order, unit after unit.
          if (lastLoaded?.head !== head) lastLoaded = { head, page: unit.page() };
          return lastLoaded.page;
        };
        const { unit: id, label, unitKind, group, sampleNoun, truth, samples } = head;
        return [{
          benchmark: b.id,
          unit: id,
          label,
          unitKind,
          group,
          sampleNoun,
          truth,
          samples,
          entries: unit.entries,
          textEntries: order.flatMap((e, i) => (head.entries[e]!.texts ? [i] : [])),
          load,
          files: unit.files,
          publish: unit.publish,
        }];
      });
      out.push({ id: b.id, name: b.name, pages });
    }
    return out;
  })();
  return cache;
}

/**
 * One job of the deploy's pairs stage, and a lane of a cold `npm run build`
 * (scripts/lib/prime-lanes.ts): assembles shard `shard`'s unit pages (weighed by samples ×
 * entries) into the product cache, frame, entry fragments and unit documents, under the keys the
 * site build looks up. Returns how many units it assembled or found.
 */
export async function primeExplorerUnits(shard: Shard): Promise<{ units: number; of: number }> {
  const pages = await explorerPages();
  const mine = shardByWeight(pages, (p) => p.samples * p.entries.length, shard).items;
  for (const p of mine) await p.load();
  return { units: mine.length, of: pages.length };
}

/** Records every explorer unit's data documents as published files (the build links them after the pages). */
export async function publishExplorerData(): Promise<void> {
  for (const head of await explorerPages()) await head.publish();
}

/** Every unit page of every benchmark (heads). */
export async function explorerPages(): Promise<ExplorerPageHead[]> {
  return (await explorerBenchmarks()).flatMap((b) => b.pages);
}

/** The per-sample link of a board row: the board's one unit when it is exactly one, else the benchmark's explorer index; both with the row's entry selected. */
export function explorerLinkForRow(board: Board, row: Pick<Entry, 'entryKey'>): string | undefined {
  const support = findBenchmark(board.benchmark)?.submissions;
  if (!support?.explorer) return undefined;
  return explorerRowHref(board, row, support.explorerUnitOf?.(board));
}

/** Units, entries and samples of an explorer page, for its index line. */
export const unitCounts = (p: ExplorerPageHead) => ({ samples: p.samples, entries: p.entries.length });
