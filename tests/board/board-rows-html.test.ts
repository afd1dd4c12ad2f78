// A board table's rows built as strings (src/board/board-rows-html.ts): what each cell says, and
// that a submitted string, wherever it is shown, stays text and never becomes markup.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { escapeHTML } from 'astro/runtime/server/index.js';
import type { Board, Row, UnrankedRow } from '../../src/core/board';
import type { MetricDef } from '../../src/core/metric';
import type { Provenance } from '../../src/board/provenance';
import { provenanceCellHtml, rankedRowsHtml, sourceTagHtml, unrankedRowsHtml } from '../../src/board/board-rows-html';
import { escapeHtml } from '../../src/core/escape';

const iou: MetricDef = { id: 'x-iou', label: 'IoU', keys: ['iou'], benchmark: 'x', unit: 'ratio', direction: 'higher', format: { kind: 'fixed', digits: 3 }, summary: 'overlap', range: [0, 1] };
const sr: MetricDef = { id: 'x-sr', label: 'SR', keys: ['sr'], benchmark: 'x', unit: 'ratio', direction: 'higher', format: { kind: 'percent', digits: 1 }, summary: 'success rate' };

function row(o: Partial<Row> & { model: string }): Row {
  return {
    submissionId: `${o.model}-sub`, modelSlug: o.model.toLowerCase(), org: 'Org', weights: 'open', submittedAt: '2026-01-01', harness: 'harness 1.0', entryKey: `${o.model}~h`, n: 1234,
    rank: 1, rankRange: [1, 2], primary: 0.5, secondary: [0.25], tiedWithLeader: false, ...o,
  };
}

const board = (rows: Row[], unranked: UnrankedRow[] = []): Board => ({
  benchmark: 'x', slug: 'config/a', title: 'Boxes', kind: 'config', description: 'd', nUnit: 'samples',
  primary: { def: iou, label: 'IoU' }, secondary: [{ def: sr, label: 'SR' }], sections: [{ id: 'full', title: 'Full runs', rows, unranked }],
});

function provenance(o: Partial<Provenance> = {}): Provenance {
  return {
    benchmark: 'x', submissionId: 'm-sub', reviewPath: 'submissions/m-sub/', modelPath: 'models/m/', samplesPath: 'api/v1/submissions/x/m-sub.json',
    model: { name: 'M', weights: 'open', licence: 'MIT', params: '7B' }, harness: { name: 'harness', version: '1.0', commit: 'org/repo@abcdef1' },
    benchmarkVersion: 'v1', upstream: { name: 'Org/Upstream', url: 'https://github.com/Org/Upstream', commit: 'c221615' }, submittedAt: '2026-01-01', acceptedAt: '2026-01-02',
    links: [
      { kind: 'model_card', label: 'model card', href: 'https://example.org/card' },
      { kind: 'harness_commit', label: 'commit', href: 'https://github.com/org/repo/commit/abcdef1' },
      { kind: 'pr', label: 'PR', href: 'https://github.com/o/r/pull/1' },
    ],
    ...o,
  };
}

const tbody = (html: string) => parseHTML(`<!doctype html><html><body><table><tbody>${html}</tbody></table></body></html>`).document;

