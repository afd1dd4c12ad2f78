import { describe, expect, it } from 'vitest';
import { DEFAULT_ENTRIES, WHOLE_UNIT_ROWS, disagreement, entrySummaries, pageView, queryOfState, stateFromQuery, visibleSamples, type DocCell, type ExplorerDoc } from '../../src/board/explorer-doc';

const c = (v: number | null, o: DocCell['o'] = 's'): DocCell => ({ v, o, a: String(v) });

/** Four samples × three entries, lower is better; margin 0.1. Hand-computed expectations below. */
const doc: ExplorerDoc = {
  version: 1, benchmark: 'b', benchmarkName: 'B', unit: 'u', label: 'u', unitKind: 'config', sampleNoun: 'samples', truth: 'public',
  metric: { id: 'm', label: 'MRE', direction: 'lower', format: { kind: 'fixed', digits: 3 } }, metrics: [], margin: 0.1, fields: [],
  samples: ['s0', 's1', 's2', 's3'].map((id) => ({ id, fields: [] })),
  entries: ['a', 'b', 'c'].map((key) => ({ key, label: key.toUpperCase(), modelSlug: key, submission: key, ranked: true, synthetic: false })),
  cells: [
    [c(0.1), c(0.2), c(null, 'f'), c(0.4)],
    [c(0.15), c(0.5), c(0.3), null],
    [c(0.12), c(0.25), c(0.3), c(null, 'x')],
  ],
  texts: [null, null, null],
};

describe('explorer document logic', () => {
  it('disagreement: differing outcomes are infinite, else the spread; fewer than two results −1', () => {
    expect(disagreement(doc, 0, [0, 1, 2])).toBeCloseTo(0.05, 12);
    expect(disagreement(doc, 1, [0, 1])).toBeCloseTo(0.3, 12);
    expect(disagreement(doc, 2, [0, 1])).toBe(Infinity);
    expect(disagreement(doc, 3, [0, 1, 2])).toBe(-1); // one result: b not run, c excluded
  });

  it('filters: disagree (≥ margin), error (any failure), success (all succeeded)', () => {
    const all = [0, 1, 2];
    expect(visibleSamples(doc, { entries: all, filter: 'disagree', sort: 'id' })).toEqual([1, 2]);
    expect(visibleSamples(doc, { entries: [0, 2], filter: 'disagree', sort: 'id' })).toEqual([2]);
    expect(visibleSamples(doc, { entries: all, filter: 'error', sort: 'id' })).toEqual([2]);
    expect(visibleSamples(doc, { entries: all, filter: 'success', sort: 'id' })).toEqual([0, 1]);
    expect(visibleSamples(doc, { entries: [1, 2], filter: 'success', sort: 'id' })).toEqual([0, 1, 2]);
  });

  it('sorts: most disagreement first; one entry worst first (failure, then the largest error; excluded/missing last)', () => {
    expect(visibleSamples(doc, { entries: [0, 1, 2], sort: 'spread' })).toEqual([2, 1, 0, 3]);
    expect(visibleSamples(doc, { entries: [0], sort: 0 })).toEqual([2, 3, 1, 0]);
    expect(visibleSamples(doc, { entries: [2], sort: 2 })).toEqual([2, 1, 0, 3]);
  });

  it('the URL state round-trips and ignores unknown entries and values', () => {
    const s = stateFromQuery(doc, '?e=c,zzz,a&f=disagree&s=e:a');
    expect(s).toEqual({ entries: [2, 0], filter: 'disagree', sort: 0 });
    expect(stateFromQuery(doc, queryOfState(doc, s))).toEqual(s);
    expect(stateFromQuery(doc, '?f=bogus&s=bogus')).toEqual({ entries: [0, 1, 2], sort: 'id' });
    expect(queryOfState(doc, { entries: [0, 1, 2], sort: 'id' })).toBe('');
  });

  it('entry tallies: run, outcomes, and the mean over values (failures without one, excluded left out)', () => {
    const [a, b, cc] = entrySummaries(doc);
    expect(a).toEqual({ run: 4, success: 3, failure: 1, excluded: 0, mean: (0.1 + 0.2 + 0.4) / 3 });
    expect(b!.run).toBe(3);
    expect(cc).toEqual({ run: 4, success: 3, failure: 0, excluded: 1, mean: (0.12 + 0.25 + 0.3) / 3 });
  });

  it('the page view: the first WHOLE_UNIT_ROWS rows of the default state, with counts and tallies over every sample', () => {
    // 70 samples × (DEFAULT_ENTRIES + 2) entries; entry 0 fails only on the last sample and entry 1
    // is not run on sample 60: both past the cut; the last entry has a failure on sample 0.
    const n = 70;
    const k = DEFAULT_ENTRIES + 2;
    const col = (e: number) => Array.from({ length: n }, (_, i) => (e === 0 && i === n - 1 ? c(null, 'f') : e === 1 && i === 60 ? null : e === k - 1 && i === 0 ? c(null, 'f') : c(e)));
    const big: ExplorerDoc = {
      ...doc,
      samples: Array.from({ length: n }, (_, i) => ({ id: `s${i}`, fields: [] })),
      entries: Array.from({ length: k }, (_, e) => ({ ...doc.entries[0]!, key: `k${e}` })),
      cells: Array.from({ length: k }, (_, e) => col(e)),
      texts: Array.from({ length: k }, () => null),
    };
    const view = pageView(big);
    expect(view.sampleCount).toBe(n);
    expect(view.doc.entries).toEqual(big.entries);
    expect(view.doc.samples.map((x) => x.id)).toEqual(big.samples.slice(0, WHOLE_UNIT_ROWS).map((x) => x.id));
    expect(view.doc.cells.map((x) => x.length)).toEqual(Array.from({ length: k }, (_, e) => (e < DEFAULT_ENTRIES ? WHOLE_UNIT_ROWS : 0)));
    expect(view.tally[0]).toEqual({ run: 70, success: 69, failure: 1, excluded: 0, mean: 0 });
    expect(view.tally[1]).toEqual({ run: 69, success: 69, failure: 0, excluded: 0, mean: 1 });
    expect(view.tally[k - 1]).toEqual({ run: 70, success: 69, failure: 1, excluded: 0, mean: k - 1 });
    // The rows a page shows by default are the same on the view as on the whole document.
    const state = stateFromQuery(big, '');
    expect(visibleSamples(view.doc, state)).toEqual(visibleSamples(big, state).slice(0, WHOLE_UNIT_ROWS));
    expect(big.cells[0]).toHaveLength(n); // the document itself is not cut
  });
});
