/**
 * Reported rows as the pages show them: a published table that evalboard cannot recompute, shown
 * next to a board (never in its sections, so never ranked, in a rank range, a compare verdict, an
 * MDD or a leader), each with where it was published. A benchmark may put one of its own
 * recomputed rows beside a reported one (`kind: 'recomputed'`), labelled as evalboard's.
 */

export interface ReportedViewRow {
  /** `reported`: as published, never recomputed; `recomputed`: evalboard's own number, beside the reported row it checks. */
  kind: 'reported' | 'recomputed';
  /** One display string per column, as published (reported) or as formatted by the metric (recomputed); "—" for none. */
  cells: string[];
  /** One line shown with the row (what a recomputed row was computed from, or why it is missing). */
  note?: string;
  /** Site path (without the base URL) of what the row was recomputed from, e.g. a submission's review page. */
  href?: string;
}

export interface ReportedView {
  /** Unique on the page: the HTML id of the section. */
  id: string;
  title: string;
  /** Suite, family or board group it was published for. */
  suite: string;
  /** Where it was published: `owner/repo@commit path`, and the section when the source has several. */
  source: string;
  /** The source repository (http or https only), linked from the source line. */
  sourceUrl?: string;
  licence?: string;
  attribution?: string;
  /** How it reached the site: typed in by hand from the source, or read by an importer. */
  origin: 'typed' | 'imported';
  /** Extra lines under the title (eval sets, what the numbers mean). */
  notes?: string[];
  columns: string[];
  rows: ReportedViewRow[];
  /**
   * The published files this view shows, as `owner/repo@<commit, 7 hex> <path in the repo>`: an
   * imported table of the same file is not shown a second time.
   */
  covers?: string[];
  /**
   * Published cost per run against the published score, for the cost/score chart: one point per
   * row that has both (values as published; the score in its published unit, e.g. %).
   */
  costScore?: { score: string; interval: 'bootstrap' | 't'; points: { name: string; cost: number; value: number; lo?: number; hi?: number }[] };
}

/** `owner/repo@abcdef0 path`: the key `covers` uses, from a repository URL, a commit and a path. */
export function publishedKey(repo: string, commit: string | undefined, path: string): string {
  const name = repo.replace(/^https?:\/\/(www\.)?github\.com\//, '').replace(/\.git$/, '').replace(/\/+$/, '').toLowerCase();
  return `${name}@${(commit ?? 'unknown').slice(0, 7).toLowerCase()} ${path.replace(/^\.?\/+/, '')}`;
}
