import { bisectRight } from './bisect';
import { Mt19937 } from './mt19937';
import { bitLength, bitLengthBig, floorDivBig, type PyInt, toBigInt } from './py-int';
import { intSeedKey } from './seed-key';

const TWO_POW_26 = 67108864;
const TWO_POW_32 = 0x100000000;
const TWO_POW_53 = 2 ** 53;
const TWO_PI = 2 * Math.PI;

/**
 * CPython 3.11's `random.Random` for int seeds: same words, same draws, same results.
 * Number methods stay on doubles; the `Big` variants take and return bigints.
 */
export class PyRandom {
  private readonly mt = new Mt19937();
  private gaussNext: number | null = null;

  constructor(seed: PyInt) {
    this.seed(seed);
  }

  seed(seed: PyInt): void {
    this.mt.initByArray(intSeedKey(seed));
    this.gaussNext = null;
  }

  /** MT words consumed since seeding (random() = 2, randbelow(n ≤ 2^32) = 1 per try). */
  get wordsConsumed(): number {
    return this.mt.wordsDrawn;
  }

  /** Whether gauss() holds a cached second value. */
  get gaussPending(): boolean {
    return this.gaussNext !== null;
  }

  random(): number {
    const a = this.mt.nextUint32() >>> 5;
    const b = this.mt.nextUint32() >>> 6;
    return (a * TWO_POW_26 + b) / TWO_POW_53;
  }

  /** `getrandbits(k)`: a number for k ≤ 53, a bigint above. */
  getrandbits(k: number): PyInt {
    if (k <= 53) return this.getrandbitsNumber(k);
    return this.getrandbitsBig(k);
  }

  private getrandbitsNumber(k: number): number {
    if (!Number.isInteger(k) || k < 0) throw new RangeError('number of bits must be non-negative');
    if (k === 0) return 0;
    if (k <= 32) return this.mt.nextUint32() >>> (32 - k);
    const low = this.mt.nextUint32();
    const high = this.mt.nextUint32() >>> (64 - k);
    return high * TWO_POW_32 + low;
  }

  getrandbitsBig(k: number): bigint {
    if (!Number.isInteger(k) || k < 0) throw new RangeError('number of bits must be non-negative');
    let result = 0n;
    let shift = 0n;
    for (let remaining = k; remaining > 0; remaining -= 32) {
      let word = this.mt.nextUint32();
      if (remaining < 32) word >>>= 32 - remaining;
      result |= BigInt(word) << shift;
      shift += 32n;
    }
    return result;
  }

  /** `_randbelow(n)` for a positive safe integer n: rejection sampling on bit_length(n) bits. */
  randbelow(n: number): number {
    const k = bitLength(n);
    let r = this.getrandbitsNumber(k);
    while (r >= n) r = this.getrandbitsNumber(k);
    return r;
  }

  randbelowBig(n: bigint): bigint {
    const k = bitLengthBig(n);
    let r = this.getrandbitsBig(k);
    while (r >= n) r = this.getrandbitsBig(k);
    return r;
  }

  /** `randrange` on safe integers; falls back to bigints internally when the range is wider. */
  randrange(start: number, stop?: number, step = 1): number {
    if (stop === undefined) {
      if (step !== 1) throw new TypeError('Missing a non-None stop argument');
      if (!Number.isSafeInteger(start)) return Number(this.randrangeBig(toBigInt(start)));
      if (start > 0) return this.randbelow(start);
      throw new RangeError('empty range for randrange()');
    }
    const width = stop - start;
    const safe = Number.isSafeInteger;
    // Stepped ranges divide; keep that exact by leaving wide ones to bigints.
    const wide = step !== 1 && (Math.abs(width) > 0x7fffffff || Math.abs(step) > 0x7fffffff);
    if (!safe(start) || !safe(stop) || !safe(step) || !safe(width) || wide) {
      return Number(this.randrangeBig(toBigInt(start), toBigInt(stop), toBigInt(step)));
    }
    if (step === 1) {
      if (width > 0) return start + this.randbelow(width);
      throw new RangeError(`empty range for randrange() (${start}, ${stop}, ${width})`);
    }
    let n: number;
    if (step > 0) n = Math.floor((width + step - 1) / step);
    else if (step < 0) n = Math.floor((width + step + 1) / step);
    else throw new RangeError('zero step for randrange()');
    if (n <= 0) throw new RangeError('empty range for randrange()');
    const r = this.randbelow(n);
    const offset = step * r;
    return Number.isSafeInteger(offset) ? start + offset : Number(BigInt(start) + BigInt(step) * BigInt(r));
  }

