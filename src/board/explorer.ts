/**
 * The per-sample explorer's view models: every benchmark's units (from its `explorer` provider,
 * over the submissions the gate admits), each with its entries' identities, as the data document
 * the unit page loads on demand and the first rows the page renders as HTML.
 */
import type { Board, Entry } from '../core/board';
import type { ExplorerUnit, ExplorerUnitHead, ExplorerUnitIdentity } from '../core/benchmark';
import { compareMetric } from '../core/compare';
import { SUBMISSION_BENCHMARKS, findBenchmark } from '../registry/benchmarks';
import { admissions, boardContext, type Admission } from './gate';
import { entryKeyOf, entryLabel, identityOf } from './submission-meta';
import { preferred as preferredAdmission } from './api';
import type { DocCell, DocTexts, ExplorerDoc } from './explorer-doc';
import { explorerDataPath, explorerRowHref } from './explorer-paths';

export interface ExplorerPage {
  doc: ExplorerDoc;
  /** The provider's unit (long texts in full, notes). */
  unit: ExplorerUnit;
  /** Per entry (index into `doc.entries`), its long texts; only entries that have any. */
  texts: Map<number, DocTexts>;
}

/** An explorer page before its unit is loaded: what the index and the routes' paths need. */
export interface ExplorerPageHead extends Pick<ExplorerUnitHead, ExplorerUnitIdentity | 'samples'> {
  benchmark: string;
  /** The page's entries, in its order (`doc.entries`). */
  entries: ExplorerDoc['entries'];
  /** Indices into `entries` of those with long texts on the unit (each has a texts document). */
  textEntries: number[];
  /** The page, assembled from its entries' pieces (the last one loaded is kept: a route's paths come unit by unit). */
  load(): Promise<ExplorerPage>;
}

export interface ExplorerBenchmark {
  id: string;
  name: string;
  pages: ExplorerPageHead[];
}

const OUTCOME = { success: 's', failure: 'f', excluded: 'x' } as const;

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

/** `order`: indices into the unit's entries (the head's and the loaded unit's are the same list). */
function pageOf(benchmark: { id: string; name: string }, unit: ExplorerUnit, order: readonly number[], adm: Map<string, Admission>): ExplorerPage {
  const entries = order.map((i) => unit.entries[i]!);
  const texts = new Map<number, DocTexts>();
  const doc: ExplorerDoc = {
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
    samples: unit.samples.map((s) => ({ id: s.id, ...(unit.truth === 'public' && s.truth !== undefined ? { truth: s.truth } : {}), fields: s.fields })),
    entries: entries.map((e) => docEntry(e, adm)),
    cells: entries.map((e, ei) => {
      let any = false;
      const t: DocTexts = e.cells.map((c) => {
        if (!c?.texts?.length) return null;
        any = true;
        return c.texts;
      });
      if (any) texts.set(ei, t);
      return e.cells.map((c): DocCell | null =>
        c === null
          ? null
          : {
              v: c.value !== null && Number.isFinite(c.value) ? c.value : null,
              o: OUTCOME[c.outcome],
              a: c.answer,
              ...(unit.metrics.length > 0 ? { m: unit.metrics.map((m) => (c.metrics?.[m.label] ?? null)) } : {}),
              ...(c.texts?.length ? { t: c.texts.length } : {}),
            },
      );
    }),
    texts: entries.map((e, ei) => (texts.has(ei) ? explorerTextsPath(benchmark.id, unit.unit, e.entryKey) : null)),
  };
  return { doc, unit: { ...unit, entries }, texts };
}

/** `explore-data/<benchmark>/<unit>/<entry>.json`: one entry's long texts on a unit. */
export const explorerTextsPath = (benchmark: string, unit: string, entry: string) => explorerDataPath(benchmark, unit).replace(/\.json$/, `/${encodeURIComponent(entry)}.json`);

let cache: Promise<ExplorerBenchmark[]> | undefined;
let lastLoaded: { head: ExplorerUnitHead; page: Promise<ExplorerPage> } | undefined;

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
        const load = (): Promise<ExplorerPage> => {
          // One unit in memory at a time: Astro renders a route's paths in order, unit after unit.
          if (lastLoaded?.head !== head) lastLoaded = { head, page: Promise.resolve(head.load()).then((u) => pageOf(b, u, order, adm)) };
          return lastLoaded.page;
        };
        const { unit, label, unitKind, group, sampleNoun, truth, samples } = head;
        return [{
          benchmark: b.id,
          unit,
          label,
          unitKind,
          group,
          sampleNoun,
          truth,
          samples,
          entries: order.map((i) => docEntry(head.entries[i]!, adm)),
          textEntries: order.flatMap((e, i) => (head.entries[e]!.texts ? [i] : [])),
          load,
        }];
      });
      out.push({ id: b.id, name: b.name, pages });
    }
    return out;
  })();
  return cache;
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
