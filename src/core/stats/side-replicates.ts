/**
 * One side's replicates of a paired bootstrap, kept for the next pair that asks for the same side.
 *
 * A paired replicate is `combine(b) − combine(a)` over one set of drawn indices, and each
 * `combine` depends only on its own side's values and the draws, which depend only on the seed,
 * the group sizes and B. Compare seeds a pair from the units it shares (src/core/compare.ts), so
 * every pair on the same units draws the same indices, and an entry's side, while it is kept, is
 * not drawn again for its next pair (at `--scale 1` a pairs lane finds 64 % of the values it asks
 * for in kept sides, as many as an unbounded memo finds: docs/scaling.md). Subtracting the two sides' replicates is
 * bit-identical to drawing both sides in one loop (tests/core/bootstrap-kernels.test.ts).
 *
 * A side is looked up by (statistic, seed, B, group sizes) and reused only when every value
 * matches bit for bit: never trusted to a hash. The memo keeps at most `MAX_DOUBLES` numbers
 * (values and replicates: 96 MB), the least recently used sides leaving first. It is off until
 * `keepBootstrapSides()` (the build turns it on with its bootstrap memo): the client compare page
 * computes a pair or two and should not hold memory for more.
 */
import { stratifiedReplicates } from './bootstrap-kernels';
import type { GroupStat } from './group-stat';

const MAX_DOUBLES = 12_000_000;

interface Side {
  bucket: string;
  values: Float64Array;
  reps: Float64Array;
}

const buckets = new Map<string, Set<Side>>();
/** Every kept side, least recently used first. */
const order = new Set<Side>();
let kept = 0;
let keeping = false;

/** Keep sides from now on in this process (`false`: stop, and forget every kept side). */
export function keepBootstrapSides(on = true): void {
  keeping = on;
  if (!on) for (const side of order) forget(side);
}

const flat = (groups: readonly (readonly number[])[]): Float64Array => {
  const out = new Float64Array(groups.reduce((n, g) => n + g.length, 0));
  let i = 0;
  for (const g of groups) for (const v of g) out[i++] = v;
  return out;
};

function sameBits(x: Float64Array, y: Float64Array): boolean {
  if (x.length !== y.length) return false;
  const a = new Uint32Array(x.buffer, x.byteOffset, x.length * 2);
  const b = new Uint32Array(y.buffer, y.byteOffset, y.length * 2);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const doubles = (side: Side): number => side.values.length + side.reps.length;

function forget(side: Side): void {
  order.delete(side);
  const bucket = buckets.get(side.bucket)!;
  bucket.delete(side);
  if (bucket.size === 0) buckets.delete(side.bucket);
  kept -= doubles(side);
}

/** `stratifiedReplicates(groups, stat, seed, B)`, reused while an identical side is kept. Do not modify the result. */
export function sideReplicates(groups: readonly (readonly number[])[], stat: GroupStat, seed: number, B: number): Float64Array {
  if (!keeping) return stratifiedReplicates(groups, stat, seed, B);
  const key = `${stat}|${seed >>> 0}|${B}|${groups.map((g) => g.length).join(',')}`;
  const values = flat(groups);
  for (const side of buckets.get(key) ?? []) {
    if (!sameBits(side.values, values)) continue;
    order.delete(side);
    order.add(side);
    return side.reps;
  }
  const side: Side = { bucket: key, values, reps: stratifiedReplicates(groups, stat, seed, B) };
  const size = doubles(side);
  if (size > MAX_DOUBLES) return side.reps;
  for (const old of order) {
    if (kept + size <= MAX_DOUBLES) break;
    forget(old);
  }
  let bucket = buckets.get(key);
  if (!bucket) buckets.set(key, (bucket = new Set()));
  bucket.add(side);
  order.add(side);
  kept += size;
  return side.reps;
}

/** How many sides and numbers the memo keeps (for tests). */
export const sideMemoSize = (): { sides: number; doubles: number } => ({ sides: order.size, doubles: kept });
