import Papa from 'papaparse';
import type { Board } from '../core/board';
import { neutraliseFormula } from '../core/escape';

export type Cell = string | number | boolean | null;

/**
 * A board as plain records: the same rows and order as the HTML table, unrounded numbers.
 * Every string cell goes through `neutraliseFormula` (a leading `= + - @`, tab or CR gets a `'`),
 * so a submitted name cannot become a spreadsheet formula in the CSV or in a JSON → sheet import.
 */
export function boardRecords(board: Board): Record<string, Cell>[] {
  return rawRecords(board).map((rec) => {
    const out: Record<string, Cell> = {};
    for (const [k, v] of Object.entries(rec)) out[neutraliseFormula(k)] = neutraliseFormula(v);
    return out;
  });
}

function rawRecords(board: Board): Record<string, Cell>[] {
  const p = board.primary;
  const num = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : v);
  const listed = (section: Board['sections'][number]) => [
    ...section.rows.map((r) => ({ r, rank: r.rank as number | null, tied: r.tiedWithLeader, status: 'ranked', reason: null as string | null })),
    ...(section.unranked ?? []).map((r) => ({ r, rank: null, tied: false, status: r.status as string, reason: r.reason as string | null })),
  ];
  return board.sections.flatMap((section) =>
    listed(section).map(({ r, rank, tied, status, reason }) => {
      const rec: Record<string, Cell> = {
        section: section.id,
        rank,
        tied_with_leader: tied,
        model: r.model,
        model_id: r.modelSlug,
        harness: r.harness,
        entry: r.entryKey,
        org: r.org,
        weights: r.weights,
        release_date: r.releaseDate ?? null,
        submitted_at: r.submittedAt,
        n: r.n,
        [`${p.def.id}`]: num(r.primary),
        ci_low: num(r.interval?.lo),
        ci_high: num(r.interval?.hi),
        ci_method: r.interval?.method ?? null,
      };
      board.secondary.forEach((c, i) => { rec[`${c.def.id}:${c.label}`] = num(r.secondary[i]); });
      rec.status = status;
      rec.reason = reason;
      rec.coverage = r.coverage ? `${r.coverage.units}/${r.coverage.total} ${r.coverage.unit}` : null;
      rec.submission_id = r.submissionId;
      return rec;
    }),
  );
}

export function boardCsv(board: Board): string {
  const records = boardRecords(board);
  const fields = records[0] ? Object.keys(records[0]) : ['section', 'rank', 'model'];
  return Papa.unparse({ fields, data: records.map((r) => fields.map((f) => r[f] ?? '')) }, { newline: '\n' }) + '\n';
}

export function boardJson(board: Board): string {
  return JSON.stringify(
    {
      benchmark: board.benchmark,
      board: board.slug,
      title: board.title,
      primary: { metric: board.primary.def.id, label: board.primary.label, direction: board.primary.def.direction, unit: board.primary.def.unit },
      secondary: board.secondary.map((c) => ({ metric: c.def.id, label: c.label })),
      n_counts: board.nUnit,
      rows: boardRecords(board),
    },
    null,
    1,
  );
}

/** `downloads/<benchmark>/<slug with / as __>.<ext>` */
export function downloadPath(board: Pick<Board, 'benchmark' | 'slug'>, ext: 'csv' | 'json'): string {
  return `downloads/${board.benchmark}/${board.slug.replaceAll('/', '__')}.${ext}`;
}
