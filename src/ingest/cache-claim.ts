/**
 * One computation of a cache entry across processes. An incremental build runs a prime lane beside
 * the astro build (scripts/lib/prime-lanes.ts): both go through the same gate and may reach the new
 * submission's entries at the same moment. Whoever starts an entry first claims it; the other waits
 * for the entry instead of computing the same bytes a second time.
 *
 * A claim is a file under `<cache>/claims/`, named by the entry and holding its holder's host and
 * pid. It only saves work, never decides a result: the entry is keyed by its inputs and written
 * whole by a rename, so whoever computes it writes the same bytes. A waiter therefore stops waiting
 * and computes the entry itself when the holder is gone (its pid no longer runs, or it ran on
 * another host: a cache restored from elsewhere), when the claim is removed without an entry (the
 * holder failed), or after `waitMs`. Entries depend on entries in one direction only (a pair on its
 * entries' data, never the reverse), so two processes never wait on each other.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { cacheRoot } from './cache-root';

/** How long a waiter waits for one entry before computing it itself (a folder's pass at `--scale 1` takes seconds). */
export const CLAIM_WAIT_MS = 300_000;
const POLL_MS = 25;

const claimFile = (at: string): string => join(cacheRoot(), 'claims', createHash('sha256').update(at).digest('hex'));

const holderText = (): string => `${hostname()}\t${process.pid}\n`;

/** The claim files this process holds now: a claim naming this pid but not among them is a dead process's whose pid we reuse. */
const held = new Set<string>();

/** Whether the process named by claim `file`'s text may still be computing its entry. */
export function holderAlive(text: string, file: string): boolean {
  const m = /^(.*)\t(\d+)\n$/.exec(text);
  if (!m || m[1] !== hostname()) return false;
  const pid = Number(m[2]);
  if (pid === process.pid) return held.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the claim on `at`; false when another claim is in place. Throws only when the claims folder cannot be written. */
function take(file: string): boolean {
  mkdirSync(join(file, '..'), { recursive: true });
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, holderText());
  } finally {
    closeSync(fd);
  }
  held.add(file);
  return true;
}

function release(file: string): void {
  held.delete(file);
  try {
    unlinkSync(file);
  } catch {
    // already gone (a sweep, or a waiter that found it stale)
  }
}

/** The claim's text, or undefined when there is none. */
function readClaim(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Test hook: `EVALBOARD_TEST_CLAIM_HOLD=<ms>:<key prefix>` holds each claim on such a key that long
 * before its work starts, so a test can start a second process while the first holds it.
 */
async function testHold(at: string): Promise<void> {
  const m = /^(\d+):(.*)$/s.exec(process.env.EVALBOARD_TEST_CLAIM_HOLD ?? '');
  if (m && at.startsWith(m[2]!)) await sleep(Number(m[1]));
}

/**
 * `run()` while holding the claim on `at`, after waiting for any other live holder to release it;
 * without a writable claims folder (a read-only checkout), or after `waitMs` of waiting, it runs
 * unclaimed.
 */
export async function withClaim<T>(at: string, run: () => Promise<T>, opts: { waitMs?: number } = {}): Promise<T> {
  const file = claimFile(at);
  const deadline = Date.now() + (opts.waitMs ?? CLAIM_WAIT_MS);
  for (;;) {
    let mine: boolean;
    try {
      mine = take(file);
    } catch {
      return run();
    }
    if (mine) {
      try {
        await testHold(at);
        return await run();
      } finally {
        release(file);
      }
    }
    const text = readClaim(file);
    if (text === undefined) continue; // released meanwhile
    if (Date.now() >= deadline) return run(); // a holder that is stuck: its claim stays its own
    if (!holderAlive(text, file)) {
      // A holder that died: its claim is removed, only if it is still the same claim.
      if (readClaim(file) === text) release(file);
      continue;
    }
    await sleep(POLL_MS);
  }
}

export interface ClaimOptions<T> {
  /** The entry's path in the cache (its file or folder), or any key: what the claim is named by. */
  at: string;
  /** The entry when it is in the cache, else undefined. */
  look: () => T | undefined;
  /** Computes and writes the entry, returning it. */
  compute: () => Promise<T>;
  waitMs?: number;
}

/**
 * The entry at `at`: read when cached, else computed once by whichever process claims it first,
 * the others waiting for it and then reading it.
 */
export async function claimedEntry<T>(opts: ClaimOptions<T>): Promise<T> {
  // Looked at again under the claim: the holder before us may have written it.
  return opts.look() ?? (await withClaim(opts.at, async () => opts.look() ?? (await opts.compute()), opts));
}