describe('rankedRowsHtml', () => {
  it('writes every cell of a row: rank range and tie mark, names, value, interval, card bar, coverage, composition, secondary, provenance', () => {
    const r = row({ model: 'M', releaseDate: '2025-05-05', interval: { lo: 0.4, hi: 1.2, method: 'bootstrap' }, coverage: { units: 3, total: 4, unit: 'subtasks' }, composition: ['a: 1', 'b: 2'], synthetic: true, links: [{ label: 'seed 1', href: 'seeds/1/' }] });
    const html = rankedRowsHtml({ board: board([r]), section: board([r]).sections[0]!, base: '/', provenance: new Map([['x/M-sub', provenance()]]) });
    const doc = tbody(html);
    const tr = doc.querySelector('tr')!;
    expect([tr.getAttribute('data-w'), tr.getAttribute('data-o'), tr.getAttribute('data-d'), tr.getAttribute('data-entry')]).toEqual(['open', 'Org', '2025-05-05', 'M~h']);
    const cells = [...tr.children];
    expect(cells.map((c) => c.tagName)).toEqual(['TD', 'TH', 'TD', 'TD', 'TD', 'TD', 'TD', 'TD', 'TD']);
    expect(cells[0]!.getAttribute('data-rank-range')).toBe('1-2');
    expect(cells[0]!.textContent).toBe('1–2 ●');
    expect(cells[1]!.querySelector('a')!.getAttribute('href')).toBe('/models/m/');
    expect(cells[1]!.textContent).toBe('M · harness 1.0 synthetic');
    expect(cells[5]!.textContent).toBe('1,234');
    // The interval is truncated to the metric's range [0, 1]: the shown end, the computed one in the title, and the dagger.
    const ci = cells[6]!.querySelector('.ci')!;
    expect(ci.textContent).toBe('[0.400, 1.000]†');
    expect(ci.getAttribute('title')).toBe("computed [0.400, 1.200]; truncated to the metric's range");
    expect(cells[6]!.getAttribute('data-v')).toBe('0.5');
    expect(cells[6]!.querySelector('.card-bar .iv')!.getAttribute('style')).toBe('left:0%;width:100%');
    expect(cells[6]!.querySelector('.card-only')!.textContent).toBe('coverage 3/4 subtasks');
    expect([...cells[6]!.querySelectorAll('details.comp li')].map((li) => li.textContent)).toEqual(['a: 1', 'b: 2']);
    expect(cells[7]!.textContent).toBe('25.0%');
    const prov = cells[8]!;
    expect([...prov.querySelectorAll('a')].map((a) => [a.getAttribute('data-prov'), a.getAttribute('href')])).toEqual([
      ['review', '/submissions/M-sub/'],
      ['samples', '/api/v1/submissions/x/m-sub.json'],
      ['pr', 'https://github.com/o/r/pull/1'],
      [null, '/seeds/1/'],
      ['model', '/models/m/'],
      ['model_card', 'https://example.org/card'],
      ['harness_commit', 'https://github.com/org/repo/commit/abcdef1'],
      ['upstream', 'https://github.com/Org/Upstream'],
    ]);
    expect(prov.querySelector('dl')!.textContent).toContain('submitted 2026-01-01 · accepted 2026-01-02');
  });

  it('an unranked row reads "model · harness synthetic", spaced as the ranked rows are', () => {
    const u: UnrankedRow = { ...row({ model: 'P', synthetic: true }), status: 'preliminary', reason: 'too few samples' };
    const b = board([], [u]);
    const doc = tbody(unrankedRowsHtml({ board: b, section: b.sections[0]!, base: '/', provenance: new Map() }));
    expect(doc.querySelector('td')!.textContent).toBe('P · harness 1.0 synthetic');
  });

  it('leaves out what a row does not have: no tie mark, interval, bar, coverage, composition, provenance details', () => {
    const r = row({ model: 'N', rank: 3, rankRange: [3, 4], primary: null, secondary: [null] });
    const doc = tbody(rankedRowsHtml({ board: board([r]), section: board([r]).sections[0]!, base: '/b/', provenance: new Map() }));
    const cells = [...doc.querySelector('tr')!.children];
    expect(cells[0]!.textContent).toBe('3–4');
    expect(cells[4]!.textContent).toBe('—');
    expect(cells[6]!.hasAttribute('data-v')).toBe(true);
    expect(cells[6]!.getAttribute('data-v')).toBe('');
    expect(cells[6]!.querySelectorAll('.ci, .card-bar, .card-only, details').length).toBe(0);
    expect(cells[8]!.querySelector('details')).toBeNull();
    expect(cells[8]!.querySelector('a')!.getAttribute('href')).toBe('/b/submissions/N-sub/');
  });
});

