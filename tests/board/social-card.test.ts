// The board social card: what it says (pure view model) and the PNG drawn from it (satori + resvg).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Board, Row } from '../../src/core/board';
import type { MetricDef } from '../../src/core/metric';
import { socialCard, socialCardPath } from '../../src/board/social-card';
import { cardTree, socialCardPng } from '../../src/board/social-card-image';
import { socialCardFonts } from '../../src/ingest/social-fonts';

const mre: MetricDef = { id: 'x-mre', label: 'MRE', keys: ['avgMRE'], benchmark: 'x', unit: 'ratio', direction: 'lower', format: { kind: 'fixed', digits: 3 }, summary: 'mean relative error' };

function row(o: Partial<Row> & { model: string; rank: number; rankRange: [number, number]; primary: number }): Row {
  return {
    submissionId: o.model, modelSlug: o.modelSlug ?? o.model.toLowerCase(), org: 'org', weights: 'open', submittedAt: '2026-01-01', harness: 'harness 1.0', entryKey: `${o.model}~h`, n: 10,
    secondary: [], tiedWithLeader: false, ...o,
  };
}

const board = (rows: Row[]): Board => ({
  benchmark: 'x', slug: 'config/a-b', title: 'Tumour size', kind: 'config', description: 'd', nUnit: 'samples',
  primary: { def: mre, label: 'MRE' }, secondary: [], sections: [{ id: 'full', title: 'Full runs', rows }, { id: 'pilot', title: 'Pilot runs', rows: [] }],
});

const seven = Array.from({ length: 7 }, (_, i) => row({ model: `M${i + 1}`, rank: i + 1, rankRange: [i + 1, i + 2], primary: 0.1 + i / 100, interval: { lo: 0.05, hi: 0.2, method: 'bootstrap' } }));

describe('socialCard', () => {
  it('lists the first five ranked rows of the first non-empty section with the board’s decimals and rank ranges', () => {
    const c = socialCard({ board: board(seven), benchmarkName: 'Bench', asOf: '2026-09-06' });
    expect(c.rows.map((r) => [r.rank, r.model, r.value, r.interval])).toEqual([
      ['1–2', 'M1', '0.100', '[0.050, 0.200]'],
      ['2–3', 'M2', '0.110', '[0.050, 0.200]'],
      ['3–4', 'M3', '0.120', '[0.050, 0.200]'],
      ['4–5', 'M4', '0.130', '[0.050, 0.200]'],
      ['5–6', 'M5', '0.140', '[0.050, 0.200]'],
    ]);
    expect(c.more).toBe('5 of 7 ranked entries shown');
    expect(c.section).toBe('Full runs');
    expect(c.metric).toBe('MRE (ratio) · lower is better · 95 % bootstrap intervals');
    expect(c.synthetic).toBe(false);
    expect(c.alt).toBe('Bench: Tumour size leaderboard as of 2026-09-06; rank 1–2: M1 (harness 1.0) 0.100.');
    expect(socialCardPath(board(seven))).toBe('og/x/config/a-b.png');
  });

  it('says "synthetic" when any listed row is, and strips bidirectional overrides from submitted names', () => {
    const rows = [row({ model: 'evil\u202egnp.exe', rank: 1, rankRange: [1, 1], primary: 0.5 }), row({ model: 'demo', rank: 2, rankRange: [2, 2], primary: 0.6, synthetic: true })];
    const c = socialCard({ board: board(rows), benchmarkName: 'Bench' });
    expect(c.synthetic).toBe(true);
    expect(c.rows[0]!.model).toBe('evil\ufffdgnp.exe');
    expect(c.rows[1]!.synthetic).toBe(true);
    expect(c.alt.endsWith('; synthetic demo data.')).toBe(true);
    expect(c.more).toBeUndefined();
  });

  it('an empty board says so', () => {
    const c = socialCard({ board: board([]), benchmarkName: 'Bench' });
    expect(c.rows).toEqual([]);
    expect(c.alt).toBe('Bench: Tumour size leaderboard; no ranked entry yet.');
  });
});

describe('socialCardPng', () => {
  const strings = (n: unknown): string[] => (typeof n === 'string' ? [n] : Array.isArray(n) ? n.flatMap(strings) : n && typeof n === 'object' ? strings((n as { props?: { children?: unknown } }).props?.children) : []);

  it('draws a name its fonts cannot draw as the registry id instead of empty boxes', () => {
    const c = socialCard({ board: board([row({ model: '中文模型', modelSlug: 'zh-model', rank: 1, rankRange: [1, 1], primary: 0.5 }), row({ model: 'Ärzte-ΔΣ', rank: 2, rankRange: [2, 2], primary: 0.6 })]), benchmarkName: 'Bench' });
    const text = strings(cardTree(c, socialCardFonts()));
    expect(text).toContain('zh-model');
    expect(text.join('\n')).not.toContain('中文');
    expect(text).toContain('Ärzte-ΔΣ');
  });

  it('is a 1200 × 630 PNG', async () => {
    const png = Buffer.from(await socialCardPng(socialCard({ board: board(seven), benchmarkName: 'Bench', asOf: '2026-09-06' })));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe('cachedSocialCardPng', () => {
  it('draws a card once: a later build with the same card reads the same bytes, a changed card is drawn anew', async () => {
    const saved = { ...process.env };
    const tmp = mkdtempSync(join(tmpdir(), 'evalboard-card-cache-'));
    process.env.EVALBOARD_CACHE_DIR = join(tmp, 'cache');
    process.env.EVALBOARD_CACHE_LOG = join(tmp, 'log');
    delete process.env.EVALBOARD_NO_CACHE;
    try {
      const fresh = async () => {
        vi.resetModules();
        return (await import('../../src/board/social-card-image')).cachedSocialCardPng;
      };
      const card = socialCard({ board: board(seven), benchmarkName: 'Bench', asOf: '2026-09-06' });
      const drawn = Buffer.from(await socialCardPng(card));
      expect(Buffer.from(await (await fresh())(card)).equals(drawn)).toBe(true);
      expect(Buffer.from(await (await fresh())(card)).equals(drawn)).toBe(true);
      const other = socialCard({ board: board(seven.map((r, i) => (i === 0 ? { ...r, primary: 0.05 } : r))), benchmarkName: 'Bench', asOf: '2026-09-06' });
      const otherPng = Buffer.from(await (await fresh())(other));
      expect(otherPng.equals(drawn)).toBe(false);
      expect(otherPng.equals(Buffer.from(await socialCardPng(other)))).toBe(true);
      expect(readFileSync(join(tmp, 'log'), 'utf8').split('\n').filter(Boolean).map((l) => l.split(' ')[0])).toEqual(['miss', 'hit', 'miss']);
    } finally {
      process.env = saved;
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
