import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileFacts, flushFileFacts, forgetFileFacts, readFileFacts } from '../../src/ingest/file-facts';
import { treeHash } from '../../src/ingest/score-cache';

let dir: string;
let cache: string;
const saved = { ...process.env };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'evalboard-facts-'));
  cache = join(dir, 'cache');
  process.env.EVALBOARD_CACHE_DIR = cache;
  delete process.env.EVALBOARD_NO_CACHE;
  forgetFileFacts();
});
afterEach(() => {
  forgetFileFacts();
  process.env = { ...saved };
  rmSync(dir, { recursive: true, force: true });
});

/** The plain reading: split on \n, measure each line's UTF-8 bytes. */
function plainLongest(bytes: Buffer): { bytes: number; line: number } {
  const lines = bytes.toString('latin1').split('\n');
  let best = { bytes: 0, line: 1 };
  lines.forEach((l, i) => {
    if (l.length > best.bytes) best = { bytes: l.length, line: i + 1 };
  });
  return best;
}

const storeEntries = () => (JSON.parse(readFileSync(join(cache, 'file-facts.json'), 'utf8')) as { entries: Record<string, { facts: { sha256: string } }> }).entries;

describe('readFileFacts', () => {
  it('gives the SHA-256 of the bytes and the longest line, across 1 MiB chunk boundaries', () => {
    const cases = [
      Buffer.from(''),
      Buffer.from('a\nbb\nccc'),
      Buffer.from('\n\n\n'),
      Buffer.from('é€\n' + 'x'.repeat(10) + '\r\n'),
      Buffer.concat([Buffer.from('short\n'), Buffer.alloc((1 << 20) + 17, 0x61), Buffer.from('\n'), Buffer.alloc(3 << 20, 0x62)]),
      Buffer.concat([Buffer.alloc((1 << 20) - 1, 0x61), Buffer.from('\n\n'), Buffer.alloc(5, 0x62)]),
    ];
    cases.forEach((bytes, i) => {
      const f = join(dir, `case${i}.jsonl`);
      writeFileSync(f, bytes);
      const facts = readFileFacts(f);
      expect(facts.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(facts.longest).toEqual(plainLongest(bytes));
    });
  });
});

describe('fileFacts', () => {
  it('serves remembered facts by stat from the store file, and reads again when the stat changes', () => {
    const f = join(dir, 'a.jsonl');
    writeFileSync(f, 'one\ntwo\n');
    utimesSync(f, 1_700_000_000, 1_700_000_000); // whole seconds: put back exactly below
    const first = fileFacts(f, { racyMs: 0 });
    flushFileFacts();
    // Poison the stored hash: a lookup with an unchanged stat must serve it (proving no read).
    const store = JSON.parse(readFileSync(join(cache, 'file-facts.json'), 'utf8'));
    const key = Object.keys(store.entries)[0]!;
    expect(store.entries[key].facts.sha256).toBe(first.sha256);
    store.entries[key].facts.sha256 = 'poisoned';
    writeFileSync(join(cache, 'file-facts.json'), JSON.stringify(store));
    forgetFileFacts();
    expect(fileFacts(f, { racyMs: 0 }).sha256).toBe('poisoned');
    // Same size, same mtime put back: the ctime moved, so the bytes are read again.
    writeFileSync(f, 'one\nTWO\n');
    utimesSync(f, 1_700_000_000, 1_700_000_000);
    expect(fileFacts(f, { racyMs: 0 }).sha256).toBe(createHash('sha256').update('one\nTWO\n').digest('hex'));
    // Replaced by another file (a new inode) with the first bytes: read again.
    writeFileSync(join(dir, 'b.tmp'), 'one\ntwo\n');
    renameSync(join(dir, 'b.tmp'), f);
    expect(fileFacts(f, { racyMs: 0 }).sha256).toBe(first.sha256);
  });

  it('never remembers a file changed within the racy window', () => {
    const f = join(dir, 'fresh.jsonl');
    writeFileSync(f, 'x\n');
    fileFacts(f);
    flushFileFacts();
    expect(existsSync(join(cache, 'file-facts.json')) ? Object.keys(storeEntries()) : []).toEqual([]);
  });

  it('writes no store when the cache is off', () => {
    process.env.EVALBOARD_NO_CACHE = '1';
    const f = join(dir, 'off.jsonl');
    writeFileSync(f, 'x\n');
    fileFacts(f, { racyMs: 0 });
    flushFileFacts();
    expect(existsSync(join(cache, 'file-facts.json'))).toBe(false);
  });

  it('a folder hash follows a same-size edit with the mtime put back, after its facts were remembered', async () => {
    const tree = join(dir, 'tree'); // the cache (under dir/cache) stays outside the hashed tree
    mkdirSync(tree);
    const f = join(tree, 'keep.txt');
    writeFileSync(f, 'k');
    utimesSync(f, 1_700_000_000, 1_700_000_000); // whole seconds: put back exactly below
    await new Promise((r) => setTimeout(r, 2100)); // past the racy window, so the facts are stored
    const before = treeHash(tree);
    flushFileFacts();
    expect(Object.keys(storeEntries())).toContain(f);
    forgetFileFacts();
    writeFileSync(f, 'K');
    utimesSync(f, 1_700_000_000, 1_700_000_000);
    expect(treeHash(tree)).not.toBe(before);
  });

  it('keeps the facts of processes side by side: each one’s survive the other rewriting the store file', async () => {
    const files = ['a', 'b'].map((n) => {
      const f = join(dir, `${n}.jsonl`);
      writeFileSync(f, `${n}\n`);
      utimesSync(f, 1_700_000_000, 1_700_000_000);
      return f;
    });
    // Each child loads the store (empty), learns one file's facts, waits until the other has
    // loaded too, and exits (the store is flushed on exit): the store file then holds one file's.
    const child = join(dir, 'child.ts');
    const module = join(import.meta.dirname, '../../src/ingest/file-facts.ts');
    writeFileSync(child, [
      `import { existsSync, writeFileSync } from 'node:fs';`,
      `import { fileFacts } from ${JSON.stringify(module)};`,
      `const [file, me, other] = process.argv.slice(2);`,
      `fileFacts(file, { racyMs: 0 });`,
      `writeFileSync(me, '');`,
      `const wait = new Int32Array(new SharedArrayBuffer(4));`,
      `for (let i = 0; i < 600 && !existsSync(other); i++) Atomics.wait(wait, 0, 0, 50);`,
    ].join('\n'));
    const run = (file: string, me: string, other: string) =>
      new Promise<number | null>((done) => spawn(process.execPath, ['--import', 'tsx', child, file, me, other], { env: process.env, stdio: 'inherit' }).on('close', done));
    const ready = [join(dir, 'ready-a'), join(dir, 'ready-b')];
    expect(await Promise.all([run(files[0]!, ready[0]!, ready[1]!), run(files[1]!, ready[1]!, ready[0]!)])).toEqual([0, 0]);
    expect(Object.keys(storeEntries()).length).toBe(1);
    // The next process serves both from the store and the two processes' own files (it reads
    // neither file again: it learns nothing, so it writes no file of its own), then folds them in.
    expect(files.map((f) => fileFacts(f, { racyMs: 0 }).sha256)).toEqual(['a\n', 'b\n'].map((t) => createHash('sha256').update(t).digest('hex')));
    flushFileFacts();
    expect(Object.keys(storeEntries()).sort()).toEqual(files);
    expect(readdirSync(join(cache, 'file-facts.d'))).toEqual([]);
  }, 30_000);
});
