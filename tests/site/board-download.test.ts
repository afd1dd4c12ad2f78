/**
 * Every bundled board's JSON download: it validates against the published schema
 * (`/schemas/board.json`, generated from the zod schema it is checked with here), and every
 * row's `rank_range` is what the stated rule gives from the downloaded intervals, recomputed here
 * independently of `src/core/stats/rank-range.ts`.
 */
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { allBoards } from '../../src/board/boards';
import { boardCsv, boardJson } from '../../src/board/downloads';
import { boardDownloadSchema, type BoardDownload } from '../../src/core/board-download-schema';
import { jsonSchemaOf, PUBLISHED_SCHEMAS } from '../../src/registry/json-schemas';
import type { Board } from '../../src/core/board';

let boards: Board[];
let downloads: { board: Board; json: BoardDownload }[];

beforeAll(async () => {
  boards = await allBoards();
  downloads = boards.map((board) => ({ board, json: JSON.parse(boardJson(board)) as BoardDownload }));
});

/**
 * The rule as the page states it, written from the text: for higher is better,
 * best = 1 + #{rows whose interval lies entirely above}, worst = #{rows whose interval does not lie
 * entirely below}, this row included; mirrored for lower is better. An interval is widened to
 * contain its estimate; a row without one is (−∞, +∞).
 */
function recompute(rows: BoardDownload['rows'], direction: 'higher' | 'lower'): [number, number][] {
  const iv = rows.map((r) => {
    if (!r.interval) return { lo: -Infinity, hi: Infinity };
    return { lo: Math.min(r.interval.lo, r.value!), hi: Math.max(r.interval.hi, r.value!) };
  });
  const better = (a: { lo: number; hi: number }, b: { lo: number; hi: number }) => (direction === 'higher' ? a.lo > b.hi : a.hi < b.lo);
  return iv.map((me) => {
    const above = iv.filter((o) => better(o, me)).length;
    const below = iv.filter((o) => better(me, o)).length;
    return [1 + above, rows.length - below];
  });
}

describe('board downloads (JSON)', () => {
  it('the schema is published as /schemas/board.json, with the row and board fields the issue names', () => {
    expect(PUBLISHED_SCHEMAS.map((s) => s.name)).toContain('board');
    type Obj = { required: string[]; properties: Record<string, Obj & { items?: Obj }>; additionalProperties?: boolean };
    const js = jsonSchemaOf('board', 'https://example.org/') as unknown as Obj & { $id: string };
    expect(js.$id).toBe('https://example.org/schemas/board.json');
    expect(js.required).toEqual(expect.arrayContaining(['unit', 'min_units', 'mdd', 'rows']));
    const row = js.properties.rows!.items!;
    expect(row.required).toEqual(expect.arrayContaining(['entry', 'submission', 'value', 'interval', 'rank', 'rank_range', 'coverage', 'status', 'reason']));
    expect(row.additionalProperties).toBe(false);
  });

  it('every bundled board validates against the schema', () => {
    expect(downloads.length).toBeGreaterThan(20);
    for (const { board, json } of downloads) {
      const parsed = boardDownloadSchema.safeParse(json);
      expect(parsed.success, `${board.benchmark}/${board.slug}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('rank_range equals the stated rule recomputed from the downloaded intervals, and contains rank', () => {
    let checked = 0;
    for (const { board, json } of downloads) {
      expect(json.rank_rule).toMatch(/LMArena/);
      for (const s of json.sections) {
        const ranked = json.rows.filter((r) => r.section === s.id && r.status === 'ranked');
        const want = recompute(ranked, json.primary.direction);
        ranked.forEach((r, i) => {
          expect(r.rank_range, `${board.benchmark}/${board.slug} ${s.id} ${r.entry.key}`).toEqual(want[i]);
          expect(r.rank_range![0]).toBeLessThanOrEqual(r.rank!);
          expect(r.rank_range![1]).toBeGreaterThanOrEqual(r.rank!);
          checked++;
        });
        for (const r of json.rows.filter((x) => x.section === s.id && x.status !== 'ranked')) {
          expect(r.rank).toBeNull();
          expect(r.rank_range).toBeNull();
          expect(r.reason).toBeTruthy();
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('no board ranks a row with fewer units than its minimum; preliminary rows carry no interval', () => {
    for (const { board, json } of downloads) {
      expect(json.min_units, board.slug).toBeGreaterThanOrEqual(1);
      for (const r of json.rows) {
        if (r.status === 'ranked') expect(r.n, `${board.benchmark}/${board.slug} ${r.entry.key}`).toBeGreaterThanOrEqual(json.min_units);
        if (r.status === 'preliminary') {
          expect(r.interval).toBeNull();
          expect(r.reason).toMatch(new RegExp(`^preliminary: \\d+ \\w+, fewer than the ${json.min_units} this benchmark needs to rank$`));
        }
      }
    }
  });

  it('latch: 5 evals to rank; the task and platform boards with ≤ 2 evals are preliminary, each suite\'s overall board is ranked', () => {
    const latch = downloads.filter((d) => d.json.benchmark === 'latch');
    expect(latch.length).toBeGreaterThan(1);
    for (const { json } of latch) {
      expect(json.unit).toBe('evals');
      expect(json.min_units).toBe(5);
    }
    // One overall board per suite, on that suite's demo evals only (9 scBench, 6 SpatialBench).
    for (const [slug, n] of [['scbench/overall', 9], ['spatialbench/overall', 6]] as const) {
      const overall = latch.find((d) => d.json.board === slug)!.json;
      expect(overall.rows.filter((r) => r.status === 'ranked').length).toBeGreaterThan(1);
      expect(overall.mdd).toMatchObject({ basis: 'paired', n });
    }
    const small = latch.filter((d) => d.json.rows.every((r) => r.n < 5));
    expect(small.length).toBeGreaterThan(10);
    for (const { json } of small) expect(json.rows.every((r) => r.status !== 'ranked')).toBe(true);
  });

  it('every board states its unit, method and, with two ranked rows, a minimum detectable difference', () => {
    for (const { board, json } of downloads) {
      expect(json.unit.length).toBeGreaterThan(0);
      expect(json.method.length).toBeGreaterThan(10);
      const twoRanked = json.sections.some((s) => s.ranked >= 2);
      if (twoRanked) expect(json.mdd?.value, `${board.benchmark}/${board.slug}`).toBeGreaterThan(0);
    }
  });

  it('the CSV carries the same rows with rank_best and rank_worst, and no tied_with_leader column', () => {
    for (const { board, json } of downloads.slice(0, 10)) {
      const parsed = Papa.parse<Record<string, string>>(boardCsv(board), { header: true, skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      expect(parsed.meta.fields).toContain('rank_best');
      expect(parsed.meta.fields).toContain('rank_worst');
      expect(parsed.meta.fields).not.toContain('tied_with_leader');
      expect(parsed.data.map((r) => r.entry)).toEqual(json.rows.map((r) => r.entry.key));
      expect(parsed.data.map((r) => (r.rank_best === '' ? null : [Number(r.rank_best), Number(r.rank_worst)]))).toEqual(json.rows.map((r) => r.rank_range));
    }
  });
});
