import { jsonPath } from './findings';

/**
 * Map every value's JSON path (`$.episodes[0].actions[3].confidence`) to the 1-based line it
 * starts on, so findings on whole-file JSON can point at a line. Assumes `text` already parsed
 * as JSON; on anything unexpected it stops and keeps what it has.
 */
export function jsonLineIndex(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let pos = 0;
  let line = 1;

  const skipSpace = () => {
    while (pos < text.length) {
      const ch = text[pos];
      if (ch === '\n') line++;
      else if (ch !== ' ' && ch !== '\t' && ch !== '\r') break;
      pos++;
    }
  };
  const readString = (): string => {
    const start = pos;
    pos++; // opening quote
    while (pos < text.length && text[pos] !== '"') pos += text[pos] === '\\' ? 2 : 1;
    pos++;
    return JSON.parse(text.slice(start, pos)) as string;
  };
  const value = (keys: (string | number)[]): void => {
    skipSpace();
    lines.set(jsonPath(keys), line);
    const ch = text[pos];
    if (ch === '{') {
      pos++;
      skipSpace();
      if (text[pos] === '}') return void pos++;
      for (;;) {
        skipSpace();
        const key = readString();
        skipSpace();
        pos++; // colon
        value([...keys, key]);
        skipSpace();
        if (text[pos++] !== ',') return;
      }
    }
    if (ch === '[') {
      pos++;
      skipSpace();
      if (text[pos] === ']') return void pos++;
      for (let i = 0; ; i++) {
        value([...keys, i]);
        skipSpace();
        if (text[pos++] !== ',') return;
      }
    }
    if (ch === '"') return void readString();
    while (pos < text.length && !/[\s,\]}]/.test(text[pos]!)) pos++;
  };

  try {
    value([]);
  } catch {
    // Malformed input: the caller reports the parse error itself.
  }
  return lines;
}

/** Line of `pointer`, or of its nearest ancestor that exists in the file. */
export function lineOf(index: ReadonlyMap<string, number>, pointer: string): number | undefined {
  let p = pointer;
  for (;;) {
    const hit = index.get(p);
    if (hit !== undefined) return hit;
    const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
    if (cut <= 0) return index.get('$');
    p = p.slice(0, cut);
  }
}
