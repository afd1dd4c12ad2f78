/**
 * What the per-sample explorer shows of a record beyond what scoring reads: its raw response text
 * (`resps[0][0]`) and the image facts of its `doc` the scorers skip (slice index, modality when
 * the record carries one). Display only: read in the scoring pass (`ReadOptions.displayFacts`) so
 * the explorer never parses a file a second time, and never validated (a value of another type is
 * simply not shown).
 */
export interface DisplayFacts {
  raw?: string;
  sliceIdx?: number;
  modality?: string;
}

/** `doc` keys located for display only: not the schema's, never validated. */
export const DISPLAY_DOC_KEYS: readonly string[] = ['slice_idx', 'modality', 'image_modality'];

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** `resps[0][0]` of a parsed `resps` value when it is a string: the raw response the explorer shows. */
export const rawResponseOf = (resps: unknown): string | undefined => (Array.isArray(resps) && Array.isArray(resps[0]) ? str(resps[0][0]) : undefined);

/** The facts from a record's raw response and its `doc` display fields (each as parsed, or undefined). */
export function displayFactsOf(raw: string | undefined, doc: { slice_idx?: unknown; modality?: unknown; image_modality?: unknown }): DisplayFacts {
  // One shape for every sample (an absent fact is undefined): spread-built objects took a hidden class each.
  return { raw, sliceIdx: typeof doc.slice_idx === 'number' ? doc.slice_idx : undefined, modality: str(doc.modality) ?? str(doc.image_modality) };
}
