// The linker that puts the build's recorded per-sample files into the output folder: a cache file
// becomes a hard link (the same inode), bytes are written, and a cache file deleted since it was
// recorded, a path a route also wrote, or a path leaving the output folder stop the build with an
// error naming the file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPublishedFiles, linkPublishedFiles, publishBytes, publishCached, publishedFiles } from '../../src/ingest/published-files';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-published-'));
const saved = { ...process.env };
process.env.EVALBOARD_CACHE_DIR = join(TMP, 'cache');
delete process.env.EVALBOARD_NO_CACHE;
delete process.env.EVALBOARD_LINK_LOG;
afterAll(() => {
  process.env = saved;
  rmSync(TMP, { recursive: true, force: true });
});

let n = 0;
const outDir = () => join(TMP, `out-${n++}`);
const cacheFile = (name: string, body: string) => {
  mkdirSync(join(TMP, 'entry'), { recursive: true });
  const f = join(TMP, 'entry', name);
  writeFileSync(f, body);
  return f;
};

describe('published files', () => {
  beforeEach(() => clearPublishedFiles());

  it('hard-links a cache file into the output and stores computed bytes in the cache once, by their hash', () => {
    const f = cacheFile('a.json', '{"a":1}');
    publishCached('api/v1/samples/x/a.json', f, () => Buffer.from('unused'));
    publishBytes('explore-data/b/u.json', '{"u":2}');
    publishBytes('explore-data/b/v.json', '{"u":2}');
    const out = outDir();
    expect(linkPublishedFiles(out)).toEqual({ linked: 3, copied: 0, written: 0 });
    expect(statSync(join(out, 'api/v1/samples/x/a.json')).ino).toBe(statSync(f).ino);
    expect(readFileSync(join(out, 'explore-data/b/u.json'), 'utf8')).toBe('{"u":2}');
    // equal bytes are one cache file
    expect(statSync(join(out, 'explore-data/b/u.json')).ino).toBe(statSync(join(out, 'explore-data/b/v.json')).ino);
  });

  it('writes the bytes when the cache is off', () => {
    process.env.EVALBOARD_NO_CACHE = '1';
    try {
      publishBytes('explore-data/b/u.json', '{"u":3}');
      publishCached('api/v1/samples/x/b.json', undefined, () => Buffer.from('{"b":4}'));
      const out = outDir();
      expect(linkPublishedFiles(out)).toEqual({ linked: 0, copied: 0, written: 2 });
      expect(readFileSync(join(out, 'explore-data/b/u.json'), 'utf8')).toBe('{"u":3}');
      expect(readFileSync(join(out, 'api/v1/samples/x/b.json'), 'utf8')).toBe('{"b":4}');
    } finally {
      delete process.env.EVALBOARD_NO_CACHE;
    }
  });

  it('fails naming the file when its cache file was deleted after the build recorded it', () => {
    const f = cacheFile('gone.json', '{}');
    publishCached('api/v1/samples/x/gone.json', f, () => Buffer.from('{}'));
    rmSync(f);
    expect(() => linkPublishedFiles(outDir())).toThrow(/api\/v1\/samples\/x\/gone\.json: its cache file .*gone\.json is gone/);
  });

  it('fails when a route already wrote the path', () => {
    publishBytes('api/v1/manifest.json', '{}');
    const out = outDir();
    mkdirSync(join(out, 'api/v1'), { recursive: true });
    writeFileSync(join(out, 'api/v1/manifest.json'), '{"routed":true}');
    expect(() => linkPublishedFiles(out)).toThrow(/api\/v1\/manifest\.json: .* already exists/);
    expect(readFileSync(join(out, 'api/v1/manifest.json'), 'utf8')).toBe('{"routed":true}');
  });

  it('fails when one path is recorded with two different contents, and accepts the same one again', () => {
    const a = cacheFile('one.json', '{"a":1}');
    const b = cacheFile('two.json', '{"b":2}');
    publishCached('api/v1/samples/x/e.json', a, () => Buffer.from('unused'));
    publishCached('api/v1/samples/x/e.json', a, () => Buffer.from('unused'));
    expect(() => publishCached('api/v1/samples/x/e.json', b, () => Buffer.from('unused'))).toThrow(/api\/v1\/samples\/x\/e\.json: recorded twice with different contents/);
    publishBytes('explore-data/b/w.json', '{"w":1}');
    publishBytes('explore-data/b/w.json', '{"w":1}');
    expect(() => publishBytes('explore-data/b/w.json', '{"w":2}')).toThrow(/recorded twice/);
    expect(publishedFiles().map((f) => f.path)).toEqual(['api/v1/samples/x/e.json', 'explore-data/b/w.json']);
  });

  it('refuses a path that is absolute or leaves the output folder', () => {
    for (const p of ['/etc/x', '../x', 'a/../../x', 'a//b', 'a\\b']) expect(() => publishBytes(p, 'x'), p).toThrow(/bad output path/);
    expect(publishedFiles()).toEqual([]);
  });
});
