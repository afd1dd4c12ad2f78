/**
 * One-thread scoring with each samples file read ahead: while one file is scanned and scored, the
 * next is read by libuv's thread pool (one `read` of the whole file, so it needs nothing from the
 * busy main thread) into the other half of the SIMD kernel's memory. The copy from the page cache
 * (≈ 15 % of a run's CPU) then overlaps the scoring instead of preceding it; nothing else changes:
 * each file goes through `readParsedFile` and `scoreFile` as in `scoreMedvisionTree`.
 */
import { closeSync, openSync, read, readSync, statSync } from 'node:fs';
import { kernelMemory } from '../../../core/string-stop';
import { readParsedFile } from './read-parsed-file';
import { scoreFile, type ScoredFile } from './score-file';
import type { ScoreFileTask } from './score-worker';

/** Files larger than this are streamed in chunks instead (memory holds two files at a time). */
const WHOLE_FILE_LIMIT = 256 << 20;

const readAsync = (fd: number, buf: Buffer, at: number, size: number) =>
  new Promise<number>((resolve, reject) => read(fd, buf, at, size, 0, (err, n) => (err ? reject(err) : resolve(n))));

interface Pending {
  fd: number;
  at: number;
  size: number;
  read: Promise<number>;
}

/**
 * Score `tasks` in order, each file's bytes read ahead; undefined when that cannot be done here
 * (no SIMD kernel, a file over the limit): the caller then scores the tree file by file. A file
 * that cannot be opened or read rejects, as the streaming reader would throw. `onFile` is told
 * each file's index as its scoring starts.
 */
export async function scoreFilesReadingAhead(tasks: ScoreFileTask[], onFile?: (index: number) => void): Promise<Map<string, ScoredFile> | undefined> {
  const sizes = tasks.map((t) => statSync(t.file).size);
  const largest = Math.max(0, ...sizes);
  if (largest > WHOLE_FILE_LIMIT) return undefined;
  const half = largest + 16;
  const memory = kernelMemory(2 * half);
  if (!memory) return undefined;
  const start = (i: number): Pending => {
    const fd = openSync(tasks[i]!.file, 'r');
    const at = (i % 2) * half;
    return { fd, at, size: sizes[i]!, read: readAsync(fd, memory.buf, at, sizes[i]!) };
  };
  let next: Pending | undefined;
  try {
    const scored = new Map<string, ScoredFile>();
    next = tasks.length > 0 ? start(0) : undefined;
    for (let i = 0; i < tasks.length; i++) {
      const p = next!;
      next = undefined;
      let got: number;
      let grew: boolean;
      try {
        got = await p.read;
        // A short read (a file that shrank, or a read the kernel split) is finished here.
        for (let n = -1; got < p.size && n !== 0; got += n) n = readSync(p.fd, memory.buf, p.at + got, p.size - got, got);
        // A file that grew since its size was taken: its tail is not in the buffer, so it is streamed.
        grew = readSync(p.fd, Buffer.alloc(1), 0, 1, got) > 0;
      } finally {
        closeSync(p.fd);
      }
      if (i + 1 < tasks.length) next = start(i + 1);
      const t = tasks[i]!;
      onFile?.(i);
      const bytes = { buf: memory.buf, start: p.at, end: p.at + got };
      scored.set(t.file, scoreFile({ ...t, read: (file, display, taskType, opts) => readParsedFile(file, display, taskType, grew ? opts : { ...opts, bytes }) }));
    }
    return scored;
  } finally {
    // A read still writing into the memory must end before another reader may grow it.
    if (next) {
      await next.read.catch(() => 0);
      closeSync(next.fd);
    }
    memory.release();
  }
}
