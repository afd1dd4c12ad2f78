import { type PyInt, toBigInt } from './py-int';

/**
 * CPython's `init_by_array` key for an int seed: |seed| split into 32-bit little-endian words,
 * at least one word (`[0]` for seed 0). The sign is dropped, so −s seeds like s.
 */
export function intSeedKey(seed: PyInt): number[] {
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) {
    const magnitude = Math.abs(seed);
    const low = magnitude % 0x100000000;
    const high = Math.floor(magnitude / 0x100000000);
    return high > 0 ? [low, high] : [low];
  }
  let rest = toBigInt(seed);
  if (rest < 0n) rest = -rest;
  const key: number[] = [];
  do {
    key.push(Number(rest & 0xffffffffn));
    rest >>= 32n;
  } while (rest > 0n);
  return key;
}
