// Two processes computing the same keyed product at once (the lanes of a cold build,
// scripts/lib/prime-lanes.ts): the one that finishes second finds the entry in place when it
// renames its own, keeps the first one's (same key, so the same bytes) and goes on.
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productsByKey } from '../../src/ingest/product-cache';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-product-race-'));
const saved = process.env.EVALBOARD_CACHE_DIR;
process.env.EVALBOARD_CACHE_DIR = TMP;
afterAll(() => {
  if (saved === undefined) delete process.env.EVALBOARD_CACHE_DIR;
  else process.env.EVALBOARD_CACHE_DIR = saved;
  rmSync(TMP, { recursive: true, force: true });
});

describe('a keyed product written by two processes at once', () => {
  it('keeps the entry that landed first and returns a store that reads it', async () => {
    const first = await productsByKey('race-test', 'k', 'k', (put) => (put('body', 'the bytes'), { n: 1 }));
    const body = first.fileOf('body');
    if (body === undefined) throw new Error('the first write left no body file');
    const at = dirname(body);
    renameSync(at, `${at}.other`);
    // The other process's rename lands while this one computes.
    const second = await productsByKey('race-test', 'k', 'k', (put) => {
      renameSync(`${at}.other`, at);
      put('body', 'the bytes');
      return { n: 1 };
    });
    expect(second.meta).toEqual({ n: 1 });
    expect(second.read('body').toString()).toBe('the bytes');
    expect(readdirSync(dirname(at)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(join(at, 'meta.json'))).toBe(true);
  });
});
