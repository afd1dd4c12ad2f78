import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { BOM_MESSAGE } from './tolerant-json';
import { invalidUtf8Message, invalidUtf8Offset } from './utf8';

export interface LineReaderOptions {
  chunkSize?: number;
  /**
   * A line that is not valid UTF-8, or a byte-order mark before line 1, is handed here (and not to
   * `onLine`) with a message that says where. Without a handler the reader throws that message.
   */
  onEncodingError?: (lineNo: number, message: string) => void;
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
  const fd = openSync(file, 'r');
  try {
    let buf = Buffer.allocUnsafe(chunkSize);
    let filled = 0; // bytes in buf
    let lineNo = 0;
    let eof = false;
    let consumed = 0; // file offset of buf[0]
    let first = true;
    while (!eof) {
      if (filled === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2); // a line longer than the buffer
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
      const n = readSync(fd, buf, filled, buf.length - filled, null);
      if (n === 0) eof = true;
      filled += n;
      // The whole lines in buf (all of it at EOF): valid UTF-8 as one block, or checked per line.
      const whole = eof ? filled : buf.lastIndexOf(10, filled - 1) + 1;
      const checkLines = whole > 0 && !isUtf8(buf.subarray(0, whole));
      let start = 0;
      const emit = (end: number) => {
        lineNo++;
        if (first) {
          first = false;
          if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return onEncodingError(lineNo, BOM_MESSAGE);
        }
        if (checkLines) {
          const bad = invalidUtf8Offset(buf, start, end);
          if (bad >= 0) return onEncodingError(lineNo, invalidUtf8Message(consumed + bad, lineNo, bad - start + 1));
        }
        onLine(buf, start, end, lineNo);
      };
      for (;;) {
        const nl = buf.indexOf(10, start);
        if (nl < 0 || nl >= filled) break;
        emit(nl > start && buf[nl - 1] === 13 ? nl - 1 : nl);
        start = nl + 1;
      }
      if (eof) {
        if (start < filled) emit(filled);
        break;
      }
      buf.copy(buf, 0, start, filled);
      consumed += start;
      filled -= start;
    }
  } finally {
    closeSync(fd);
  }
}
