// Two processes computing the same keyed product at once (the lanes of a cold build,
// scripts/lib/prime-lanes.ts). The other process's entry lands between this one's clearing of the
// entry's folder and its rename into place, so the rename meets a full folder: this process keeps
// the entry that landed first (same key, so the same bytes) and goes on.
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { productsByKey } from '../../src/ingest/product-cache';

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, rmSync: vi.fn(actual.rmSync) };
});

const TMP = fs.mkdtempSync(join(tmpdir(), 'evalboard-product-race-'));
const saved = process.env.EVALBOARD_CACHE_DIR;
process.env.EVALBOARD_CACHE_DIR = TMP;
afterAll(() => {
  if (saved === undefined) delete process.env.EVALBOARD_CACHE_DIR;
  else process.env.EVALBOARD_CACHE_DIR = saved;
  fs.rmSync(TMP, { recursive: true, force: true });
});

describe('a keyed product written by two processes at once', () => {
  it('keeps the entry that landed first when it lands between the clearing and the rename', async () => {
    const first = await productsByKey('race-test', 'k', 'k', (put) => (put('body', 'the bytes'), { n: 1 }));
    const body = first.fileOf('body');
    if (body === undefined) throw new Error('the first write left no body file');
    const at = dirname(body);
    fs.renameSync(at, `${at}.other`);

    const realRm = vi.mocked(fs.rmSync).getMockImplementation();
    if (realRm === undefined) throw new Error('rmSync is not wrapped');
    let landed = false;
    vi.mocked(fs.rmSync).mockImplementation((path, options) => {
      realRm(path, options);
      // The other process's rename lands right after this one cleared the entry's folder.
      if (path === at && !landed) {
        landed = true;
        fs.renameSync(`${at}.other`, at);
      }
    });
    const second = await productsByKey('race-test', 'k', 'k', (put) => (put('body', 'the bytes'), { n: 1 }));
    vi.mocked(fs.rmSync).mockImplementation(realRm);

    expect(landed).toBe(true);
    expect(second.meta).toEqual({ n: 1 });
    expect(second.read('body').toString()).toBe('the bytes');
    expect(fs.readdirSync(dirname(at)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(fs.existsSync(join(at, 'meta.json'))).toBe(true);
  });
});
