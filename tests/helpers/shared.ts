/**
 * The ONE place that decides whether the shared reference data (`../shared`: conformance vectors,
 * real fixtures, seed documents) and each file a test names are present.
 *
 * - `EVALBOARD_SHARED=<dir>` points the tests at another copy (or at a missing one, to check the
 *   behaviour below); by default it is `../shared` beside the repository root.
 * - Under CI (`CI` set to anything but `false`/`0`), a missing path FAILS the run: `needShared`
 *   registers a failing test whose message names every missing path.
 * - Elsewhere (a fresh clone without `../shared`), the tests that need it are skipped and show as
 *   skipped — `needShared` registers a skipped test naming what is missing. Nothing passes by
 *   printing a warning.
 *
 * Call `needShared` at collection time (top level of a test file or inside a `describe`), then
 * gate the dependent tests with `describe.skipIf(!need.ok)` / `it.skipIf(!need.has(path))`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { it } from 'vitest';

const REPO = resolve(__dirname, '../..');

/** Where the shared data is looked for. */
export const SHARED = resolve(REPO, process.env.EVALBOARD_SHARED ?? '../shared');

/** Whether this run is CI, where missing shared data is an error, not a skip. */
export const IN_CI = (() => {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
})();

/** Absolute path of a file or folder under the shared data (`sharedPath('conformance', 'latch')`). */
export function sharedPath(...parts: string[]): string {
  return resolve(SHARED, ...parts);
}

export interface SharedNeed {
  /** Every named path is present. */
  ok: boolean;
  /** The named paths (relative to the shared data) that are absent. */
  missing: string[];
  /** Whether this one named path is present. */
  has(relative: string): boolean;
}

/** The failure (CI) or skip message for a group of tests missing shared data. */
export function missingMessage(what: string, missing: readonly string[], root = SHARED): string {
  const where = existsSync(root) ? `missing under ${root}` : `${root} is absent (no shared reference data); needed`;
  return `${what}: ${where}: ${missing.join(', ')}`;
}

/**
 * Decide, once, whether the shared files `relative` (relative to the shared data root) exist, and
 * register the outcome as a test: failing under CI when any is missing, skipped otherwise.
 * `what` names the tests that need them, for the message.
 */
export function needShared(what: string, ...relative: string[]): SharedNeed {
  if (relative.length === 0) throw new Error('needShared: name the shared files the tests read');
  const present = new Map(relative.map((r) => [r, existsSync(sharedPath(r))]));
  const missing = relative.filter((r) => !present.get(r));
  if (missing.length > 0) {
    const message = missingMessage(what, missing);
    if (IN_CI) {
      it(`shared data for ${what} is present`, () => {
        throw new Error(`${message}. CI must run with the shared reference data (set EVALBOARD_SHARED to its folder).`);
      });
    } else it.skip(`[needs shared data] ${message}`, () => {});
  }
  return {
    ok: missing.length === 0,
    missing,
    has: (r: string) => {
      const p = present.get(r);
      if (p === undefined) throw new Error(`needShared(${JSON.stringify(what)}) was not told about ${r}`);
      return p;
    },
  };
}

/** Parse a JSON file under the shared data. Call only once `needShared` said it is present. */
export function readSharedJson<T = unknown>(relative: string): T {
  return JSON.parse(readFileSync(sharedPath(relative), 'utf8')) as T;
}

/** Read a text file under the shared data. Call only once `needShared` said it is present. */
export function readSharedText(relative: string): string {
  return readFileSync(sharedPath(relative), 'utf8');
}
