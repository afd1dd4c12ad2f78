// Which compare pages are pre-rendered (bundled demo data), and the verdict minimum on real rows.
// The neighbour rule itself: tests/core/compare-neighbours.test.ts.
import { describe, expect, it } from 'vitest';
import { compareEntries } from '../../src/board/models';
import { allBoards } from '../../src/board/boards';
import { comparePair, comparePairs, pairSharedUnits } from '../../src/board/compare';

describe('pre-rendered compare pairs', () => {
  it('only pairs that share units get a page; pairs without shared units get none', async () => {
    const entries = await compareEntries();
    const pre = await comparePairs(entries, await allBoards());
    expect(pre.length).toBeGreaterThan(0);
    const preKeys = new Set(pre.map(([a, b]) => `${a.slug} ${b.slug}`));
    let unshared = 0;
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        const [a, b] = [entries[i]!, entries[j]!].sort((x, y) => (x.slug < y.slug ? -1 : 1));
        if ((await pairSharedUnits(a!, b!)) === 0) {
          unshared++;
          expect(preKeys.has(`${a!.slug} ${b!.slug}`), `${a!.slug} vs ${b!.slug}`).toBe(false);
        }
      }
    }
    expect(unshared).toBeGreaterThan(0); // e.g. a latch entry and a MedVision entry
    for (const [a, b] of pre) expect(await pairSharedUnits(a, b)).toBeGreaterThan(0);
  });

  it('no verdict rests on fewer than the minimum of shared units; rows below it say so', async () => {
    const entries = await compareEntries();
    let verdicts = 0;
    let below = 0;
    for (const [a, b] of await comparePairs(entries, await allBoards())) {
      for (const d of (await comparePair(a, b)).diffs) {
        if (d.verdict === 'a' || d.verdict === 'b') {
          verdicts++;
          expect(d.n).toBeGreaterThanOrEqual(d.minUnits);
          expect(d.pAdj!).toBeLessThan(0.05);
          expect(d.lo > 0 || d.hi < 0).toBe(true);
        }
        if (d.n < d.minUnits) {
          below++;
          expect(d.verdict).toBe('insufficient');
          expect(d.p).toBeNull();
          expect(d.reason).toMatch(/needs at least/);
        }
      }
    }
    expect(verdicts).toBeGreaterThan(0);
    expect(below).toBeGreaterThan(0); // latch per-task rows: 1–2 shared evals
  });
});
