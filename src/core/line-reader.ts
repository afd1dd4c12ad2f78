import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { BOM_MESSAGE } from './tolerant-json';
import { invalidUtf8Message, invalidUtf8Offset } from './utf8';

/** Where the reader keeps its bytes: a buffer of at least `size` bytes that starts with the `keep` bytes of the last one. */
export interface LineBuffer {
  get(size: number, keep: number): Buffer;
}

export interface LineReaderOptions {
  chunkSize?: number;
  /**
   * A line that is not valid UTF-8, or a byte-order mark before line 1, is handed here (and not to
   * `onLine`) with a message that says where. Without a handler the reader throws that message.
   */
  onEncodingError?: (lineNo: number, message: string) => void;
  /** The buffer to read into (default: a Buffer of its own, doubled when a line is longer). */
  buffer?: LineBuffer;
}

function ownBuffer(): LineBuffer {
  let buf: Buffer | undefined;
  return {
    get(size, keep) {
      if (buf && buf.length >= size) return buf;
      const bigger = Buffer.allocUnsafe(size);
      buf?.copy(bigger, 0, 0, keep);
      return (buf = bigger);
    },
  };
}

/**
 * Reads a file line by line in fixed-size chunks, handing each line to `onLine` as a byte
 * range of a shared buffer (no per-line string is made unless the caller asks for one).
 * Memory stays at about one chunk plus the longest line, whatever the file size.
 * Every line is checked to be UTF-8 (one native `isUtf8` call per chunk of whole lines; only a
 * chunk that fails is checked line by line), so no reader decodes a replacement character silently.
 */
export function forEachLine(
  file: string,
  onLine: (buf: Buffer, start: number, end: number, lineNo: number) => void,
  options: number | LineReaderOptions = {},
): void {
  const opts = typeof options === 'number' ? { chunkSize: options } : options;
  const chunkSize = opts.chunkSize ?? 4 << 20;
  const onEncodingError =
    opts.onEncodingError ??
    ((lineNo: number, message: string) => {
      throw new Error(`line ${lineNo}: ${message}`);
    });
  const store = opts.buffer ?? ownBuffer();
  const fd = openSync(file, 'r');
  try {
    let size = chunkSize;
    let buf = store.get(size, 0);
    let filled = 0; // bytes in buf
    let lineNo = 0;
    let eof = false;
    let consumed = 0; // file offset of buf[0]
    let first = true;
    while (!eof) {
      if (filled === size) buf = store.get((size *= 2), filled); // a line longer than the buffer
      const n = readSync(fd, buf, filled, size - filled, null);
      if (n === 0) eof = true;
      filled += n;
      // The whole lines in buf (all of it at EOF): valid UTF-8 as one block, or checked per line.
      const whole = eof ? filled : buf.lastIndexOf(10, filled - 1) + 1;
      const checkLines = whole > 0 && !isUtf8(buf.subarray(0, whole));
      let start = 0;
      while (start < whole) {
        let nl = buf.indexOf(10, start);
        let end: number;
        if (nl < 0 || nl >= whole) end = nl = whole; // the last line at EOF, without a newline
        else end = nl > start && buf[nl - 1] === 13 ? nl - 1 : nl;
        lineNo++;
        if (first && (first = false, buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf)) onEncodingError(lineNo, BOM_MESSAGE);
        else {
          const bad = checkLines ? invalidUtf8Offset(buf, start, end) : -1;
          if (bad >= 0) onEncodingError(lineNo, invalidUtf8Message(consumed + bad, lineNo, bad - start + 1));
          else onLine(buf, start, end, lineNo);
        }
        start = nl + 1;
      }
      if (eof) break;
      buf.copy(buf, 0, start, filled);
      consumed += start;
      filled -= start;
    }
  } finally {
    closeSync(fd);
  }
}
