/** Seeded randomness for the demo generators: the stats module's mulberry32 and FNV-1a seed hash. */
import { mulberry32, seedFrom } from './stats/rng';

export { mulberry32 };
export const hashSeed = seedFrom;

export function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}
