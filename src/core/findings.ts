/** A located problem found while reading or scoring submitted files (DESIGN §6 `findings`). */
export interface Finding {
  /** File path, relative to the folder the user gave where possible. */
  path: string;
  /** 1-based line number for line-oriented files (JSONL); absent for whole-file JSON. */
  line?: number;
  /** JSON path inside the record, e.g. `$.filtered_resps[0]`; `$` for the whole record. */
  pointer: string;
  severity: 'error' | 'warning';
  message: string;
}

/** `results/<benchmark>/x/parsed/a.jsonl:17 $.target: expected a number list` */
export function formatFinding(f: Finding): string {
  const where = f.line === undefined ? f.path : `${f.path}:${f.line}`;
  return `${where} ${f.pointer}: ${f.message}`;
}

/** Build a JSON path from keys the way users read it: `$.doc.pixel_size[0]`. */
export function jsonPath(keys: readonly (string | number)[]): string {
  let out = '$';
  for (const k of keys) {
    if (typeof k === 'number') out += `[${k}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) out += `.${k}`;
    else out += `[${JSON.stringify(k)}]`;
  }
  return out;
}
