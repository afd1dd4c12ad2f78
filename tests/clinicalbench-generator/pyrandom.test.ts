import { describe, expect, it } from 'vitest';
import { PyRandom } from '../../src/benchmarks/clinicalbench/scorer/pyrandom';

// Expected values are CPython 3.11 outputs copied from ../shared/conformance/clinicalbench/python-random.json.

describe('PyRandom seeding and raw words', () => {
  it('getrandbits(32) returns the tempered MT19937 words for seed 0', () => {
    const rng = new PyRandom(0);
    expect([0, 1, 2, 3].map(() => rng.getrandbits(32))).toEqual([3626764237, 1654615998, 3255389356, 3823568514]);
  });

  it('random() combines two words (seed 1)', () => {
    const rng = new PyRandom(1);
    expect([rng.random(), rng.random(), rng.random()]).toEqual([0.13436424411240122, 0.8474337369372327, 0.763774618976614]);
    expect(rng.wordsConsumed).toBe(6);
  });

  it('seeds with |seed|: −42 gives the same stream as 42', () => {
    for (const seed of [42, -42]) {
      const rng = new PyRandom(seed);
      expect(rng.random()).toBe(0.6394267984578837);
      expect(rng.getrandbits(32)).toBe(107420369);
      expect(rng.randint(1, 100)).toBe(95);
    }
  });

  it('seeds beyond 2^53 go through BigInt words', () => {
    const rng = new PyRandom(12345678901234567890n);
    const shuffled = Array.from({ length: 700 }, (_, i) => i);
    rng.shuffle(shuffled);
    expect(shuffled.slice(0, 5)).toEqual([135, 656, 349, 588, 103]);
    expect(rng.random()).toBe(0.4905313343202651);
  });
});

describe('PyRandom integer draws', () => {
  it('getrandbits covers every width class (seed 42)', () => {
    const rng = new PyRandom(42);
    expect([1, 2, 7, 8, 31, 32, 33, 53].map((k) => rng.getrandbits(k))).toEqual([
      1, 0, 3, 189, 590620971, 1051802512, 958682846, 923193498493097,
    ]);
  });

  it('getrandbits(0) is 0 and consumes nothing', () => {
    const rng = new PyRandom(7);
    expect(rng.getrandbits(0)).toBe(0);
    expect(rng.wordsConsumed).toBe(0);
  });

  it('randint edges consume words even for a single value (seed 20260402)', () => {
    const rng = new PyRandom(20260402);
    expect([rng.randint(5, 5), rng.randint(0, 0), rng.randint(-3, 3), rng.randint(0, 1), rng.randint(0, 854)]).toEqual([5, 0, 2, 0, 261]);
    expect(rng.randint(95, 175)).toBe(125);
    expect(rng.randint(0, 4294967295)).toBe(1666051857);
    expect(rng.randint(0, 4294967296)).toBe(1429898245);
  });

  it('randrange forms, negative steps and bigint ranges (seed −42)', () => {
    const rng = new PyRandom(-42);
    expect([rng.randrange(10), rng.randrange(1), rng.randrange(3, 20), rng.randrange(0, 100, 7), rng.randrange(100, 0, -3), rng.randrange(-5, 5, 2)]).toEqual([
      1, 0, 11, 21, 58, -3,
    ]);
    expect(rng.randrangeBig(0n, 18446744073709551616n, 3n)).toBe(2836053334075122171n);
    expect(rng.randrangeBig(9007199254740992n, 9007199254741002n)).toBe(9007199254741000n);
  });

  it('handles ranges touching ±(2^53 − 1) (values from CPython 3.11, seed 5)', () => {
    const rng = new PyRandom(5);
    expect(rng.randint(-(2 ** 53 - 1), 2 ** 53 - 1)).toBe(-4405508488922042);
    expect(rng.randint(2 ** 53 - 3, 2 ** 53 - 1)).toBe(9007199254740991);
    expect(rng.randrange(-(2 ** 53 - 1), 2 ** 53 - 1, 7)).toBe(-8092793371830268);
    expect(rng.randrange(2 ** 53 - 1)).toBe(4193957569433087);
  });

  it('rejects empty ranges like Python', () => {
    const rng = new PyRandom(1);
    expect(() => rng.randrange(0)).toThrow(RangeError);
    expect(() => rng.randrange(5, 5)).toThrow(RangeError);
    expect(() => rng.randrange(0, 10, 0)).toThrow(RangeError);
    expect(() => rng.choice([])).toThrow(RangeError);
  });
});

