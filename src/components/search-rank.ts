/**
 * How the search page orders Pagefind's results. Pagefind also matches parts of words (the
 * query "xyzzy" finds the letters "x" and "y" in "x pair and y pair"); a result counts only when
 * every query word appears in it whole, as the start of a word or as a near form of it (a stem:
 * "models" for "model"); results whose title holds the words rank above those where only the
 * text does, exact above prefix in each, and near forms last.
 */

/** Lower-case words (letters, digits, and the joiners that model ids use: - . _ < >). */
export const wordsOf = (text: string): string[] => text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}][\p{L}\p{N}\-._<>@]*/gu) ?? [];

/** Query words as a search engine would split them (the joiners split too: "demo-vlm" matches "demo-vlm-7b" and "demo vlm"). */
export const queryTerms = (q: string): string[] => [...new Set(q.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [])];

/** Every piece of every word: "demo-vlm-7b" → demo-vlm-7b, demo, vlm, 7b. */
const pieces = (words: string[]): Set<string> => new Set(words.flatMap((w) => [w, ...(w.match(/[\p{L}\p{N}]+/gu) ?? [])]));

/** A near form of the word ("models" for "model", "scoring" for "scores"): a shared start of 4+ letters, at most 2 short of the term. */
function near(term: string, w: string): boolean {
  let k = 0;
  while (k < term.length && k < w.length && term[k] === w[k]) k++;
  return k >= 4 && k >= term.length - 2;
}

function termScore(term: string, title: Set<string>, body: Set<string>): number {
  const has = (set: Set<string>, how: 'exact' | 'prefix' | 'near') => [...set].some((w) => (how === 'exact' ? w === term : how === 'prefix' ? w.startsWith(term) : near(term, w)));
  if (has(title, 'exact')) return 8;
  if (has(title, 'prefix')) return 6;
  if (has(body, 'exact')) return 4;
  if (has(body, 'prefix')) return 3;
  if (has(title, 'near') || has(body, 'near')) return 1;
  return 0;
}

/** 0 when some query word is only matched loosely (inside a word or by its letters); higher is better. */
export function matchScore(terms: string[], title: string, body: string): number {
  const t = pieces(wordsOf(title));
  const b = pieces(wordsOf(body));
  let total = 0;
  for (const term of terms) {
    const s = termScore(term, t, b);
    if (s === 0) return 0;
    total += s;
  }
  // The page named by the query ("clinicalbench" → the ClinicalBench page, not its metrics).
  const words = queryTerms(title);
  if (words.length >= terms.length && terms.every((w, i) => w === words[i])) total += (words.length === terms.length ? 8 : 4) * terms.length;
  return total;
}

/** Results with a whole-word or prefix match of every term, best first; ties keep Pagefind's order. */
export function rankResults<T>(terms: string[], results: readonly T[], text: (r: T) => { title: string; body: string }): T[] {
  return results
    .map((r, i) => ({ r, i, s: matchScore(terms, text(r).title, text(r).body) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.r);
}
