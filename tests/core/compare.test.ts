// The compare verdict rule on hand-made CompareData: shared units only, the minimum, McNemar on
// binary rows, Holm over the page, verdicts that name the entries, canonical pair order.
import { describe, expect, it } from 'vitest';
import { canonicalPair, compareData, compareTablesHtml, parseCompareData, sharedUnits, type CompareData } from '../../src/core/compare';
import { holmAdjust } from '../../src/core/stats/holm';
import { keepBootstrapSides, sideMemoSize } from '../../src/core/stats/side-replicates';

const DEF = { id: 'acc', label: 'Accuracy', direction: 'higher' as const, format: { kind: 'fixed' as const, digits: 1 }, unit: '%' };

/** A latch-like entry: per-eval pass rates (%) with their majority outcomes, one scope. */
function evals(entry: string, rates: Record<string, number>, minUnits = 5): CompareData {
  const keys = Object.keys(rates).sort();
  return {
    version: 1, benchmark: 'x', name: 'X', entry, unit: 'evals', minUnits, metrics: [DEF],
    blocks: [{ id: '*', keys, values: keys.map((k) => rates[k]!), binary: keys.map((k) => (rates[k]! > 50 ? 1 : rates[k]! < 50 ? 0 : null)) }],
    scopes: [{ task: 'Overall', metric: 'acc', method: 'mean', blocks: ['*'], stratify: 'none', seed: 'test/Overall' }],
  };
}
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `e${String(i + from).padStart(2, '0')}`);
const all = (keys: string[], v: number) => Object.fromEntries(keys.map((k) => [k, v]));

