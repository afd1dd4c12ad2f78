/**
 * MT19937 exactly as CPython's `_randommodule.c` runs it (init_genrand / init_by_array /
 * genrand_uint32). Counts the 32-bit words it hands out, which the conformance vectors pin.
 */

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

export class Mt19937 {
  private readonly state = new Uint32Array(N);
  private index = N + 1;
  /** 32-bit words drawn since the last seeding. */
  wordsDrawn = 0;

  private initGenrand(seed: number): void {
    const mt = this.state;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + i) >>> 0;
    }
    this.index = N;
  }

  /** CPython seeds every int through this, with the key = |seed| as little-endian 32-bit words. */
  initByArray(key: readonly number[]): void {
    const mt = this.state;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.index = N;
    this.wordsDrawn = 0;
  }

  private twist(): void {
    const mt = this.state;
    let kk = 0;
    for (; kk < N - M; kk++) {
      const y = (mt[kk]! & UPPER_MASK) | (mt[kk + 1]! & LOWER_MASK);
      mt[kk] = mt[kk + M]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    for (; kk < N - 1; kk++) {
      const y = (mt[kk]! & UPPER_MASK) | (mt[kk + 1]! & LOWER_MASK);
      mt[kk] = mt[kk + (M - N)]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    const y = (mt[N - 1]! & UPPER_MASK) | (mt[0]! & LOWER_MASK);
    mt[N - 1] = mt[M - 1]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    this.index = 0;
  }

  /** Next tempered 32-bit word as an unsigned number. */
  nextUint32(): number {
    if (this.index >= N) this.twist();
    let y = this.state[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    this.wordsDrawn++;
    return y >>> 0;
  }
}
