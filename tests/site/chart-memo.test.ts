// Charts kept between builds (src/core/draw-memo.ts, src/ingest/chart-store.ts). Drawn through the
// store, every chart kind equals the chart drawn directly after each of many one-field changes to
// the data it draws, with one store shared by all of them: a key that missed a field would hand back
// the drawing of an earlier variant and fail here. A second process (a fresh store over the same
// file) then draws nothing and gets the same charts; a stored file it did not write is drawn again.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forestPlot, heatGrid, reportedCostScore, scoreVsDate, scoreVsSize } from '../../src/board/charts';
import { rankOverTime } from '../../src/board/history-chart';
import type { BoardHistory } from '../../src/board/history-boards';
import type { Board } from '../../src/core/board';
import { setDrawMemo } from '../../src/core/draw-memo';
import type { ReportedView } from '../../src/core/reported';
import { persistCharts } from '../../src/ingest/chart-store';
import { familyBoard, percentBoard, reportedView } from './charts/fixtures';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-chart-memo-'));
const LOG = join(TMP, 'cache.log');
const saved = { ...process.env };
delete process.env.EVALBOARD_NO_CACHE;
process.env.EVALBOARD_CACHE_DIR = join(TMP, 'cache');
process.env.EVALBOARD_CACHE_LOG = LOG;
afterAll(() => {
  setDrawMemo(undefined);
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

/** A change, and the boards whose charts show it (all when absent). */
type Change = [name: string, change: (b: Board) => void, shownOn?: (b: Board) => boolean];
const hasGrid = (b: Board) => b.grid !== undefined;
const row = (b: Board, i: number) => b.sections[0]!.rows[i]!;
const cell = (b: Board, i: number) => b.grid!.find((c, j) => j >= i && c.value !== null)!;
const BOARD_CHANGES: Change[] = [
  ['nothing', () => {}],
  ['a model name', (b) => (row(b, 0).model = 'renamed')],
  ['a model name holding a count marker', (b) => (row(b, 0).model = '\uE0000\uE001 \uE000')],
  ['a harness', (b) => (row(b, 1).harness = 'other harness 1.0')],
  ['synthetic', (b) => (row(b, 2).synthetic = true)],
  ['a value', (b) => (row(b, 0).primary = row(b, 0).primary! * 1.01)],
  ['an interval end', (b) => (row(b, 3).interval!.hi += 0.05)],
  ['an interval method', (b) => (row(b, 3).interval!.method = 't')],
  ['an interval level', (b) => (row(b, 3).interval!.level = 0.9)],
  ['a rank range', (b) => (row(b, 5).rankRange = [1, 6])],
  ['a point rank', (b) => (row(b, 1).rank = 7)],
  ['a release date', (b) => (row(b, 4).releaseDate = '2024-02-29')],
  ['a parameter count', (b) => (row(b, 5).paramsB = 9)],
  ['weights', (b) => (row(b, 0).weights = row(b, 0).weights === 'open' ? 'closed' : 'open')],
  ['a row fewer', (b) => b.sections[0]!.rows.pop()],
  ['a section title', (b) => (b.sections[0]!.title = 'Another title')],
  ['a section short title', (b) => (b.sections[0]!.shortTitle = 'short'), hasGrid],
  ['the column label', (b) => (b.primary.label = 'Error')],
  ['the direction', (b) => (b.primary.def.direction = b.primary.def.direction === 'lower' ? 'higher' : 'lower')],
  ['the digits', (b) => (b.primary.def.format.digits += 1)],
  ['the number format', (b) => (b.primary.def.format.kind = b.primary.def.format.kind === 'fixed' ? 'percent' : 'fixed')],
  ['the unit', (b) => (b.primary.def.unit = 'mm'), (b) => b.primary.def.format.kind === 'fixed'],
  ['the range', (b) => (b.primary.def.range = [0, 0.3])],
  ['a grid value', (b) => (cell(b, 0).value! += 0.2), hasGrid],
  ['a grid count', (b) => (cell(b, 3).n += 1), hasGrid],
  ['a grid label', (b) => (cell(b, 5).subtaskLabel = 'Relabelled'), hasGrid],
];
const VIEW_CHANGES: [string, (v: ReportedView) => void][] = [
  ['nothing', () => {}],
  ['a cost', (v) => (v.costScore!.points[0]!.cost = 3.3)],
  ['a score', (v) => (v.costScore!.points[1]!.value = 60)],
  ['an interval end', (v) => (v.costScore!.points[2]!.lo = 40)],
  ['a name', (v) => (v.costScore!.points[3]!.name = 'agent-e · harness-one')],
  ['the score label', (v) => (v.costScore!.score = 'Score (%)')],
  ['the interval method', (v) => (v.costScore!.interval = 'bootstrap')],
];

/** Two snapshots of the board: a month ago (the first rows' ranks turned round) and today. */
function historyOf(b: Board): BoardHistory {
  const before = structuredClone(b);
  const rows = before.sections[0]!.rows;
  rows.slice(0, 4).forEach((r, i) => (r.rank = 4 - i));
  return { benchmark: b.benchmark, slug: b.slug, snapshots: [{ date: '2026-01-01', board: before, notes: {} }, { date: '2026-02-01', board: b, notes: {} }] };
}

function boardCharts(b: Board) {
  const s = b.sections[0]!;
  return { forest: forestPlot(b, s), grid: heatGrid(b, s.id), date: scoreVsDate(b, s), size: scoreVsSize(b, s), rank: rankOverTime(historyOf(b), s) };
}

/** Every change's board (or reported view) and how to draw its charts. */
function variants() {
  const boards = [familyBoard, percentBoard].flatMap((base) =>
    BOARD_CHANGES.filter(([, , shownOn]) => !shownOn || shownOn(base)).map(([name, change]) => {
      const b = structuredClone(base);
      change(b);
      return { name: `${base.slug}: ${name}`, draw: () => boardCharts(b) };
    }),
  );
  const views = VIEW_CHANGES.map(([name, change]) => {
    const v = structuredClone(reportedView);
    change(v);
    return { name: `reported: ${name}`, draw: () => ({ cost: reportedCostScore(v) }) };
  });
  return [...boards, ...views];
}

/** Every variant's charts drawn through one store over the cache's file (a build process's). */
function drawStored(): unknown[] {
  persistCharts();
  try {
    return variants().map((v) => v.draw());
  } finally {
    setDrawMemo(undefined);
  }
}

const logLines = () => readFileSync(LOG, 'utf8').split('\n').filter(Boolean);

describe('charts kept between builds', () => {
  it('equal the charts drawn directly after every change to what they draw, and a second process draws none', () => {
    const direct = variants().map((v) => ({ name: v.name, charts: v.draw() }));
    writeFileSync(LOG, '');
    const stored = drawStored();
    direct.forEach(({ name, charts }, i) => expect(stored[i], name).toEqual(charts));
    // Each change is one a chart shows: it changes some chart of its board (so none of them is idle here).
    const base = new Map(direct.filter((v) => v.name.endsWith(': nothing')).map((v) => [v.name.split(':')[0], JSON.stringify(v.charts)]));
    for (const { name, charts } of direct) if (!name.endsWith(': nothing')) expect(JSON.stringify(charts), name).not.toBe(base.get(name.split(':')[0]));
    const cold = logLines();
    expect(cold.filter((l) => l.startsWith('miss chart/')).length).toBeGreaterThan(100);
    for (const kind of ['forest', 'grid', 'scatter', 'rank-time']) expect(cold.some((l) => l.startsWith(`miss chart/${kind} `)), kind).toBe(true);

    writeFileSync(LOG, '');
    expect(drawStored()).toEqual(stored);
    const warm = logLines();
    expect(warm.filter((l) => l.startsWith('miss chart/'))).toEqual([]);
    expect(warm.filter((l) => l.startsWith('hit chart/')).length).toBe(cold.filter((l) => l.startsWith('miss chart/') || l.startsWith('hit chart/')).length);

    // A stored file that is not one the store writes is drawn again and replaced, never served.
    const files = (readdirSync(join(TMP, 'cache', 'charts'), { recursive: true }) as string[]).filter((f) => f.endsWith('.json')).map((f) => join(TMP, 'cache', 'charts', f));
    const bad = ['{"drawing": 5}', '[]', '{}', '{"drawing": "<svg>"}', '{"drawing": [1]}'];
    files.slice(0, bad.length).forEach((f, i) => writeFileSync(f, bad[i]!));
    writeFileSync(LOG, '');
    expect(drawStored()).toEqual(stored);
    expect(logLines().filter((l) => l.startsWith('miss chart/'))).toHaveLength(bad.length);
    for (const f of files.slice(0, bad.length)) expect(JSON.parse(readFileSync(f, 'utf8'))).toHaveProperty('drawing');
    writeFileSync(LOG, '');
    expect(drawStored()).toEqual(stored);
    expect(logLines().filter((l) => l.startsWith('miss chart/'))).toEqual([]);
  });
});

/** `b` with `n` more rows below its last, each worse than every row above it, with a rank range of its own. */
function withRowsBelow(b: Board, n: number): Board {
  const out = structuredClone(b);
  const rows = out.sections[0]!.rows;
  const lower = out.primary.def.direction === 'lower';
  for (let k = 0; k < n; k++) {
    const last = rows.at(-1)!;
    const rank = rows.length + 1;
    const primary = last.primary! + (lower ? 1 : -0.01);
    rows.push({ ...structuredClone(last), rank, rankRange: [rank, rank], tiedWithLeader: false, submissionId: `below${rank}`, modelSlug: `below-${rank}`, model: `below-${rank}`, entryKey: `below-${rank}~h`, primary, interval: { lo: primary - 0.001, hi: primary + 0.001, method: 'bootstrap' } });
  }
  return out;
}

describe('a new entry below the charts\' top rows', () => {
  it('changes only the counts the charts print: every chart is kept, with the new counts written in', () => {
    for (const base of [familyBoard, percentBoard]) {
      const before = withRowsBelow(base, 25 - base.sections[0]!.rows.length);
      const after = withRowsBelow(before, 1);
      expect(after.sections[0]!.rows).toHaveLength(26);
      const direct = boardCharts(after);
      persistCharts();
      try {
        boardCharts(before);
        writeFileSync(LOG, '');
        const kept = boardCharts(after);
        expect(kept, base.slug).toEqual(direct);
        expect(logLines().filter((l) => l.startsWith('miss chart/')), base.slug).toEqual([]);
        expect(logLines().filter((l) => l.startsWith('hit chart/')).length, base.slug).toBe(Object.values(direct).filter((c) => c !== undefined).length);
      } finally {
        setDrawMemo(undefined);
      }
      // Each chart prints the new count (so the fill is tested), and only the count differs.
      setDrawMemo(undefined);
      const old = boardCharts(before);
      for (const [kind, chart] of Object.entries(direct)) {
        if (!chart) continue;
        const [a, b] = [JSON.stringify(old[kind as keyof typeof old]), JSON.stringify(chart)];
        expect(b, `${base.slug} ${kind}`).not.toBe(a);
        const countless = (t: string) => t.replace(/ of \d+/g, ' of N');
        expect(countless(b) === countless(a), `${base.slug} ${kind}: more than a count changed`).toBe(true);
      }
    }
  });
});

