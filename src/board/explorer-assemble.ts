/**
 * An explorer unit's data document, built whole (`pageOf` in explorer.ts) or assembled from cached
 * JSON fragments: the frame's head fields and samples, then each entry's cells array, each cached
 * per (frame, entry piece). A unit a new submission touches then costs the new entry's samples and
 * a byte copy of the other entries' fragments; their texts documents are the cached files
 * themselves. Both ways give the same bytes: `JSON.stringify` writes an object's keys in insertion
 * order and an array as its elements' JSON joined by commas.
 */
import type { ExplorerCell, ExplorerUnit, ExplorerUnitHead, ExplorerUnitOpened, ExplorerUnitParts } from '../core/benchmark';
import { compareMetric } from '../core/compare';
import { productsByKey, type ProductStore, type PutProduct } from '../ingest/product-cache';
import { DEFAULT_ENTRIES, WHOLE_UNIT_ROWS, entrySummaries, type DocCell, type DocEntry, type DocTexts, type EntrySummary, type ExplorerDoc, type ExplorerPageView } from './explorer-doc';

const OUTCOME = { success: 's', failure: 'f', excluded: 'x' } as const;

type Frame = Omit<ExplorerUnit, 'entries'>;
type DocHead = Omit<ExplorerDoc, 'samples' | 'entries' | 'cells' | 'texts'>;

/** The document's fields before `samples`, in the document's order. */
export function docHead(benchmark: { id: string; name: string }, unit: Frame): DocHead {
  return {
    version: 1,
    benchmark: benchmark.id,
    benchmarkName: benchmark.name,
    unit: unit.unit,
    label: unit.label,
    unitKind: unit.unitKind,
    sampleNoun: unit.sampleNoun,
    truth: unit.truth,
    metric: compareMetric(unit.metric),
    metrics: unit.metrics.map((m) => ({ label: m.label, def: compareMetric(m.def) })),
    margin: unit.disagreeMargin,
    fields: unit.fields,
  };
}

export const docSamples = (unit: Frame): ExplorerDoc['samples'] =>
  unit.samples.map((s) => ({ id: s.id, ...(unit.truth === 'public' && s.truth !== undefined ? { truth: s.truth } : {}), fields: s.fields }));

/** One entry's column of the document and its long texts (undefined: none on the unit). */
export function docColumn(cells: readonly (ExplorerCell | null)[], metrics: readonly { label: string }[]): { cells: (DocCell | null)[]; texts: DocTexts | undefined } {
  let any = false;
  const texts: DocTexts = cells.map((c) => {
    if (!c?.texts?.length) return null;
    any = true;
    return c.texts;
  });
  const column = cells.map((c): DocCell | null =>
    c === null
      ? null
      : {
          v: c.value !== null && Number.isFinite(c.value) ? c.value : null,
          o: OUTCOME[c.outcome],
          a: c.answer,
          ...(metrics.length > 0 ? { m: metrics.map((m) => (c.metrics?.[m.label] ?? null)) } : {}),
          ...(c.texts?.length ? { t: c.texts.length } : {}),
        },
  );
  return { cells: column, texts: any ? texts : undefined };
}

/** The texts the unit page's HTML rows show: `[entry][sample]` for the first entries and samples. */
export type FirstTexts = (({ label: string; body: string }[] | null)[] | null)[];

/** Where an entry's texts document is: a keyed product-cache entry (`explorer-entry/<benchmark>`, its key), or null when it is in the unit's own entry. */
export type TextsAt = [kind: string, key: string] | null;

export interface AssembledMeta {
  notes: string[];
  first: FirstTexts;
  /** Indices into `doc.entries` of the entries with a texts document. */
  texts: number[];
  /** Parallel to `texts`: where each texts document is (absent: all in the unit's own entry). */
  textsAt?: TextsAt[];
}

interface FrameMeta {
  notes: string[];
  /** The page view's samples (the first `WHOLE_UNIT_ROWS`) and the unit's sample count. */
  firstSamples: ExplorerDoc['samples'];
  sampleCount: number;
}

interface EntryMeta {
  notes: string[];
  texts: boolean;
  /** The entry's tally over all its samples (the page view's). */
  tally: EntrySummary;
}

/** An entry's first rows (`WHOLE_UNIT_ROWS`): its cells for the page view, its texts for the page's HTML. */
interface EntryFirst {
  cells: (DocCell | null)[];
  texts: DocTexts | null;
}

const HEAD = 'head';
const SAMPLES = 'samples';
const CELLS = 'cells';
const TEXTS = 'texts';
const FIRST = 'first';
export const ENTRY_TEXTS = TEXTS;

