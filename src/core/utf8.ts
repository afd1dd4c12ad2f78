import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { BOM_MESSAGE, JsonSyntaxError } from './tolerant-json';

/**
 * Submitted text files are UTF-8 without a byte-order mark. `readFileSync(f, 'utf8')` would
 * silently replace invalid bytes with U+FFFD and keep a BOM; these report either as a located
 * `JsonSyntaxError` (pointer `$`, with the line), so every reader turns it into a finding.
 */
const FATAL = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
export function invalidUtf8Offset(b: Uint8Array, start = 0, end = b.length): number {
  let i = start;
  while (i < end) {
    const c = b[i]!;
    if (c < 0x80) { i++; continue; }
    let n: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) { n = 1; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { n = 2; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 3; min = 0x10000; }
    else return i;
    if (i + n >= end) return i; // truncated sequence
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const d = b[i + k]!;
      if ((d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return -1;
}

/** 1-based line and column (in bytes) of byte offset `at`. */
function lineCol(b: Uint8Array, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) if (b[i] === 0x0a) { line++; lineStart = i + 1; }
  return { line, column: at - lineStart + 1 };
}

export const invalidUtf8Message = (fileByte: number, line: number, column: number) =>
  `invalid UTF-8 at byte ${fileByte} (line ${line}, byte ${column} of the line): save the file as UTF-8`;

/** Decode a whole file's bytes; a BOM or invalid UTF-8 throws a located `JsonSyntaxError`. */
export function decodeUtf8(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) throw new JsonSyntaxError(BOM_MESSAGE, '$', 1, 1);
  try {
    return FATAL.decode(bytes);
  } catch {
    const at = invalidUtf8Offset(bytes);
    const { line, column } = lineCol(bytes, Math.max(0, at));
    throw new JsonSyntaxError(invalidUtf8Message(at, line, column), '$', column, line);
  }
}

export const readUtf8FileSync = (file: string): string => decodeUtf8(readFileSync(file));
export const readUtf8File = async (file: string): Promise<string> => decodeUtf8(await readFile(file));