describe('PyRandom sequence helpers', () => {
  it('weighted choices bisect the float running sum (big seed)', () => {
    const rng = new PyRandom(1267650600228229401496703217721n);
    expect(rng.choices(['I', 'II', 'III', 'IV'], [0.24, 0.28, 0.28, 0.2], 1)).toEqual(['II']);
    const ethnicities = ['White', 'Black', 'Hispanic', 'Asian', 'Native American', 'Pacific Islander'];
    expect(rng.choices(ethnicities, [0.28, 0.19, 0.2, 0.18, 0.1, 0.05], 1)).toEqual(['Black']);
    expect(rng.choices(ethnicities, [0.68, 0.08, 0.08, 0.08, 0.05, 0.03], 1)).toEqual(['Black']);
    expect(rng.choices(ethnicities, [0.5, 0.16, 0.15, 0.12, 0.04, 0.03], 1)).toEqual(['White']);
    expect(rng.choices(['I', 'II', 'III', 'IV'], [0.24, 0.28, 0.28, 0.2], 8)).toEqual(['I', 'IV', 'I', 'II', 'IV', 'I', 'IV', 'III']);
    expect(rng.choices(['a', 'b', 'c'], [1, 2, 3], 5)).toEqual(['c', 'b', 'c', 'c', 'b']);
    expect(rng.choices(['z0', 'x', 'z1', 'y'], [0, 1, 0, 2], 6)).toEqual(['y', 'x', 'y', 'y', 'y', 'y']);
  });

  it('unweighted choices use floor(random()·n) (seed 999)', () => {
    const rng = new PyRandom(999);
    expect(rng.choices([0, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6], null, 1)).toEqual([4]);
    expect(rng.choices([0, 0, 1, 1, 1, 2, 2, 3, 4], null, 1)).toEqual([0]);
    expect(rng.choices([0, 0, 0, 0, 1, 2, 3, 4, 6, 8], null, 1)).toEqual([6]);
    expect(rng.choices(['p', 'q', 'r'], null, 10)).toEqual(['q', 'q', 'p', 'r', 'p', 'r', 'r', 'p', 'r', 'p']);
  });

  it('sample switches between pool and set algorithms at setsize (seed 3)', () => {
    const rng = new PyRandom(3);
    const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
    expect(rng.sample(range(21), 5)).toEqual([7, 18, 17, 4, 11]); // pool
    expect(rng.sample(range(22), 5)).toEqual([19, 15, 20, 18, 2]); // set
    expect(rng.sample(range(85), 6)).toEqual([77, 1, 60, 33, 70, 29]); // pool
    expect(rng.sample(range(86), 6)).toEqual([24, 60, 69, 70, 50, 81]); // set
  });

  it('shuffle swaps from the end with randbelow(i+1) (seed 2)', () => {
    const rng = new PyRandom(2);
    const lists: unknown[][] = [[], ['x'], [1, 2], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]];
    for (const list of lists) rng.shuffle(list);
    expect(lists).toEqual([[], ['x'], [2, 1], [7, 0, 3, 4, 2, 8, 6, 5, 9, 1]]);
  });

  it('uniform is a + (b−a)·random(), b < a allowed (seed 65536)', () => {
    const rng = new PyRandom(65536);
    expect([rng.uniform(0.06, 0.12), rng.uniform(0.05, 0.1), rng.uniform(-1, 1), rng.uniform(5, 2)]).toEqual([
      0.08496266249173341, 0.09658812499846191, 0.2721578043132644, 3.726539304152477,
    ]);
  });
});

// gauss() is the one inexact comparison in this file, and on purpose: CPython's random.gauss computes
// cos(2πu)·sqrt(−2·log(1−v)) with the platform libm (glibc), our port with V8's Math.cos/sin/log. Neither
// is required to be correctly rounded, so the two may differ in the last bits. Everything fed to the
// libm calls (the Mersenne Twister words, random(), the cached-pair bookkeeping) is compared exactly.
describe('PyRandom gauss', () => {
  it('caches the second value and serves it with the next call’s mu/sigma (seed 123)', () => {
    const rng = new PyRandom(123);
    expect(rng.gauss(0, 1)).toBeCloseTo(0.40422843322466656, 12);
    expect(rng.gaussPending).toBe(true);
    const wordsAfterPair = rng.wordsConsumed;
    expect(rng.gauss(0, 1)).toBeCloseTo(0.13801139264830412, 12);
    expect(rng.wordsConsumed).toBe(wordsAfterPair);
    expect(rng.gauss(58, 11)).toBeCloseTo(53.61556805257034, 10);
    expect(rng.random()).toBe(0.9011988779516946);
    expect(rng.gauss(210, 60)).toBeCloseTo(225.76487934159616, 9);
    expect(rng.gauss(26, 5)).toBeCloseTo(32.02076391847271, 10);
    expect(rng.gauss(26, 5)).toBeCloseTo(27.471636664592836, 10);
    expect(rng.randint(1, 6)).toBe(3);
  });

  it('seeding clears the cache', () => {
    const rng = new PyRandom(123);
    rng.gauss();
    rng.seed(123);
    expect(rng.gaussPending).toBe(false);
    expect(rng.gauss(0, 1)).toBeCloseTo(0.40422843322466656, 12);
  });
});
