/**
 * Reported rows beside a board: the benchmark's own typed-in tables (`submissions.reported`) and
 * the imported ones read from `EVALBOARD_REPORTED` (`src/ingest/reported.ts`), placed on the
 * boards of their suite (`submissions.reportedOn`, else the overall boards of the suite's group).
 * They live outside `Board.sections`, so nothing that ranks (ranks, rank ranges, compare, MDD,
 * leaders, "who leads") ever sees them. A published file shown typed in is not shown again as
 * imported; a table whose suite has no board goes on the benchmark's first board, saying so.
 */
import type { Board } from '../core/board';
import type { Admitted } from '../core/benchmark';
import { safeHttpUrl } from '../core/escape';
import { formatFinding, type Finding } from '../core/findings';
import { publishedKey, type ReportedView } from '../core/reported';
import { slugify } from '../core/slug';
import { readReportedTables, reportedRoot, type ReportedFile, type ReportedSet } from '../ingest/reported';
import { findBenchmark } from '../registry/benchmarks';
import { boardContext } from './gate';

export interface ReportedForBoard {
  views: ReportedView[];
  /** Reported files of this benchmark that could not be read (shown on its boards, never silently dropped). */
  findings: string[];
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The default placement: overall boards; of the suite's group when the benchmark's boards have groups. */
export function defaultReportedOn(suite: string, board: Board): boolean {
  return board.kind === 'overall' && (board.group === undefined || norm(board.group) === norm(suite));
}

const cell = (v: string | number | null | undefined) => (v === null || v === undefined ? '—' : String(v));

/** An imported table as a view: every cell as the importer read it. */
export function importedView(t: ReportedFile): ReportedView {
  const repo = t.source?.repo;
  const path = [t.source?.path, t.from].filter(Boolean).join('/');
  const source = repo ? `${publishedKey(repo, t.source?.commit, path).replace(/@unknown /, ' (commit not recorded) ')}` : `${t.from} (local import: repository and commit not recorded)`;
  const url = safeHttpUrl(repo);
  return {
    id: `reported-${slugify(`${t.benchmark}-${t.file}`)}`,
    title: t.title,
    suite: t.suite,
    source,
    ...(url ? { sourceUrl: url } : {}),
    ...(t.licence ? { licence: t.licence } : {}),
    ...(t.attribution ? { attribution: t.attribution } : {}),
    origin: 'imported',
    columns: t.columns,
    rows: t.rows.map((r) => ({ kind: 'reported' as const, cells: t.columns.map((c) => cell(r[c])) })),
    ...(repo ? { covers: [publishedKey(repo, t.source?.commit, path)] } : {}),
  };
}

export interface PlaceInput {
  board: Board;
  /** Every board of the board's benchmark, in order (placement of tables whose suite has no board). */
  boards: readonly Board[];
  tables: readonly ReportedFile[];
  /** The benchmark's typed-in views on this board, and the published files typed in anywhere on its boards. */
  own: readonly ReportedView[];
  typedCovers: ReadonlySet<string>;
  on?: (suite: string, board: Board) => boolean;
}

/** Pure placement: the board's own views, then the imported tables of its benchmark that belong here. */
export function placeReported({ board, boards, tables, own, typedCovers, on = defaultReportedOn }: PlaceInput): ReportedView[] {
  const mine = boards.filter((b) => b.benchmark === board.benchmark);
  const out = [...own];
  for (const t of tables) {
    if (t.benchmark !== board.benchmark) continue;
    const view = importedView(t);
    if (view.covers?.some((k) => typedCovers.has(k))) continue;
    if (on(t.suite, board)) out.push(view);
    else if (!mine.some((b) => on(t.suite, b)) && mine[0] && mine[0].slug === board.slug) out.push({ ...view, notes: [...(view.notes ?? []), `Published for ${t.suite}, which has no board on this site: shown here.`] });
  }
  return out;
}

let cached: { root: string; set: ReportedSet } | undefined;

/** The build's imported reported tables (read once per root); unreadable files are printed once. */
export function reportedTables(): ReportedSet {
  const root = reportedRoot();
  if (cached?.root !== root) {
    const set = readReportedTables(root);
    for (const f of set.findings) console.warn(`reported: ${formatFinding(f)}`);
    cached = { root, set };
  }
  return cached.set;
}

const findingsOf = (benchmark: string, findings: readonly Finding[]) => findings.filter((f) => f.path.split(/[\\/]/).includes(benchmark)).map(formatFinding);

/** What a board page shows below its ranking: the reported tables and the problems reading them. */
export async function reportedForBoard(board: Board, boards: readonly Board[]): Promise<ReportedForBoard> {
  const support = findBenchmark(board.benchmark)?.submissions;
  const admitted: Admitted = (await boardContext()).forBenchmark(board.benchmark);
  const ownOf = async (b: Board) => (support?.reported ? await support.reported(b, admitted) : []);
  const mine = boards.filter((b) => b.benchmark === board.benchmark);
  const typedCovers = new Set((await Promise.all(mine.map(ownOf))).flat().flatMap((v) => v.covers ?? []));
  const set = reportedTables();
  const on = support?.reportedOn?.bind(support);
  const views = placeReported({ board, boards: mine, tables: set.tables, own: await ownOf(board), typedCovers, ...(on ? { on } : {}) });
  return { views, findings: findingsOf(board.benchmark, set.findings) };
}
