/**
 * The per-sample explorer's URL contract (site paths without the base URL, like `downloadPath`):
 *   /explore/                              every benchmark's units
 *   /explore/<benchmark>/                  one benchmark's units (the index a board row links to)
 *   /explore/<benchmark>/<unit>/           one unit: its samples, every entry side by side
 *   /explore-data/<benchmark>/<unit>.json  the unit's full data, fetched on demand by the page
 * Query parameters the pages read (all optional): `e` = entry keys to show, comma-separated (in
 * that order); `f` = filter (`disagree`, `error`, `success`); `s` = sort (`id`, `spread`, or
 * `e:<entry key>` for one entry's value). A sample is the fragment `#s-<sample id>`.
 */
import type { Entry } from '../core/board';

export type ExplorerFilter = 'disagree' | 'error' | 'success';
export const EXPLORER_FILTERS: readonly ExplorerFilter[] = ['disagree', 'error', 'success'];

export interface ExplorerLink {
  benchmark: string;
  /** The unit's URL id; absent: the benchmark's index. */
  unit?: string;
  /** Entry keys to select, in display order. */
  entries?: readonly string[];
  filter?: ExplorerFilter;
  /** A sample id: the link lands on its row. */
  sample?: string;
}

const seg = (s: string) => encodeURIComponent(s);

/** `explore/`, `explore/<benchmark>/` or `explore/<benchmark>/<unit>/`. */
export function explorerPath(benchmark?: string, unit?: string): string {
  if (benchmark === undefined) return 'explore/';
  return unit === undefined ? `explore/${seg(benchmark)}/` : `explore/${seg(benchmark)}/${seg(unit)}/`;
}

/** `explore-data/<benchmark>/<unit>.json`: one unit's data, loaded by its page on demand. */
export const explorerDataPath = (benchmark: string, unit: string) => `explore-data/${seg(benchmark)}/${seg(unit)}.json`;

/** The fragment id of a sample's row (ids may hold `#`, `/`: the fragment is encoded). */
export const sampleAnchor = (sampleId: string) => `s-${sampleId.replace(/[^A-Za-z0-9._-]/g, (c) => `~${c.charCodeAt(0).toString(16)}~`)}`;

/** A link into the explorer with its selection in the query string. */
export function explorerHref(link: ExplorerLink): string {
  const q = new URLSearchParams();
  if (link.entries && link.entries.length > 0) q.set('e', link.entries.join(','));
  if (link.filter) q.set('f', link.filter);
  const query = q.toString();
  return `${explorerPath(link.benchmark, link.unit)}${query ? `?${query}` : ''}${link.sample !== undefined ? `#${sampleAnchor(link.sample)}` : ''}`;
}

/**
 * The per-sample link of one board row: the benchmark's explorer index with the row's entry
 * selected (the index lists the units that entry was scored on and carries the selection into
 * each unit page); a board of exactly one unit (`unit` given) links the unit page itself.
 */
export function explorerRowHref(board: { benchmark: string }, row: Pick<Entry, 'entryKey'>, unit?: string): string {
  return explorerHref({ benchmark: board.benchmark, ...(unit !== undefined ? { unit } : {}), entries: [row.entryKey] });
}

/** "Where do these two disagree?": the benchmark's explorer with both entries and the disagreement filter. */
export function explorerDisagreeHref(benchmark: string, a: string, b: string, unit?: string): string {
  return explorerHref({ benchmark, ...(unit !== undefined ? { unit } : {}), entries: [a, b], filter: 'disagree' });
}

/**
 * The compare tables' per-task "samples" link for the pair (a, b): the disagreement view of the
 * benchmark the task's board belongs to, looked up by the benchmark's display name. One function
 * for the pre-rendered page, the in-browser page and their equality test.
 */
export function compareExploreLinks(benchmarks: readonly { id: string; name: string }[], a: string, b: string): (benchmarkName: string) => string | undefined {
  const idOf = new Map(benchmarks.map((x) => [x.name, x.id]));
  return (name) => {
    const id = idOf.get(name);
    return id ? explorerDisagreeHref(id, a, b) : undefined;
  };
}
