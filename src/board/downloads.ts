import { sourceRecord } from './sources-view';
import Papa from 'papaparse';
import type { Board, Entry, Row, Section, SectionMdd, UnrankedRow } from '../core/board';
import { neutraliseFormula } from '../core/escape';
import type { MetricDef } from '../core/metric';
import type { BoardDownload, BoardDownloadRow } from '../core/board-download-schema';
import { MDD_FORMULA } from '../core/stats/mdd';
import { RANK_RANGE_RULE } from '../core/stats/rank-range';
import { evidenceOf } from './evidence';

export type Cell = string | number | boolean | null;

const num = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : v);

/** A section's rows in table order: ranked, then the listed (unranked) rows. */
const listed = (section: Section): { r: Row | UnrankedRow; ranked: Row | undefined; status: BoardDownloadRow['status']; reason: string | null }[] => [
  ...section.rows.map((r) => ({ r, ranked: r, status: 'ranked' as const, reason: null })),
  ...(section.unranked ?? []).map((r) => ({ r, ranked: undefined, status: r.status, reason: r.reason })),
];

/** Every string (and key) through `neutraliseFormula`, so a submitted name cannot become a spreadsheet formula. */
function neutralised<T>(value: T): T {
  if (typeof value === 'string') return neutraliseFormula(value) as T;
  if (Array.isArray(value)) return value.map(neutralised) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [neutraliseFormula(k), neutralised(v)])) as T;
  return value;
}

const intervalOf = (r: Entry, level: number): BoardDownloadRow['interval'] =>
  r.interval && Number.isFinite(r.interval.lo) && Number.isFinite(r.interval.hi) ? { lo: r.interval.lo, hi: r.interval.hi, level: r.interval.level ?? level, method: r.interval.method } : null;

const mddOf = (m: SectionMdd | undefined, section: string): BoardDownload['mdd'] =>
  m ? { value: m.value, basis: m.basis, n: m.n, between: m.between, formula: MDD_FORMULA[m.basis], section } : null;

/** The site's number style for a metric (src/core/format.ts), so a reader of the download can show what the page shows. */
const displayOf = (def: MetricDef): BoardDownload['primary']['display'] => ({ kind: def.format.kind, digits: def.format.digits, scale: def.format.kind === 'percent' ? 100 : 1 });

/** The board download: the structure `/schemas/board.json` publishes (`src/core/board-download-schema.ts`). */
export function boardDownload(board: Board): BoardDownload {
  const ev = evidenceOf(board);
  const p = board.primary.def;
  const rows: BoardDownloadRow[] = board.sections.flatMap((section) =>
    listed(section).map(({ r, ranked, status, reason }) => ({
      section: section.id,
      entry: { key: r.entryKey, model_id: r.modelSlug, model: r.model, harness: r.harness },
      submission: r.submissionId,
      value: num(r.primary),
      interval: intervalOf(r, ev.level),
      rank: ranked ? ranked.rank : null,
      rank_range: ranked ? ranked.rankRange : null,
      coverage: r.coverage ? { units: r.coverage.units, total: r.coverage.total, unit: r.coverage.unit } : null,
      status,
      reason,
      n: r.n,
      secondary: Object.fromEntries(board.secondary.map((c, i) => [`${c.def.id}:${c.label}`, num(r.secondary[i])])),
      org: r.org,
      weights: r.weights,
      release_date: r.releaseDate ?? null,
      submitted_at: r.submittedAt,
      synthetic: r.synthetic === true,
      source: sourceRecord(r.source),
    })),
  );
  const first = board.sections.find((s) => s.mdd);
  return neutralised({
    format: 'evalboard-board/1',
    benchmark: board.benchmark,
    board: board.slug,
    title: board.title,
    primary: {
      metric: p.id,
      label: board.primary.label,
      direction: p.direction,
      unit: p.unit,
      range: p.range ? [num(p.range[0]), num(p.range[1])] : null,
      display: displayOf(p),
    },
    secondary: board.secondary.map((c) => ({ metric: c.def.id, label: c.label, display: displayOf(c.def) })),
    unit: ev.unit,
    min_units: ev.minUnits,
    method: ev.method,
    level: ev.level,
    rank_rule: RANK_RANGE_RULE,
    mdd: first ? mddOf(first.mdd, first.id) : null,
    sections: board.sections.map((s) => ({ id: s.id, title: s.title, ranked: s.rows.length, listed: s.unranked?.length ?? 0, mdd: mddOf(s.mdd, s.id) })),
    rows,
  });
}

/**
 * A board as flat records for the CSV: the same rows and order as the HTML table and the JSON,
 * unrounded numbers, the JSON's fields flattened. Every string cell goes through
 * `neutraliseFormula` (a leading `= + - @`, tab or CR gets a `'`).
 */
export function boardRecords(board: Board): Record<string, Cell>[] {
  const d = boardDownload(board);
  return d.rows.map((r) => {
    const rec: Record<string, Cell> = {
      section: r.section,
      rank: r.rank,
      rank_best: r.rank_range?.[0] ?? null,
      rank_worst: r.rank_range?.[1] ?? null,
      model: r.entry.model,
      model_id: r.entry.model_id,
      harness: r.entry.harness,
      entry: r.entry.key,
      org: r.org,
      weights: r.weights,
      release_date: r.release_date,
      submitted_at: r.submitted_at,
      n: r.n,
      [neutraliseFormula(d.primary.metric)]: r.value,
      ci_low: r.interval?.lo ?? null,
      ci_high: r.interval?.hi ?? null,
      ci_level: r.interval?.level ?? null,
      ci_method: r.interval?.method ?? null,
    };
    for (const [k, v] of Object.entries(r.secondary)) rec[k] = v;
    rec.status = r.status;
    rec.reason = r.reason;
    rec.coverage = r.coverage ? `${r.coverage.units}/${r.coverage.total} ${r.coverage.unit}` : null;
    rec.coverage_units = r.coverage?.units ?? null;
    rec.coverage_total = r.coverage?.total ?? null;
    rec.submission_id = r.submission;
    rec.synthetic = r.synthetic;
    rec.source_repo = r.source?.repo ?? null;
    rec.source_commit = r.source?.commit ?? null;
    rec.source_licence = r.source?.licence ?? null;
    rec.source_attribution = r.source?.attribution ?? null;
    return rec;
  });
}

export function boardCsv(board: Board): string {
  const records = boardRecords(board);
  const fields = records[0] ? Object.keys(records[0]) : ['section', 'rank', 'rank_best', 'rank_worst', 'model'];
  return Papa.unparse({ fields, data: records.map((r) => fields.map((f) => r[f] ?? '')) }, { newline: '\n' }) + '\n';
}

export function boardJson(board: Board): string {
  return JSON.stringify(boardDownload(board), null, 1);
}

/** `downloads/<benchmark>/<slug with / as __>.<ext>` */
export function downloadPath(board: Pick<Board, 'benchmark' | 'slug'>, ext: 'csv' | 'json'): string {
  return `downloads/${board.benchmark}/${board.slug.replaceAll('/', '__')}.${ext}`;
}