export interface PartsUnit {
  benchmark: { id: string; name: string };
  head: ExplorerUnitHead;
  parts: ExplorerUnitParts;
  /** Indices into the head's entries, in the page's order. */
  order: readonly number[];
  /** The page's entries (`doc.entries`), in its order. */
  entries: readonly DocEntry[];
  /** `doc.texts[i]` of a page entry that has texts. */
  textsPath: (entryKey: string) => string;
}

/**
 * Writes the unit's document as `put(doc, …)`, the page's view as `put(view, …)` (and, for an entry whose fragments are not in the
 * cache, its texts as `put(textsName(i), …)`) from the frame's and the entries' cached fragments,
 * computing only those not cached yet. Every entry of the head is looked at, not only the page's:
 * the unit's notes are the frame's and every entry's.
 */
export async function assembleFromParts(u: PartsUnit, put: PutProduct, names: { doc: string; view: string; texts: (i: number) => string }): Promise<AssembledMeta> {
  const { benchmark: b, head, parts } = u;
  let opened: ExplorerUnitOpened | undefined;
  const open = () => (opened ??= parts.open());
  const frame = await productsByKey<FrameMeta>(`explorer-frame/${b.id}`, JSON.stringify(['explorer-frame/1', b.id, b.name, head.unit, parts.frameKey]), `${b.id}/${head.unit}`, (p) => {
    const f = open().frame;
    p(HEAD, JSON.stringify(docHead(b, f)).slice(0, -1));
    const samples = docSamples(f);
    p(SAMPLES, JSON.stringify(samples));
    return { notes: f.notes, firstSamples: samples.slice(0, WHOLE_UNIT_ROWS), sampleCount: samples.length };
  });
  const entryKind = `explorer-entry/${b.id}`;
  const entryStores: ProductStore<EntryMeta>[] = [];
  for (const [i, e] of head.entries.entries()) {
    const key = JSON.stringify(['explorer-entry/1', b.id, head.unit, parts.frameKey, parts.entryKeys[i]]);
    entryStores.push(
      await productsByKey<EntryMeta>(entryKind, key, `${b.id}/${head.unit}/${e.submission}`, (p) => {
        const o = open();
        const { cells, notes } = o.entry(i);
        const column = docColumn(cells, o.frame.metrics);
        p(CELLS, JSON.stringify(column.cells));
        if (column.texts) p(TEXTS, JSON.stringify(column.texts));
        const first: EntryFirst = { cells: column.cells.slice(0, WHOLE_UNIT_ROWS), texts: column.texts?.slice(0, WHOLE_UNIT_ROWS) ?? null };
        p(FIRST, JSON.stringify(first));
        return { notes, texts: column.texts !== undefined, tally: entrySummaries({ cells: [column.cells] })[0]! };
      }),
    );
  }
  opened = undefined;
  const notes = [...frame.meta.notes];
  for (const s of entryStores) for (const n of s.meta.notes) if (!notes.includes(n)) notes.push(n);

  const texts: number[] = [];
  const textsAt: TextsAt[] = [];
  const first: FirstTexts = Array.from({ length: DEFAULT_ENTRIES }, () => null);
  const paths: (string | null)[] = [];
  const viewCells: (DocCell | null)[][] = [];
  const comma = Buffer.from(',');
  const chunks: Buffer[] = [frame.read(HEAD), Buffer.from(',"samples":'), frame.read(SAMPLES), Buffer.from(`,"entries":${JSON.stringify(u.entries)},"cells":[`)];
  for (const [ei, i] of u.order.entries()) {
    const s = entryStores[i]!;
    if (ei > 0) chunks.push(comma);
    chunks.push(s.read(CELLS));
    const firstRows = ei < DEFAULT_ENTRIES ? (JSON.parse(s.read(FIRST).toString('utf8')) as EntryFirst) : undefined;
    viewCells.push(firstRows?.cells ?? []);
    if (!s.meta.texts) {
      paths.push(null);
      continue;
    }
    paths.push(u.textsPath(u.entries[ei]!.key));
    texts.push(ei);
    if (s.key !== undefined) textsAt.push([entryKind, s.key]);
    else {
      textsAt.push(null);
      put(names.texts(ei), s.read(TEXTS));
    }
    if (firstRows) first[ei] = firstRows.texts;
  }
  chunks.push(Buffer.from(`],"texts":${JSON.stringify(paths)}}`));
  put(names.doc, Buffer.concat(chunks));
  // The page's view (`pageView` of the document), from the fragments' first rows and tallies.
  const view: ExplorerPageView = {
    doc: { ...(JSON.parse(`${frame.read(HEAD).toString('utf8')}}`) as DocHead), samples: frame.meta.firstSamples, entries: [...u.entries], cells: viewCells, texts: paths },
    sampleCount: frame.meta.sampleCount,
    tally: u.order.map((i) => entryStores[i]!.meta.tally),
  };
  put(names.view, JSON.stringify(view));
  return { notes, first, texts, textsAt };
}
