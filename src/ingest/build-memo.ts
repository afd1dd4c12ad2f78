import { resolve } from 'node:path';

/**
 * Values computed from the input trees (results/, references/) once per `astro build` instead of
 * once per product keyed by them: a folder's tree hash is part of every cache key of the folder
 * (score, check, digest, boards, compare data, explorer pieces …) and each call walked and
 * `lstat`ed every file again; its safety walk ran for the folder pass and again for validation.
 *
 * Sound only while the inputs cannot change: a build writes only to its output and the cache. So
 * the memo is on between `astro:build:start` and `astro:build:done` (src/integrations/build-memo.ts)
 * and off everywhere else — the dev server, the CLIs and tests, whose files change under them,
 * compute every time. Kept on globalThis: the integration and the routes are two module
 * instances in one process.
 */
interface Memo {
  values: Map<string, unknown>;
}

const KEY = Symbol.for('evalboard.build-memo');
const state = globalThis as Record<symbol, Memo | undefined>;

/** Starts a build's memo (forgetting any earlier one: a failed build in the same process never ended its own). */
export function beginBuildMemo(): void {
  state[KEY] = { values: new Map() };
}

/** Ends the build's memo: from here on every value is computed again. */
export function endBuildMemo(): void {
  delete state[KEY];
}

/** Whether a build's memo is on. */
export const buildMemoActive = (): boolean => state[KEY] !== undefined;

/**
 * `compute()` once per build for (`kind`, the absolute paths in `paths`); outside a build, every
 * call computes. `kind` names what is computed, so two functions of one folder never share a value.
 */
export function memoForBuild<T>(kind: string, paths: readonly string[], compute: () => T): T {
  const memo = state[KEY];
  if (!memo) return compute();
  const key = `${kind}\0${paths.map((p) => resolve(p)).join('\0')}`;
  if (memo.values.has(key)) return memo.values.get(key) as T;
  const value = compute();
  memo.values.set(key, value);
  return value;
}