const HOSTILE = [
  '<img src=x onerror="window.__pwned=1">',
  'x" onmouseover="window.__pwned=1" y="',
  "x' onmouseover='window.__pwned=1' y='",
  'https://x.example/?&" onclick="alert(1)" x="',
  '</td></tr><script>window.__pwned=1</script>',
  'a & b < c > d',
];

describe('submitted strings stay text', () => {
  it.each(HOSTILE)('%s', (s) => {
    const r = row({ model: s, org: s, harness: s, entryKey: s, releaseDate: s, modelSlug: s, submissionId: s, composition: [s], links: [{ label: s, href: s }], coverage: { units: 1, total: 2, unit: s } });
    const u: UnrankedRow = { ...row({ model: s, org: s, harness: s, modelSlug: s, submissionId: s }), status: 'preliminary', reason: s };
    const p = provenance({ model: { name: s, weights: s, licence: s, params: s }, harness: { name: s, version: s, commit: s }, benchmarkVersion: s, submittedAt: s, acceptedAt: s, upstream: { name: s, url: s, commit: s }, samplesPath: s, modelPath: s, links: [{ kind: 'model_card', label: s, href: s }] });
    const b = board([r], [u]);
    const opts = { board: b, section: b.sections[0]!, base: '/', provenance: new Map([[`x/${s}`, p]]), notes: { [s]: `withdrawn ${s}` } };
    const doc = tbody(rankedRowsHtml(opts) + unrankedRowsHtml(opts));
    const all = [...doc.querySelectorAll('*')];
    expect(all.filter((e) => ['SCRIPT', 'IMG'].includes(e.tagName))).toEqual([]);
    expect(all.flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on') || n === 'y' || n === 'x')).toEqual([]);
    const [ranked, unranked] = [...doc.querySelectorAll('tr')];
    expect(ranked!.getAttribute('data-o')).toBe(s);
    expect(ranked!.getAttribute('data-entry')).toBe(s);
    expect(ranked!.querySelector('th a')!.textContent).toBe(s);
    expect(ranked!.querySelector('[data-history-note]')!.textContent).toBe(`withdrawn ${s}`);
    expect(ranked!.querySelector('a[data-prov="model"]')!.textContent).toBe(s);
    expect(ranked!.querySelector('a[data-prov="upstream"]')!.getAttribute('href')).toBe(s);
    expect(unranked!.querySelector('td.small')!.textContent).toBe(s);
    expect(doc.querySelectorAll('tr').length).toBe(2);
  });

  it('escapes text exactly as Astro does (so the rows are the bytes the components wrote)', () => {
    for (const s of HOSTILE) expect(escapeHtml(s)).toBe(escapeHTML(s));
  });

  it('a source tag links the repository and keeps its attribution as a title', () => {
    const html = sourceTagHtml({ repo: 'https://github.com/a/b', commit: 'abcdef1', licence: 'CC-BY-4.0', attribution: 'A & B "lab"' });
    const a = parseHTML(`<p>${html}</p>`).document.querySelector('a')!;
    expect(a.textContent).toBe('a/b');
    expect(a.getAttribute('title')).toContain('A & B "lab". Licence: CC-BY-4.0');
  });

  it('a withdrawn note marks the provenance cell as removed; another note does not', () => {
    const cell = (note: string) => parseHTML(`<table><tr>${provenanceCellHtml({ board: board([]), row: row({ model: 'M' }), base: '/', provenance: undefined, note })}</tr></table>`).document.querySelector('td')!;
    expect(cell('withdrawn 2026-09-12').hasAttribute('data-removed')).toBe(true);
    expect(cell('corrected 2026-09-12').hasAttribute('data-removed')).toBe(false);
  });
});
