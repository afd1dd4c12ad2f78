/**
 * What the per-sample explorer shows of a parsed JSONL file beyond what scoring reads: each
 * record's raw response text (`resps[0][0]`) and the image facts of its `doc` the scorers skip
 * (slice index, modality when the record carries one). Display only: a line the scoring reader
 * rejects is already a located finding there and is not scored, so it is skipped here.
 */
import { forEachLine } from '../../../core/line-reader';
import { parseTolerantJson } from '../../../core/tolerant-json';

export interface RawFacts {
  raw?: string;
  sliceIdx?: number;
  modality?: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** `doc_id` → the record's raw response and extra image facts. */
export function readRawFacts(file: string): Map<number, RawFacts> {
  const out = new Map<number, RawFacts>();
  forEachLine(file, (buf, start, end) => {
    const text = buf.toString('utf8', start, end);
    let rec: unknown;
    try {
      // JSON.parse first (≈ 3× faster): on the lines of an admitted submission — the only ones the
      // explorer shows; the scoring reader rejects repeated keys and bad UTF-8 — it gives the
      // tolerant parser's value. Python's NaN and Infinity tokens fall through to the tolerant one.
      rec = JSON.parse(text);
    } catch {
      try {
        rec = parseTolerantJson(text);
      } catch {
        return;
      }
    }
    if (typeof rec !== 'object' || rec === null) return;
    const r = rec as { doc_id?: unknown; resps?: unknown; doc?: Record<string, unknown> };
    if (typeof r.doc_id !== 'number' || out.has(r.doc_id)) return;
    const resp = Array.isArray(r.resps) && Array.isArray(r.resps[0]) ? str(r.resps[0][0]) : undefined;
    const doc = typeof r.doc === 'object' && r.doc !== null ? r.doc : {};
    const modality = str(doc.modality) ?? str(doc.image_modality);
    out.set(r.doc_id, {
      ...(resp !== undefined ? { raw: resp } : {}),
      ...(typeof doc.slice_idx === 'number' ? { sliceIdx: doc.slice_idx } : {}),
      ...(modality !== undefined ? { modality } : {}),
    });
  }, { onEncodingError: () => {} });
  return out;
}
