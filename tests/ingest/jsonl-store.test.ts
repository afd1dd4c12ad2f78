import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheCompactors, clearCacheUses } from '../../src/ingest/cache-use';
import { jsonlStore, type JsonlCodec } from '../../src/ingest/jsonl-store';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-jsonl-store-'));
const saved = process.env.EVALBOARD_CACHE_DIR;
process.env.EVALBOARD_CACHE_DIR = TMP;
afterAll(() => {
  if (saved === undefined) delete process.env.EVALBOARD_CACHE_DIR;
  else process.env.EVALBOARD_CACHE_DIR = saved;
  rmSync(TMP, { recursive: true, force: true });
});
beforeEach(() => clearCacheUses());

const pair: JsonlCodec<{ a: number; b: string }> = {
  encode: (v) => [v.a, v.b],
  decode: ([a, b]) => {
    if (typeof a !== 'number' || typeof b !== 'string') throw new Error('bad');
    return { a, b };
  },
};

describe('a JSON-lines result store', () => {
  it('gives a later process what an earlier one set, skipping lines cut short or unreadable', () => {
    const file = join(TMP, 'one', 'store.jsonl');
    const first = jsonlStore(file, pair);
    first.set('k1', { a: 1.5, b: 'x' });
    first.set('k2', { a: -0, b: 'y' });
    appendFileSync(file, '["k3", 3, "z"');
    appendFileSync(file, '\n["k4", "not a number", "w"]\n');
    const later = jsonlStore(file, pair);
    expect(later.get('k1')).toEqual({ a: 1.5, b: 'x' });
    expect(later.get('k2')).toEqual({ a: 0, b: 'y' }); // JSON keeps no −0: codecs that need it spell it out
    expect(later.get('k3')).toBeUndefined();
    expect(later.get('k4')).toBeUndefined();
    expect(later.get('nope')).toBeUndefined();
  });

  it('keeps only the keys this process looked up or added when the cache is swept', () => {
    const file = join(TMP, 'two', 'store.jsonl');
    const first = jsonlStore(file, pair);
    for (const k of ['a', 'b', 'c']) first.set(k, { a: 1, b: k });
    clearCacheUses();
    const later = jsonlStore(file, pair);
    expect(later.get('b')).toEqual({ a: 1, b: 'b' });
    later.set('d', { a: 2, b: 'd' });
    for (const compact of cacheCompactors()) compact();
    expect(readFileSync(file, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as unknown[])[0]).sort()).toEqual(['b', 'd']);
  });
});
