/**
 * The bootstraps' draw loops in WebAssembly (../wasm/bootstrap-draws.wat): the same draws and the
 * same additions in the same order as the JavaScript loops of ./bootstrap-kernels.ts, with four
 * draws' indices computed at once by SIMD. The kernel writes each replicate's group sums; the
 * statistic is combined here in JavaScript, by the same `combine`.
 *
 * Each call lays its inputs out from the start of the kernel's memory (growing it when needed):
 * the group table, the outputs, the values (non-finite ones as 0), the 0/1 finite flags of the
 * groups that need them. Used only for groups of at most 2²¹ values (the kernel's index is exact
 * there) and, by default, for bootstraps of at least `MIN_DRAWS` draws whose groups hold at least
 * `MIN_MEAN_GROUP` values on average: below that, laying out costs more than it saves, and each
 * group's few draws cost more in the kernel than in the JavaScript loop (a microbenchmark here:
 * groups of 2–3 values slower by up to 1.5×, of 5 about even, of 20 and more ≈ 2× faster).
 * Where WebAssembly SIMD is missing (a `--jitless` Node, a page whose Content-Security-Policy
 * forbids WebAssembly) the JavaScript loops draw.
 */
import { combine, type GroupStat, type GroupSums } from './group-stat';

/** ../wasm/bootstrap-draws.wat compiled by wabt (tests/core/bootstrap-kernels.test.ts rebuilds it and compares). */
export const BOOTSTRAP_DRAWS_WASM = 'AGFzbQEAAAABMQdgAXsBe2ACe3sBe2ABfwF/YAN/f38BfGAFf39/f38AYAR/f39/AGAHf39/f39/fwADCQgAAQIDBAUGBgUDAQABBgsCfwFBAAt/AUEACwcuBQZtZW1vcnkCAAVzdGF0ZQMACnN0cmF0aWZpZWQABARtZWFuAAUFY3Jvc3MABwr3CAhIAQF7IAAgAEEP/a0B/VEgAEEB/RH9UP21ASEBIAEgASABIAFBB/2tAf1RIAFBPf0R/VD9tQH9rgH9USEBIAEgAUEO/a0B/VELIgAgACAB/d4BIAAgAf3fAf0NBAUGBwwNDg8UFRYXHB0eHwtOAQF/IwBB9fOt6QZqJAAjACEBIAEgAUEPdnMgAUEBcmwhASABIAEgASABQQd2cyABQT1ybGpzIQEgASABQQ52cyEBIAGtIACtfkIgiKcLqwIEAXwBfwR7An8gAv0RIQYjAP0R/Qz1eStt6vNW2t9tgkfU5620/a4BIQUCQANAIAlBBGogAksNASAFEAAgBhABIQcgB0ED/asBIAD9Ef2uASEIIAMgCP0bACsDAKAhAyADIAj9GwErAwCgIQMgAyAI/RsCKwMAoCEDIAMgCP0bAysDAKAhAyABBEAgByAB/RH9rgEhCCAEIAj9GwAtAAAgCP0bAS0AAGogCP0bAi0AACAI/RsDLQAAampqIQQLIAVB1M+3pXv9Ef2uASEFIAlBBGohCQwACwsgBf0bAEH1863pBmskAAJAA0AgCSACTw0BIAIQAiEKIAMgACAKQQN0aisDAKAhAyABBEAgBCABIApqLQAAaiEECyAJQQFqIQkMAAsLIAQkASADC3YBBX8CQANAIAUgAk8NAUEAIQYCQANAIAYgAU8NASAAIAZBDGxqIQcgBygCBCEIIAcoAgghCSADIAcoAgAgCCAJEAM5AwAgBCMBIAkgCBs2AgAgA0EIaiEDIARBBGohBCAGQQFqIQYMAAsLIAVBAWohBQwACwsLMgEBfwJAA0AgBCACTw0BIAMgAEEAIAEQAyABuKM5AwAgA0EIaiEDIARBAWohBAwACwsLagEBfyACIABBAnRqKAIAQQJ0IQcgBSAHaiAFIAdqKAIAQQFqNgIAIAQgB0EBdGogBCAHQQF0aisDACABIABBA3RqKwMAoDkDACAGIAdqIAYgB2ooAgAgAwR/IAMgAGotAAAFQQELajYCAAv3AgIIfwN7AkADQCAHIANPDQEgBEEAIAJBA3T8CwAgBUEAIAJBAnT8CwAgBkEAIAJBAnT8CwBBACEIAkADQCAIIAFPDQEgACAIQQR0aiEJIAkoAgAhCiAJKAIEIQsgCSgCCCEMIAkoAgwhDSAN/REhECMA/RH9DPV5K23q81ba322CR9TnrbT9rgEhD0EAIQ4CQANAIA5BBGogDUsNASAPEAAgEBABIREgEf0bACAKIAsgDCAEIAUgBhAGIBH9GwEgCiALIAwgBCAFIAYQBiAR/RsCIAogCyAMIAQgBSAGEAYgEf0bAyAKIAsgDCAEIAUgBhAGIA9B1M+3pXv9Ef2uASEPIA5BBGohDgwACwsgD/0bAEH1863pBmskAAJAA0AgDiANTw0BIA0QAiAKIAsgDCAEIAUgBhAGIA5BAWohDgwACwsgCEEBaiEIDAALCyAEIAJBA3RqIQQgBSACQQJ0aiEFIAYgAkECdGohBiAHQQFqIQcMAAsLCw==';

