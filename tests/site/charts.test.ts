import { describe, expect, it } from 'vitest';
import { forestPlot, heatGrid, scoreVsDate } from '../../src/board/charts';
import { shortSubtask } from '../../src/benchmarks/medvision/boards/boards';
import { boardCsv, boardRecords } from '../../src/board/downloads';
import { paramsBillions } from '../../src/board/submission-meta';
import { fitLabel, textWidth } from '../../src/board/charts-kit';
import { metric } from '../../src/registry/metrics';
import type { Board, Row } from '../../src/core/board';
import Papa from 'papaparse';

const evil = '<script>alert("x")</script> & Co';
const row = (i: number, over: Partial<Row> = {}): Row => ({
  rank: i, rankRange: [i, i], tiedWithLeader: false, submissionId: `s${i}`, modelSlug: `m${i}`, model: i === 1 ? evil : `m${i}`, org: evil, weights: 'open',
  releaseDate: `2025-0${i}-01`, submittedAt: '2026-01-01', n: 100, primary: 0.1 * i, interval: { lo: 0.1 * i - 0.02, hi: 0.1 * i + 0.02, method: 'bootstrap' },
  secondary: [0.5], harness: 'h 1', entryKey: `m${i}~h-1`, ...over,
});
const board: Board = {
  benchmark: 'medvision', slug: 'tl', kind: 'family', title: 'T', description: '', nUnit: 'samples',
  primary: { def: metric('mv-mre'), label: 'MRE' }, secondary: [{ def: metric('mv-success-rate'), label: 'SR' }],
  sections: [{ id: 'full', title: 'Full', rows: [row(1), row(2), row(3)] }],
  grid: [{ model: `${evil} · h 1`, modelSlug: 'm1', section: 'full', subtask: 'KiTS23_TumorLesionSize_Task01_Axial', value: 0.2, n: 10 }],
};

describe('charts (build-time SVG)', () => {
  it('escape submitted text and contain no script', () => {
    for (const c of [forestPlot(board, board.sections[0]!), heatGrid(board, 'full'), scoreVsDate(board, board.sections[0]!)]) {
      expect(c).toBeDefined();
      for (const v of c!.variants) {
        const svg = `${v.sticky?.svg ?? ''}${v.svg}`;
        expect(v.svg.startsWith('<svg')).toBe(true);
        expect(svg).not.toMatch(/<script/i);
        expect(svg).toMatch(/&lt;script&gt;/);
      }
    }
  });
  it('are deterministic', () => {
    expect(forestPlot(board, board.sections[0]!)!.variants).toEqual(forestPlot(board, board.sections[0]!)!.variants);
  });
  it('read registry parameter counts for the size scatter', () => {
    expect([paramsBillions('7B'), paramsBillions('1.5b'), paramsBillions('350M'), paramsBillions('1T')]).toEqual([7, 1.5, 0.35, 1000]);
    expect([paramsBillions('unknown'), paramsBillions('7'), paramsBillions(undefined), paramsBillions('7B-ish')]).toEqual([undefined, undefined, undefined, undefined]);
  });
  it('cut long labels with an ellipsis to the width they are given', () => {
    const long = 'A very long model name that goes on and on';
    expect(fitLabel('short', 200)).toBe('short');
    const cut = fitLabel(long, 120);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(textWidth(cut)).toBeLessThanOrEqual(120);
    expect(textWidth(`${cut.slice(0, -1)}${long[cut.length - 1]}…`)).toBeGreaterThan(120);
  });
  it('shortens subtask names', () => {
    expect(shortSubtask('KiTS23_TumorLesionSize_Task01_Axial')).toBe('KiTS23 T1 Axial');
  });
});

describe('downloads', () => {
  it('CSV round-trips through papaparse with the same rows and order', () => {
    const parsed = Papa.parse<Record<string, string>>(boardCsv(board), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((r) => r.model)).toEqual(boardRecords(board).map((r) => r.model));
    expect(parsed.data[0]!['mv-mre']).toBe('0.1');
  });
});
