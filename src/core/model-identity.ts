/**
 * When two model names are "the same": Unicode NFKC, case folding and the confusable skeleton of
 * UTS #39 (Unicode's confusables.txt, as the `unhomoglyph` package ships it), after dropping
 * invisible characters. Used for collisions in the model registry (an impostor "demo‐vlm‐7b" with
 * U+2010 hyphens, "demo-vIm-7b", "DEMO-VLM-7B") and for matching the names inside result files.
 */
import unhomoglyph from 'unhomoglyph';

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** NFKC and full case folding (upper then lower, so "ß" and "SS" meet), invisible characters dropped. */
export function foldCase(s: string): string {
  return s.replace(INVISIBLE, '').normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** Skeleton of UTS #39 over NFD, as the standard defines it (prototype mapping, then NFD again). */
const skeleton = (s: string) => unhomoglyph(s.normalize('NFD')).normalize('NFD');

/**
 * The comparison keys of a name. Two: the skeleton of the case-folded name, and the case-folded
 * skeleton of the name as written (so "I" vs "l", which folding alone would turn into "i" vs "l",
 * still meet). Two names collide when they share a key of the same kind.
 */
export function identityKeys(name: string): [string, string] {
  const nfkc = name.replace(INVISIBLE, '').normalize('NFKC');
  return [`s:${skeleton(foldCase(nfkc))}`, `f:${foldCase(skeleton(nfkc))}`];
}

/** True when two names look the same after NFKC, case folding and confusable folding. */
export function confusable(a: string, b: string): boolean {
  const [a1, a2] = identityKeys(a);
  const [b1, b2] = identityKeys(b);
  return a1 === b1 || a2 === b2;
}

/**
 * Whether a name written in a result file (an episode's agent, a run's model name) names
 * the model: equal to one of its names after NFKC and case folding. A `provider/name` form also
 * matches on the part after the last "/".
 */
export function namesModel(written: string, names: readonly string[]): boolean {
  const w = foldCase(written.trim());
  const tail = w.includes('/') ? w.slice(w.lastIndexOf('/') + 1) : undefined;
  return names.some((n) => {
    const f = foldCase(n);
    return f === w || (tail !== undefined && f === tail);
  });
}
