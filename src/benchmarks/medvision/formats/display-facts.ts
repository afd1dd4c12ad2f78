/**
 * What the per-sample explorer shows of a record beyond what scoring reads: its raw response text
 * (`resps[0][0]`) and the image facts of its `doc` the scorers skip (slice index, modality when
 * the record carries one). Display only: read in the scoring pass (`ReadOptions.displayFacts`) so
 * the explorer never parses a file a second time, and never validated (a value of another type is
 * simply not shown).
 */
import { parseTolerantJson } from '../../../core/tolerant-json';

export interface DisplayFacts {
  raw?: string;
  sliceIdx?: number;
  modality?: string;
}

/** `doc` keys located for display only: not the schema's, never validated. */
export const DISPLAY_DOC_KEYS: readonly string[] = ['slice_idx', 'modality', 'image_modality'];

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The facts from a record's `resps` value and its `doc` display fields (each as parsed, or undefined). */
export function displayFactsOf(resps: unknown, doc: { slice_idx?: unknown; modality?: unknown; image_modality?: unknown }): DisplayFacts {
  const raw = Array.isArray(resps) && Array.isArray(resps[0]) ? str(resps[0][0]) : undefined;
  const modality = str(doc.modality) ?? str(doc.image_modality);
  return {
    ...(raw !== undefined ? { raw } : {}),
    ...(typeof doc.slice_idx === 'number' ? { sliceIdx: doc.slice_idx } : {}),
    ...(modality !== undefined ? { modality } : {}),
  };
}

/**
 * A `resps` value from its bytes as text: JSON.parse first (several times faster), the tolerant
 * parser for Python's NaN and Infinity tokens; undefined when neither reads it.
 */
export function parseResps(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return parseTolerantJson(text);
    } catch {
      return undefined;
    }
  }
}
