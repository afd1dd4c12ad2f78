/** Where a progress line goes: process.stderr, or a test's stand-in. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(s: string): unknown;
}

export interface Progress {
  /** Show "name: done/total label" in place of the previous line (throttled; the last step always shows). */
  update(done: number, total: number, label?: string): void;
  /** Erase the line, so the report that follows starts at column 0 of a clean line. */
  clear(): void;
}

const ERASE = '\r\u001b[K';

/**
 * A one-line progress indicator that exists only when the stream is a terminal: piped or
 * redirected stderr (CI logs, `2> file`) gets nothing, so logs hold only findings and reports.
 */
export function progressLine(name: string, stream: ProgressStream = process.stderr, opts: { minIntervalMs?: number } = {}): Progress {
  const on = stream.isTTY === true;
  const every = opts.minIntervalMs ?? 100;
  let last = -Infinity;
  let shown = false;
  return {
    update(done, total, label = '') {
      if (!on) return;
      const now = Date.now();
      if (done < total && now - last < every) return;
      last = now;
      // One line only: a wrapped line would not be erased by \r. Control characters in a label
      // (a folder name) become spaces so nothing submitted reaches the terminal as a sequence.
      // eslint-disable-next-line no-control-regex -- control characters are what this replaces
      const text = `${name}: ${done}/${total}${label ? ` ${label.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')}` : ''}`;
      const width = Math.max(20, (stream.columns || 80) - 1); // a pty without a size reports 0
      stream.write(`${ERASE}${Array.from(text).slice(0, width).join('')}`);
      shown = true;
    },
    clear() {
      if (on && shown) stream.write(ERASE);
      shown = false;
    },
  };
}
