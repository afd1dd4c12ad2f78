import { createHash, type Hash } from 'node:crypto';
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, unlinkSync, writeFileSync, type BigIntStats } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { cacheRoot, ensureCacheRoot } from './cache-root';
import { noteCacheUse, onCacheSweep } from './cache-use';

/**
 * What the build needs to know about a file's bytes — its SHA-256 and its longest line — read once
 * and remembered by the file's stat (device, inode, size, mtime and ctime in nanoseconds), in this
 * process and between builds in `<cache>/file-facts.json`. A warm build then
 * stats the results tree instead of reading it: at 9 M samples that is ≈ 37 GB not read per build.
 *
 * Trusting a stat is what git's index does. ctime cannot be set from user space, so a file
 * rewritten with its old size and mtime still changes its fingerprint. A file whose mtime or ctime
 * is within `RACY_MS` of the moment it was read may be rewritten within the clock's granularity
 * without a visible change ("racy git"): its facts are used for this read but never stored.
 *
 * Processes side by side (the build's lanes) each learn the facts of their own files. The store
 * file is rewritten whole by whoever flushes last, so each process also writes the facts it
 * learned to a file of its own under `file-facts.d/`; the next process to load the store merges
 * those in and, once it has written the store file, deletes the ones it merged (the build's
 * cache sweep leaves the store file alone). A fact lost to a race only means one file read again;
 * a stale one is never served (its stat no longer matches).
 */
export interface FileFacts {
  sha256: string;
  /** The longest line in bytes (without its newline) and its 1-based number. */
  longest: { bytes: number; line: number };
}

const RACY_MS = 2000;

type Entry = { print: string; facts: FileFacts };

interface Store {
  file: string;
  entries: Record<string, Entry>;
  /** Entries this process learned since its last flush: also written to a file of its own. */
  learned: Record<string, Entry>;
  /** The other processes' files merged in at load: deleted once the store file holds them. */
  merged: string[];
  /** The files looked up in this process: a sweep keeps only their entries (a deleted file's entry would stay forever). */
  seen: Set<string>;
  dirty: boolean;
}

/** One store per cache root (tests move the cache between runs in one process). */
const stores = new Map<string, Store>();
let flushOnExit = false;

/** The store of the cache root in use; none (facts kept for this call only) when the cache is off. */
function store(): Store | undefined {
  if (process.env.EVALBOARD_NO_CACHE) return undefined;
  const root = cacheRoot();
  let s = stores.get(root);
  if (s) return s;
  const file = join(root, 'file-facts.json');
  const entries: Store['entries'] = {};
  const merged: string[] = [];
  for (const name of listLearned(root)) {
    const at = join(learnedDir(root), name);
    Object.assign(entries, readEntries(at));
    merged.push(at);
  }
  // Two facts of one path under one stat are the same facts: the store file's are taken.
  Object.assign(entries, readEntries(file));
  // Merged files are folded into the store file at the next flush.
  const made: Store = { file, entries, learned: {}, merged, seen: new Set(), dirty: merged.length > 0 };
  s = made;
  stores.set(root, s);
  noteCacheUse(file);
  onCacheSweep(() => {
    for (const name of Object.keys(made.entries)) {
      if (made.seen.has(name)) continue;
      delete made.entries[name];
      made.dirty = true;
    }
    // The sweep ends a build: its store file is then the whole truth, with no file of its own beside it.
    flushFileFacts({ final: true });
  });
  if (!flushOnExit) process.once('exit', () => flushFileFacts());
  flushOnExit = true;
  return s;
}

const FORMAT = 'evalboard-file-facts/1';

const learnedDir = (root: string) => join(root, 'file-facts.d');

function listLearned(root: string): string[] {
  try {
    return readdirSync(learnedDir(root)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
}

/** A store file's entries, or undefined when it is missing or broken (its files are read again). */
function readEntries(file: string): Store['entries'] | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown; entries?: unknown };
    if (parsed.format === FORMAT && parsed.entries && typeof parsed.entries === 'object') return parsed.entries as Store['entries'];
  } catch {
    // missing or broken
  }
  return undefined;
}