export interface DrawKernel {
  memory: WebAssembly.Memory;
  state: WebAssembly.Global;
  stratified(table: number, k: number, B: number, outSum: number, outFin: number): void;
  mean(vals: number, n: number, B: number, out: number): void;
  cross(table: number, m: number, G: number, B: number, outSum: number, outN: number, outFin: number): void;
}

/** The largest group the kernel draws from: u · n < 2⁵³ for every uint32 u. */
export const MAX_GROUP = 1 << 21;
const MIN_DRAWS = 1 << 12;
const MIN_MEAN_GROUP = 8;
const PAGE = 1 << 16;

let kernel: DrawKernel | null | undefined;

function load(): DrawKernel | null {
  if (kernel !== undefined) return kernel;
  try {
    const bytes = Uint8Array.from(atob(BOOTSTRAP_DRAWS_WASM), (c) => c.charCodeAt(0));
    kernel = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as DrawKernel;
  } catch {
    kernel = null;
  }
  return kernel;
}

/** Which loops draw: the kernel where it pays (`auto`), or always one of them (the tests run both). */
export type DrawMode = 'auto' | 'wasm' | 'js';
let mode: DrawMode = 'auto';
export function setDrawMode(m: DrawMode): void {
  mode = m;
}

/** A bootstrap's size: `replicates` times its `total` values, in `groups` groups (or strata), the largest of `largest` values. */
export interface DrawShape {
  total: number;
  groups: number;
  largest: number;
  replicates: number;
}

/** The kernel for a bootstrap of this shape, or undefined for the JavaScript loops. */
export function drawKernel({ total, groups, largest, replicates }: DrawShape): DrawKernel | undefined {
  if (mode === 'js' || largest > MAX_GROUP) return undefined;
  if (mode === 'auto' && (total * replicates < MIN_DRAWS || total < MIN_MEAN_GROUP * groups)) return undefined;
  const k = load();
  if (!k && mode === 'wasm') throw new Error('the bootstrap draw kernel did not load (no WebAssembly SIMD here)');
  return k ?? undefined;
}

/** Byte offsets handed out from 0, each aligned to 8. */
function layout() {
  let end = 0;
  return {
    take(bytes: number): number {
      const at = end;
      end += Math.ceil(bytes / 8) * 8;
      return at;
    },
    get end() {
      return end;
    },
  };
}

function reserve(k: DrawKernel, bytes: number): ArrayBuffer {
  const have = k.memory.buffer.byteLength;
  if (have < bytes) k.memory.grow(Math.ceil((bytes - have) / PAGE));
  return k.memory.buffer;
}

/**
 * Writes `values` at `at` with every non-finite one as 0; if there is one, the group's flags at
 * `flagsAt` (1 finite, 0 not) and returns `flagsAt`, else 0 (the kernel's "all finite").
 */
function putValues(buf: ArrayBuffer, values: ArrayLike<number>, at: number, flagsAt: number): number {
  const n = values.length;
  const out = new Float64Array(buf, at, n);
  let flags: Uint8Array | undefined;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v === v && v !== Infinity && v !== -Infinity) out[i] = v;
    else {
      out[i] = 0;
      (flags ??= new Uint8Array(buf, flagsAt, n).fill(1))[i] = 0;
    }
  }
  return flags ? flagsAt : 0;
}

