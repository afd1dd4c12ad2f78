import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tQuantile, tQuantileDetail } from '../../src/core/stats/t-interval';
import { crAcos, crCos, crExp, crLog, crPow, crSin } from '../../src/core/stats/cr-libm';

interface Fixture {
  source: string;
  extraDfs: number[];
  levels: { p: number; df: '1-1000' | 'extra'; values: number[] }[];
}
const FIXTURE = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/t-quantile-scipy.json'), 'utf8')) as Fixture;

/** Signed distance in units in the last place (same sign, finite). */
function ulps(a: number, b: number): number {
  const f = new Float64Array([a, b]);
  const i = new BigInt64Array(f.buffer);
  return Number(i[0]! - i[1]!);
}

/**
 * The grid points where the port is NOT bit-identical to SciPy, with the measured cause. All were
 * diagnosed against Boost 1.89 compiled with SciPy's policy (which reproduces SciPy on all 34 000
 * points of the wider grid): `glibc-exp` / `glibc-pow` — Boost compiled against a correctly rounded
 * exp (resp. pow) gives our value, i.e. glibc 2.36's exp/pow are not correctly rounded for one
 * intermediate argument and the Halley step carries that ulp; `glibc-expm1` / `glibc-log1p` — V8's
 * fdlibm expm1/log1p (which agree with glibc on ~99.9 % of arguments) differ from glibc there.
 */
const KNOWN: Record<string, string> = {
  '118 0.975': 'glibc-exp', '124 0.975': 'glibc-pow', '205 0.975': 'glibc-pow', '73 0.025': 'glibc-exp',
  '118 0.025': 'glibc-exp', '118 0.05': 'glibc-exp', '118 0.95': 'glibc-exp', '124 0.9': 'glibc-pow',
  '118 0.1': 'glibc-exp', '496 0.995': 'glibc-pow', '648 0.995': 'glibc-pow', '41 0.85': 'glibc-pow',
  '118 0.85': 'glibc-exp', '124 0.85': 'glibc-pow', '118 0.999': 'glibc-exp', '118 0.999999': 'glibc-exp',
  '124 0.01': 'glibc-pow', '124 0.001': 'glibc-pow', '124 0.0001': 'glibc-pow', '118 0.123456789': 'glibc-exp',
  '124 0.123456789': 'glibc-pow', '124 0.987654321': 'glibc-pow',
  '29 0.99': 'glibc-expm1', '29 0.01': 'glibc-expm1', '70 0.9999': 'glibc-expm1', '87 0.9999': 'glibc-log1p',
  '153 0.99999': 'glibc-expm1', '31 0.9995': 'glibc-expm1',
};

describe('tQuantile against scipy.stats.t.ppf (SciPy 1.17.1)', () => {
  it('is bit-identical on the reference grid except the pinned, diagnosed points (each within 2 ulps)', () => {
    let exact = 0;
    let total = 0;
    const unexpected: string[] = [];
    const seenKnown = new Set<string>();
    for (const level of FIXTURE.levels) {
      const dfs = level.df === '1-1000' ? Array.from({ length: 1000 }, (_, i) => i + 1) : FIXTURE.extraDfs;
      dfs.forEach((df, i) => {
        const want = level.values[i]!;
        const got = tQuantile(level.p, df);
        const key = `${df} ${level.p}`;
        total++;
        if (Object.is(got, want)) exact++;
        else if (KNOWN[key] && Math.abs(ulps(got, want)) <= 2) seenKnown.add(key);
        else unexpected.push(`${key}: got ${got}, scipy ${want}`);
      });
    }
    expect(unexpected).toEqual([]);
    expect(total).toBe(16000);
    expect(exact).toBe(total - Object.keys(KNOWN).length);
    expect([...seenKnown].sort()).toEqual(Object.keys(KNOWN).sort());
  }, 60000);

  it('matches the values latch needs exactly (p = 0.975, df 1–30)', () => {
    const level = FIXTURE.levels.find((l) => l.p === 0.975)!;
    for (let df = 1; df <= 30; df++) expect(tQuantile(0.975, df)).toBe(level.values[df - 1]);
    expect(tQuantile(0.975, 30)).toBe(2.0422724563012378);
  });

  it('reports every branch taken as ported for integer df >= 1 and p in (0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), (df, p) => {
        const d = tQuantileDetail(p, df);
        expect(d.ported).toBe(true);
        expect(Number.isFinite(d.value)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('tQuantile properties (fast-check)', () => {
  it('is antisymmetric: q(1 − p) = −q(p) when 1 − p is exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 2 ** 30 - 1 }), (df, k) => {
        const p = k / 2 ** 30; // dyadic: 1 − p is exact
        expect(tQuantile(1 - p, df)).toBe(-tQuantile(p, df));
      }),
      { numRuns: 300 },
    );
  });

  it('is increasing in p (levels at least 1e-6 apart) and has the right sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1e-6, max: 1 - 2e-6, noNaN: true }), fc.double({ min: 1e-6, max: 0.5, noNaN: true }), (df, p, gap) => {
        const p2 = Math.min(p + gap, 1 - 1e-6);
        fc.pre(p2 - p >= 1e-6);
        const a = tQuantile(p, df);
        const b = tQuantile(p2, df);
        expect(a).toBeLessThan(b);
        if (p < 0.5) expect(a).toBeLessThan(0);
        if (p2 > 0.5) expect(b).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('handles the edges like Boost', () => {
    expect(tQuantile(0, 5)).toBe(-Infinity);
    expect(tQuantile(1, 5)).toBe(Infinity);
    expect(tQuantile(0.5, 7)).toBe(0);
    expect(tQuantile(1.5, 5)).toBeNaN();
    expect(tQuantile(0.9, 0)).toBeNaN();
  });
});

describe('cr-libm (correctly rounded stand-ins for glibc)', () => {
  it('returns the correctly rounded value where V8 and glibc are off (values from mpmath at 200 bits)', () => {
    expect(crExp(61.551183462142944)).toBe(5.386905192863029e26);
    expect(crCos(1.7796502776324747)).toBe(-0.20733889168223055);
    expect(crLog(1.1241868182413381)).toBe(0.11705994606018062);
    expect(crSin(0.44999490636944767)).toBe(0.4349609475607163);
    expect(crAcos(0.3248627185821533)).toBe(1.239929756747036);
  });
  it('agrees with Math.* to within an ulp', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1e300, noNaN: true }), fc.double({ min: -700, max: 700, noNaN: true }), (x, e) => {
        expect(Math.abs(ulps(crLog(x), Math.log(x)))).toBeLessThanOrEqual(1);
        expect(Math.abs(ulps(crExp(e), Math.exp(e)))).toBeLessThanOrEqual(1);
        const y = e / 1000;
        expect(Math.abs(ulps(crPow(x, y), Math.pow(x, y)))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });
});
