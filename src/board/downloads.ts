import Papa from 'papaparse';
import type { Board } from '../core/board';

export type Cell = string | number | boolean | null;

/** A board as plain records: the same rows and order as the HTML table, unrounded numbers. */
export function boardRecords(board: Board): Record<string, Cell>[] {
  const p = board.primary;
  const num = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : v);
  return board.sections.flatMap((section) =>
    section.rows.map((r) => {
      const rec: Record<string, Cell> = {
        section: section.id,
        rank: r.rank,
        tied_with_leader: r.tiedWithLeader,
        model: r.model,
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