  randrangeBig(start: bigint, stop?: bigint, step = 1n): bigint {
    if (stop === undefined) {
      if (step !== 1n) throw new TypeError('Missing a non-None stop argument');
      if (start > 0n) return this.randbelowBig(start);
      throw new RangeError('empty range for randrange()');
    }
    const width = stop - start;
    if (step === 1n) {
      if (width > 0n) return start + this.randbelowBig(width);
      throw new RangeError(`empty range for randrange() (${start}, ${stop}, ${width})`);
    }
    let n: bigint;
    if (step > 0n) n = floorDivBig(width + step - 1n, step);
    else if (step < 0n) n = floorDivBig(width + step + 1n, step);
    else throw new RangeError('zero step for randrange()');
    if (n <= 0n) throw new RangeError('empty range for randrange()');
    return start + step * this.randbelowBig(n);
  }

  randint(a: number, b: number): number {
    // b + 1 leaves the safe range when b = 2^53 − 1.
    if (!Number.isSafeInteger(b + 1)) return Number(this.randintBig(toBigInt(a), toBigInt(b)));
    return this.randrange(a, b + 1);
  }

  randintBig(a: bigint, b: bigint): bigint {
    return this.randrangeBig(a, b + 1n);
  }

  choice<T>(seq: readonly T[]): T {
    if (seq.length === 0) throw new RangeError('Cannot choose from an empty sequence');
    return seq[this.randbelow(seq.length)]!;
  }

  /**
   * `choices(population, weights, k=k)`. Unweighted picks use floor(random()·n), not randbelow;
   * weighted picks bisect the float running sum of the weights.
   */
  choices<T>(population: readonly T[], weights: readonly number[] | null, k = 1): T[] {
    const n = population.length;
    const picks: T[] = [];
    if (weights === null) {
      for (let i = 0; i < k; i++) picks.push(population[Math.floor(this.random() * n)]!);
      return picks;
    }
    if (weights.length !== n) throw new RangeError('The number of weights does not match the population');
    const cumulative: number[] = [];
    let running = 0;
    for (const w of weights) {
      running += w;
      cumulative.push(running);
    }
    const total = cumulative[n - 1] ?? 0;
    if (!(total > 0)) throw new RangeError('Total of weights must be greater than zero');
    if (!Number.isFinite(total)) throw new RangeError('Total of weights must be finite');
    for (let i = 0; i < k; i++) picks.push(population[bisectRight(cumulative, this.random() * total, 0, n - 1)]!);
    return picks;
  }

  /** `sample(population, k)`: pool algorithm when n ≤ setsize, else rejection on a set. */
  sample<T>(population: readonly T[], k: number): T[] {
    const n = population.length;
    if (!Number.isInteger(k) || k < 0 || k > n) throw new RangeError('Sample larger than population or is negative');
    let setsize = 21;
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    const result: T[] = [];
    if (n <= setsize) {
      const pool = population.slice();
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        result.push(pool[j]!);
        pool[j] = pool[n - i - 1]!;
      }
      return result;
    }
    const selected = new Set<number>();
    for (let i = 0; i < k; i++) {
      let j = this.randbelow(n);
      while (selected.has(j)) j = this.randbelow(n);
      selected.add(j);
      result.push(population[j]!);
    }
    return result;
  }

  /** In-place `shuffle`. */
  shuffle<T>(list: T[]): void {
    for (let i = list.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const held = list[i]!;
      list[i] = list[j]!;
      list[j] = held;
    }
  }

  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }

  /** Box–Muller pair; the second value is cached and served with the next call's mu/sigma. */
  gauss(mu = 0, sigma = 1): number {
    let z = this.gaussNext;
    this.gaussNext = null;
    if (z === null) {
      const angle = this.random() * TWO_PI;
      const radius = Math.sqrt(-2 * Math.log(1 - this.random()));
      z = Math.cos(angle) * radius;
      this.gaussNext = Math.sin(angle) * radius;
    }
    return mu + z * sigma;
  }
}
