import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Reads a file line by line in fixed-size chunks, handing each line to `onLine` as a byte
 * range of a shared buffer (no per-line string is made unless the caller asks for one).
 * Memory stays at about one chunk plus the longest line, whatever the file size.
 */
export function forEachLine(
  file: string,
  onLine: (buf: Buffer, start: number, end: number, lineNo: number) => void,
  chunkSize = 4 << 20,
): void {
  const fd = openSync(file, 'r');
  try {
    let buf = Buffer.allocUnsafe(chunkSize);
    let filled = 0; // bytes in buf
    let lineNo = 0;
    let eof = false;
    while (!eof) {
      if (filled === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2); // a line longer than the buffer
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
      const n = readSync(fd, buf, filled, buf.length - filled, null);
      if (n === 0) eof = true;
      filled += n;
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(10, start);
        if (nl < 0 || nl >= filled) break;
        lineNo++;
        const end = nl > start && buf[nl - 1] === 13 ? nl - 1 : nl;
        onLine(buf, start, end, lineNo);
        start = nl + 1;
      }
      if (eof) {
        if (start < filled) {
          lineNo++;
          onLine(buf, start, filled, lineNo);
        }
        break;
      }
      buf.copy(buf, 0, start, filled);
      filled -= start;
    }
  } finally {
    closeSync(fd);
  }
}