/** `stratifiedReplicates` of ./bootstrap-kernels.ts, drawn by the kernel. */
export function stratifiedByKernel(k: DrawKernel, groups: readonly (readonly number[])[], stat: GroupStat, seed: number, B: number): Float64Array {
  const G = groups.length;
  const mem = layout();
  const table = mem.take(12 * G);
  const outSum = mem.take(8 * B * G);
  const outFin = mem.take(4 * B * G);
  const valsAt = groups.map((g) => mem.take(8 * g.length));
  const flagsAt = groups.map((g) => mem.take(g.length));
  const buf = reserve(k, mem.end);
  const entries = new Int32Array(buf, table, 3 * G);
  for (let g = 0; g < G; g++) {
    entries[3 * g] = valsAt[g]!;
    entries[3 * g + 1] = putValues(buf, groups[g]!, valsAt[g]!, flagsAt[g]!);
    entries[3 * g + 2] = groups[g]!.length;
  }
  k.state.value = seed | 0;
  k.stratified(table, G, B, outSum, outFin);
  const sumOut = new Float64Array(buf, outSum, B * G);
  const finOut = new Int32Array(buf, outFin, B * G);
  const sums: GroupSums = { sum: new Float64Array(G), finite: new Int32Array(G), n: Int32Array.from(groups, (g) => g.length) };
  const reps = new Float64Array(B);
  for (let r = 0, o = 0; r < B; r++) {
    for (let g = 0; g < G; g++, o++) {
      sums.sum[g] = sumOut[o]!;
      sums.finite[g] = finOut[o]!;
    }
    reps[r] = combine(stat, sums);
  }
  return reps;
}

/** `meanReplicates` of ./bootstrap-kernels.ts, drawn by the kernel. */
export function meanByKernel(k: DrawKernel, d: Float64Array, seed: number, B: number): Float64Array {
  const mem = layout();
  const vals = mem.take(8 * d.length);
  const out = mem.take(8 * B);
  const buf = reserve(k, mem.end);
  new Float64Array(buf, vals, d.length).set(d);
  k.state.value = seed | 0;
  k.mean(vals, d.length, B, out);
  return new Float64Array(buf, out, B).slice();
}

/**
 * `crossReplicates` of ./bootstrap-kernels.ts, drawn by the kernel; undefined when a sample's
 * group (as an int32) is outside [0, groupCount), which the kernel must never index.
 */
export function crossByKernel(
  k: DrawKernel,
  strata: readonly (readonly { value: number; group: number }[])[],
  groupCount: number,
  stat: GroupStat,
  seed: number,
  B: number,
): Float64Array | undefined {
  const m = strata.length;
  const G = groupCount;
  const mem = layout();
  const table = mem.take(16 * m);
  const outSum = mem.take(8 * B * G);
  const outN = mem.take(4 * B * G);
  const outFin = mem.take(4 * B * G);
  const at = strata.map((s) => ({ vals: mem.take(8 * s.length), grp: mem.take(4 * s.length), flags: mem.take(s.length) }));
  const buf = reserve(k, mem.end);
  const entries = new Int32Array(buf, table, 4 * m);
  for (let s = 0; s < m; s++) {
    const st = strata[s]!;
    const a = at[s]!;
    const grp = new Int32Array(buf, a.grp, st.length);
    for (let i = 0; i < st.length; i++) {
      grp[i] = st[i]!.group;
      if (!(grp[i]! >= 0 && grp[i]! < G)) return undefined;
    }
    entries[4 * s] = a.vals;
    entries[4 * s + 1] = a.grp;
    entries[4 * s + 2] = putValues(buf, st.map((x) => x.value), a.vals, a.flags);
    entries[4 * s + 3] = st.length;
  }
  k.state.value = seed | 0;
  k.cross(table, m, G, B, outSum, outN, outFin);
  const sumOut = new Float64Array(buf, outSum, B * G);
  const nOut = new Int32Array(buf, outN, B * G);
  const finOut = new Int32Array(buf, outFin, B * G);
  const sums: GroupSums = { sum: new Float64Array(G), finite: new Int32Array(G), n: new Int32Array(G) };
  const reps = new Float64Array(B);
  for (let r = 0, o = 0; r < B; r++) {
    for (let g = 0; g < G; g++, o++) {
      sums.sum[g] = sumOut[o]!;
      sums.finite[g] = finOut[o]!;
      sums.n[g] = nOut[o]!;
    }
    reps[r] = combine(stat, sums);
  }
  return reps;
}