/** Write `entries` as a store file: a temporary file, then a rename, so a reader never sees half of one. */
function writeEntries(file: string, entries: Store['entries']): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ format: FORMAT, entries }));
  renameSync(tmp, file);
}

let learnedFiles = 0;
const printOf = (st: BigIntStats) => `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.mode}`;

const chunk = Buffer.allocUnsafe(1 << 20);

/** SHA-256 and longest line of `file` in one pass over its bytes, in fixed chunks. */
export function readFileFacts(file: string): FileFacts {
  const h: Hash = createHash('sha256');
  const fd = openSync(file, 'r');
  let cur = 0;
  let best = 0;
  let bestLine = 1;
  let lineNo = 1;
  try {
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0; ) {
      h.update(chunk.subarray(0, n));
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(10, start);
        if (nl < 0 || nl >= n) {
          cur += n - start;
          break;
        }
        cur += nl - start;
        if (cur > best) [best, bestLine] = [cur, lineNo];
        cur = 0;
        lineNo++;
        start = nl + 1;
      }
    }
    if (cur > best) [best, bestLine] = [cur, lineNo];
  } finally {
    closeSync(fd);
  }
  return { sha256: h.digest('hex'), longest: { bytes: best, line: bestLine } };
}

export interface FileFactsOptions {
  /** A file changed less than this long ago is read but not remembered (default 2 s; tests use 0). */
  racyMs?: number;
  /** The file's `lstat` (bigint) when the caller has just taken it (a folder walk): not taken again. */
  stat?: BigIntStats;
}

/** The facts of a regular file: remembered ones when its stat is unchanged, else read now. */
export function fileFacts(file: string, opts: FileFactsOptions = {}): FileFacts {
  const racyNs = BigInt(opts.racyMs ?? RACY_MS) * 1_000_000n;
  const st = opts.stat ?? lstatSync(file, { bigint: true });
  const s = store();
  const name = isAbsolute(file) ? file : resolve(file);
  const print = printOf(st);
  s?.seen.add(name);
  const known = s?.entries[name];
  if (known && known.print === print) return known.facts;
  const facts = readFileFacts(file);
  const after = lstatSync(file, { bigint: true });
  const now = BigInt(Date.now()) * 1_000_000n;
  const racy = now - after.mtimeNs < racyNs || now - after.ctimeNs < racyNs;
  // Changed while read, or too recent to tell a later rewrite apart: use, never remember.
  if (!s) return facts;
  if (printOf(after) === print && !racy) {
    s.entries[name] = s.learned[name] = { print, facts };
    s.dirty = true;
  } else if (known) {
    delete s.entries[name];
    delete s.learned[name];
    s.dirty = true;
  }
  return facts;
}

/**
 * Write every changed store (temp file, then rename: a reader never sees half a store). `final`:
 * the process ending a build (its cache sweep), after any side-by-side processes: only the store
 * file is written, no file of this process's own beside it for the next build to fold in.
 */
export function flushFileFacts(opts: { final?: boolean } = {}): void {
  for (const s of stores.values()) {
    if (!s.dirty) continue;
    try {
      ensureCacheRoot();
      const root = dirname(s.file);
      // What this process learned, in a file of its own first: another process may rewrite the store file after this one.
      if (!opts.final && Object.keys(s.learned).length > 0) {
        writeEntries(join(learnedDir(root), `${process.pid}-${Date.now()}-${learnedFiles++}.json`), s.learned);
        s.learned = {};
      }
      writeEntries(s.file, s.entries);
      s.learned = {};
      for (const f of s.merged) {
        try {
          unlinkSync(f);
        } catch {
          // another process merged it first
        }
      }
      s.merged = [];
      s.dirty = false;
    } catch {
      // an optimisation: a read-only cache only means the next build reads the files again
    }
  }
}

/** Drop what this process remembers without writing it (tests: the next lookup reads the store file). */
export function forgetFileFacts(): void {
  stores.clear();
}
