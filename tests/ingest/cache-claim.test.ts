// A cache entry computed once across processes (src/ingest/cache-claim.ts): a process that finds
// the entry claimed by another live process waits for it and reads it; a claim whose holder is
// gone (dead pid, another host) or that outlives the wait is no reason not to compute.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { claimedEntry, holderAlive, withClaim } from '../../src/ingest/cache-claim';

const TMP = mkdtempSync(join(tmpdir(), 'evalboard-claim-'));
const saved = process.env.EVALBOARD_CACHE_DIR;
process.env.EVALBOARD_CACHE_DIR = TMP;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(() => {
  if (saved === undefined) delete process.env.EVALBOARD_CACHE_DIR;
  else process.env.EVALBOARD_CACHE_DIR = saved;
  rmSync(TMP, { recursive: true, force: true });
});

const claimPath = (at: string) => join(TMP, 'claims', createHash('sha256').update(at).digest('hex'));
/** Puts a claim on `at` as the process `pid` on `host` would. */
function claimAs(at: string, pid: number, host = hostname()): void {
  mkdirSync(join(TMP, 'claims'), { recursive: true });
  writeFileSync(claimPath(at), `${host}\t${pid}\n`);
}
/** A process that runs until killed. */
function liveProcess(): number {
  const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(c);
  return c.pid!;
}
/** The pid of a process that has exited. */
const deadPid = (): number => Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());

/** An entry held in a map, as a cache file would be, and how often it was computed. */
function entry(at: string) {
  const store = new Map<string, string>();
  let computed = 0;
  return {
    store,
    computed: () => computed,
    opts: (waitMs?: number) => ({
      at,
      look: () => store.get(at),
      compute: async () => {
        computed++;
        store.set(at, 'computed here');
        return 'computed here';
      },
      ...(waitMs === undefined ? {} : { waitMs }),
    }),
  };
}

describe('a cache entry claimed across processes', () => {
  it('computes an unclaimed entry once, reads it after, and leaves no claim', async () => {
    const e = entry('free');
    expect(await claimedEntry(e.opts())).toBe('computed here');
    expect(await claimedEntry(e.opts())).toBe('computed here');
    expect(e.computed()).toBe(1);
    expect(existsSync(claimPath('free'))).toBe(false);
  });

  it("waits for a live holder's entry and reads it instead of computing", async () => {
    const e = entry('held');
    claimAs('held', liveProcess());
    const waiting = claimedEntry(e.opts());
    await new Promise((r) => setTimeout(r, 300));
    // The holder writes its entry and releases its claim.
    e.store.set('held', 'computed by the holder');
    rmSync(claimPath('held'));
    expect(await waiting).toBe('computed by the holder');
    expect(e.computed()).toBe(0);
  });

  it('computes when the holder failed (its claim released with no entry)', async () => {
    const e = entry('failed');
    claimAs('failed', liveProcess());
    const waiting = claimedEntry(e.opts());
    await new Promise((r) => setTimeout(r, 200));
    rmSync(claimPath('failed'));
    expect(await waiting).toBe('computed here');
    expect(e.computed()).toBe(1);
  });

  it('computes, and removes the claim, when the holder is dead or on another host', async () => {
    for (const [at, host, pid] of [
      ['dead', hostname(), deadPid()],
      ['elsewhere', `not-${hostname()}`, liveProcess()],
    ] as const) {
      claimAs(at, pid, host);
      expect(holderAlive(`${host}\t${pid}\n`, claimPath(at))).toBe(false);
      const e = entry(at);
      expect(await claimedEntry(e.opts())).toBe('computed here');
      expect(e.computed()).toBe(1);
      expect(existsSync(claimPath(at))).toBe(false);
    }
  });

  it("computes at once when a claim names this process's pid but this process does not hold it (a dead process's, the pid reused)", async () => {
    claimAs('reused', process.pid);
    const e = entry('reused');
    const t0 = Date.now();
    expect(await claimedEntry(e.opts(5_000))).toBe('computed here');
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(e.computed()).toBe(1);
    expect(existsSync(claimPath('reused'))).toBe(false);
  });

  it('computes after waitMs when the holder never finishes, and leaves its claim alone', async () => {
    const pid = liveProcess();
    expect(holderAlive(`${hostname()}\t${pid}\n`, claimPath('stuck'))).toBe(true);
    claimAs('stuck', pid);
    const e = entry('stuck');
    const t0 = Date.now();
    expect(await claimedEntry(e.opts(150))).toBe('computed here');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    expect(existsSync(claimPath('stuck'))).toBe(true);
  });

  it('runs one holder at a time in this process too', async () => {
    const order: string[] = [];
    const hold = (name: string) =>
      withClaim('one-at-a-time', async () => {
        order.push(`${name} in`);
        await new Promise((r) => setTimeout(r, 100));
        order.push(`${name} out`);
      });
    await Promise.all([hold('a'), hold('b')]);
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(readdirSync(join(TMP, 'claims')).filter((n) => n === createHash('sha256').update('one-at-a-time').digest('hex'))).toEqual([]);
  });
});
