/** Seeded PRNG for resampling (mulberry32) and a string → seed hash (FNV-1a). Pure. */
export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seed from a stable label, so an interval never depends on which other rows exist. */
export function seedFrom(label: string): number {
  let h = 2166136261;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * A label naming the data itself (FNV-1a over the exact float64 bits of every value, group by
 * group), so a resampling seed depends on the content and never on a folder name: the same data
 * under two submission ids gets the same interval.
 */
export function contentLabel(prefix: string, groups: readonly (readonly number[])[]): string {
  const view = new DataView(new ArrayBuffer(8));
  let h = 2166136261;
  const byte = (b: number) => { h = Math.imul(h ^ b, 16777619); };
  for (const g of groups) {
    for (const v of g) {
      view.setFloat64(0, v);
      for (let i = 0; i < 8; i++) byte(view.getUint8(i));
    }
    byte(0x1e); // group separator
  }
  return `${prefix}#${(h >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * A label naming a list of units by their keys (FNV-1a over every UTF-16 code unit, key by key,
 * group by group), not by their values: compare seeds a pair from the units both entries share,
 * so every pair on the same units draws the same resamples (./side-replicates.ts), and a
 * submitter cannot re-roll an interval by nudging a value.
 */
export function keysLabel(prefix: string, groups: readonly (readonly string[])[]): string {
  let h = 2166136261;
  for (const g of groups) {
    for (const key of g) {
      for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
      h = Math.imul(h ^ 0x1f, 16777619); // key separator
    }
    h = Math.imul(h ^ 0x1e, 16777619); // group separator
  }
  return `${prefix}#${(h >>> 0).toString(16).padStart(8, '0')}`;
}