describe('compare verdicts', () => {
  it('pairs only on shared units: units one side lacks never count', () => {
    const a = evals('a', { ...all(ids(8), 100), ...all(ids(5, 50), 0) });
    const b = evals('b', { ...all(ids(8), 0), ...all(ids(7, 80), 100) });
    expect(sharedUnits(a, b)).toBe(8);
    const [row] = compareData([[a, b]]);
    expect(row!.n).toBe(8);
    expect(row!.a).toBe(100);
    expect(row!.b).toBe(0);
  });

  it('below the minimum: numbers shown, no interval, no test, no verdict, and the reason', () => {
    const a = evals('a', all(ids(4), 100));
    const b = evals('b', all(ids(4), 0));
    const [row] = compareData([[a, b]]);
    expect(row).toMatchObject({ n: 4, a: 100, b: 0, diff: 100, p: null, pAdj: null, verdict: 'insufficient' });
    expect(Number.isNaN(row!.lo) && Number.isNaN(row!.hi)).toBe(true);
    expect(row!.reason).toBe('only 4 shared evals: a verdict needs at least 5');
    const html = compareTablesHtml({ slug: 'a', name: 'A-model · h 1' }, { slug: 'b', name: 'B-model · h 1' }, [row!], '/');
    expect(html).not.toContain('is better');
    expect(html).toContain('too few shared units');
  });

  it('a single shared unit never gives a verdict (no zero-width interval verdicts)', () => {
    const [row] = compareData([[evals('a', { e1: 100 }, 1), evals('b', { e1: 0 }, 5)]]);
    expect(row!.verdict).toBe('insufficient'); // the larger minimum of the two files applies
  });

  it('binary rows need McNemar too: 5 evals all won is significant by bootstrap, not by McNemar (p = 1/16)', () => {
    const [five] = compareData([[evals('a', all(ids(5), 100)), evals('b', all(ids(5), 0))]]);
    expect(five!.mcnemar).toMatchObject({ b: 5, c: 0, n: 5, pairs: 5 });
    expect(five!.mcnemar!.p).toBeCloseTo(0.0625, 12);
    expect(five!.pBoot!).toBeLessThan(0.01);
    expect(five!.p).toBe(five!.mcnemar!.p); // the larger of the two
    expect(five!.verdict).toBe('tie');
    const [six] = compareData([[evals('a', all(ids(6), 100)), evals('b', all(ids(6), 0))]]);
    expect(six!.mcnemar!.p).toBeCloseTo(0.03125, 12);
    expect(six!.verdict).toBe('a');
    expect(six!.lo).toBeGreaterThan(0);
  });

  it('Holm over every tested row of the page, across benchmarks', () => {
    const a1 = evals('a', all(ids(6), 100));
    const b1 = evals('b', all(ids(6), 0));
    const a2 = { ...evals('a', all(ids(7), 100)), benchmark: 'y', name: 'Y' };
    const b2 = { ...evals('b', all(ids(7), 0)), benchmark: 'y', name: 'Y' };
    const rows = compareData([[a1, b1], [a2, b2]]);
    expect(rows).toHaveLength(2);
    const adj = holmAdjust(rows.map((r) => r.p));
    expect(rows.map((r) => r.pAdj)).toEqual(adj);
    // p = 1/32 (6 evals) and 1/64 (7 evals): Holm gives 2 · 1/64 = 1/32 and max(1/32, 1 · 1/32) = 1/32.
    expect(rows[0]!.pAdj).toBeCloseTo(1 / 32, 12);
    expect(rows[1]!.pAdj).toBeCloseTo(1 / 32, 12);
    // Alone, six won evals pass at 0.05; with 20 tested rows on the page, they would not.
    expect(holmAdjust([rows[0]!.p, ...Array<number>(19).fill(0.5)])[0]).toBeGreaterThan(0.05);
  });

  it('verdicts name the entry (model · harness), never "A better"', () => {
    const rows = compareData([[evals('a', all(ids(6), 0)), evals('b', all(ids(6), 100))]]);
    expect(rows[0]!.verdict).toBe('b');
    const html = compareTablesHtml({ slug: 'a', name: 'Acme-VLM-7B · lmms-eval 0.3' }, { slug: 'b', name: 'Acme-VLM-7B · medvision_bm 1.2.0' }, rows, '/');
    expect(html).toContain('Acme-VLM-7B · medvision_bm 1.2.0 is better');
    expect(html).not.toMatch(/\b[AB] better/);
    expect(html).toContain('data-holm="1"');
  });

  it('the JSON round trip (what the client page reads) gives identical rows, failures included', () => {
    const a = evals('a', { ...all(ids(20), 60), e03: 20 });
    const b = evals('b', { ...all(ids(20), 40), e07: 90 });
    a.blocks[0]!.values[5] = null; // a failure
    b.blocks[0]!.values[9] = -0;
    const mv = (entry: string, shift: number): CompareData => ({
      version: 1, benchmark: 'm', name: 'M', entry, unit: 'samples', minUnits: 3, metrics: [DEF], strata: ['g1', 'g2'],
      blocks: [{ id: 'c1', keys: ids(12), values: ids(12).map((_, i) => (i === 4 ? null : i + shift)), strata: ids(12).map((_, i) => (i === 0 ? -1 : i % 2)) }],
      scopes: [
        { task: 'summary', metric: 'acc', method: 'weighted-skip-empty', blocks: ['c1'], stratify: 'strata', seed: 'test/m' },
        { task: 'c1', metric: 'acc', method: 'pooled', blocks: ['c1'], stratify: 'none', seed: 'test/m/c1' },
      ],
    });
    const pairs: [CompareData, CompareData][] = [[a, b], [mv('a', 0.5), mv('b', 0)]];
    const direct = compareData(pairs);
    const viaJson = compareData(pairs.map(([x, y]) => [parseCompareData(JSON.stringify(x)), parseCompareData(JSON.stringify(y))]));
    expect(viaJson).toEqual(direct);
    expect(direct.find((r) => r.task === 'summary')!.n).toBe(11); // the unit without a stratum is left out
    expect(direct.find((r) => r.task === 'c1')!.n).toBe(12);
  });

  it('pairs on the same units draw the same resamples: one draw per entry, whatever its values', () => {
    const mv = (entry: string, value: (i: number) => number | null): CompareData => ({
      version: 1, benchmark: 'm', name: 'M', entry, unit: 'samples', minUnits: 3, metrics: [DEF], strata: ['g1', 'g2'],
      blocks: [{ id: 'c1', keys: ids(40), values: ids(40).map((_, i) => value(i)), strata: ids(40).map((_, i) => i % 2) }],
      scopes: [{ task: 'summary', metric: 'acc', method: 'weighted-skip-empty', blocks: ['c1'], stratify: 'strata', seed: 'test/same-units' }],
    });
    const a = mv('a', (i) => (i * 7) % 11);
    const b = mv('b', (i) => (i * 5) % 13);
    const nudged = mv('b2', (i) => (i === 17 ? 0.25 : (i * 5) % 13)); // b with one value nudged
    const c = mv('c', (i) => (i % 3 === 0 ? null : i / 4));
    const pairs: [CompareData, CompareData][] = [[a, b], [a, nudged], [a, c], [b, c], [nudged, c]];
    // Off until the build asks (the client page keeps nothing).
    const fresh = compareData(pairs);
    expect(sideMemoSize().sides).toBe(0);
    keepBootstrapSides();
    try {
      const rows = compareData(pairs);
      expect(rows.every((r) => r.replicates > 0 && Number.isFinite(r.lo))).toBe(true);
      // Seeds named by the values would draw every pair afresh: 10 sides, not 4.
      expect(sideMemoSize().sides).toBe(4);
      // Reused sides give the numbers drawn afresh; and a pair's interval is its own: computed alone, the same.
      expect(rows).toEqual(fresh);
      const interval = ({ diff, lo, hi, pBoot, replicates }: (typeof rows)[number]) => ({ diff, lo, hi, pBoot, replicates });
      expect(interval(compareData([[a, nudged]])[0]!)).toEqual(interval(rows[1]!));
    } finally {
      keepBootstrapSides(false);
    }
    expect(sideMemoSize().sides).toBe(0);
  });

  it('canonical pair order: code units, whatever was picked first', () => {
    expect(canonicalPair('b~x', 'a~y')).toEqual(['a~y', 'b~x']);
    expect(canonicalPair('Z', 'a')).toEqual(['Z', 'a']);
  });
});
