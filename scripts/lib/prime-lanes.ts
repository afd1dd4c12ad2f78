import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { CacheMisses } from '../../src/ingest/submission/prime-shard';
import { astroNodeFlags } from './astro-build';

/**
 * A cold build on every core (docs/scaling.md, "A cold build on both cores"). The astro build is
 * one process and so uses one core, yet most of a cold build is per-sample work that the deploy
 * already splits into two stages of independent jobs (`prime-cache --shard i/n`, then
 * `prime-cache --pairs i/n`). `npm run build` and bench:build run those stages here first, as
 * `lanes` processes side by side writing into the build's own score cache; the astro build then
 * finds every folder's products and every pre-rendered pair cached. The pages are the same bytes:
 * the cache is keyed by content and code, never by which process wrote an entry.
 *
 * Each stage process pays a fixed cost (start-up and the registry; for the pairs, every board
 * computed from the cached products), so the stages run before astro only when the cache misses
 * enough. A warm build goes straight to astro; an incremental one runs the stages in one process
 * beside it (`primeBeside`), where their fixed cost is paid on a core the build leaves idle.
 */

/** Below this many MB of folders to score, the stage processes' fixed cost outweighs the split. */
export const MIN_MISSING_MB = 64;
/** At most this many lanes: each is a process of up to the build's heap (peak RSS grows with them). */
export const MAX_LANES = 4;

export type PrimeStage = '--shard' | '--pairs';

export interface PrimePlan {
  /** Processes per stage; 0 when the stages do not run. */
  lanes: number;
  /** Whether the pairs stage runs after the folders stage (only when most pairs are new). */
  pairs: boolean;
  /**
   * The stages one more process runs beside the astro build, in order (`primeBeside`): an
   * incremental build's new folder and its pairs. Empty unless exactly one folder of at least
   * `EVALBOARD_BUILD_PRIME_MIN_MB` misses, or with `EVALBOARD_BUILD_BESIDE=0`.
   */
  beside: PrimeStage[];
  /** Why, in a few words (printed by the build). */
  reason: string;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^(0|[1-9][0-9]*)$/.test(raw)) throw new Error(`${name} must be a whole number, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

/**
 * How many lanes the build's stages use: `EVALBOARD_BUILD_LANES` when set (0 or 1 turn them off),
 * else one per core up to `MAX_LANES`. Throws on a malformed variable.
 */
export function buildLanes(opts: { cores: number; env: NodeJS.ProcessEnv }): number {
  return positiveInteger(opts.env, 'EVALBOARD_BUILD_LANES') ?? Math.max(1, Math.min(MAX_LANES, Math.floor(opts.cores)));
}

/**
 * Whether to run the stages, from what the cache misses: the folders stage when at least two
 * folders and `EVALBOARD_BUILD_PRIME_MIN_MB` (default `MIN_MISSING_MB`) of them miss; the pairs
 * stage too when at least a quarter of the folders miss (a pair is new when either entry is, and
 * a few new entries' pairs cost less than every board computed once per lane). When one folder
 * of as many MB misses (a new submission), both stages run in one process beside the astro build,
 * which would otherwise do that work on one core while the others idle (docs/scaling.md, "An
 * incremental build on both cores"). Not for the pairs of a few new folders: a pairs process
 * beside astro may hold ≈ 900 MB at `--scale 1`, astro ≈ 1,250, over the build's 2 GB together.
 */
export function planPrime(opts: { misses: CacheMisses; lanes: number; env: NodeJS.ProcessEnv }): PrimePlan {
  const { misses, lanes, env } = opts;
  const besideOn = positiveInteger(env, 'EVALBOARD_BUILD_BESIDE') !== 0;
  const none = (reason: string, beside: PrimeStage[] = []): PrimePlan => ({ lanes: 0, pairs: false, beside: besideOn ? beside : [], reason });
  if (env.EVALBOARD_NO_CACHE) return none('the score cache is off');
  if (lanes < 2) return none('one lane');
  if (misses.missing === 0) return none(`0 of ${misses.folders} folders to score`);
  const minMb = positiveInteger(env, 'EVALBOARD_BUILD_PRIME_MIN_MB') ?? MIN_MISSING_MB;
  // Under minMb the process's fixed cost (start-up, every board: ≈ 10 s of CPU for the pairs
  // stage alone at --scale 1) takes about what it saves the build's thread, and competes with it
  // for the cores.
  if (misses.missingBytes < minMb * 1e6) return none(`${misses.missing} of ${misses.folders} folders, ${(misses.missingBytes / 1e6).toFixed(0)} MB to score, under ${minMb} MB`);
  if (misses.missing < 2) return none(`${misses.missing} of ${misses.folders} folders (${(misses.missingBytes / 1e6).toFixed(0)} MB) to score`, ['--shard', '--pairs']);
  const pairs = misses.missing * 4 >= misses.folders;
  return { lanes: Math.min(lanes, misses.missing), pairs, beside: [], reason: `${misses.missing} of ${misses.folders} folders (${(misses.missingBytes / 1e6).toFixed(0)} MB) to score` };
}

/** How a lane's process is started: `argv` as given, or wrapped (bench:build times each under /usr/bin/time -v). */
export type LaneCommand = (argv: [string, string[]]) => [string, string[]];

export interface LaneRun {
  /** `--shard i/n` or `--pairs i/n`. */
  args: string[];
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wallS: number;
}

interface RunOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  command?: LaneCommand;
}

/**
 * `node <flags> dist-cli/prime-cache.mjs …args`: the compiled tool, which `run.mjs` has just brought
 * up to date, with the astro build's heap cap. Not the 64 MB young generation `npm run prime-cache`
 * starts with (a deploy job runs alone on its runner): the lanes run side by side within the
 * build's 2 GB, and at `--scale 1` two pairs lanes with it held 1,978 MB together.
 */
function primeArgv(opts: RunOptions, args: readonly string[]): [string, string[]] {
  const argv: [string, string[]] = [process.execPath, [...astroNodeFlags(opts.env), join(opts.root, 'dist-cli', 'prime-cache.mjs'), ...args]];
  return opts.command ? opts.command(argv) : argv;
}

/** What the score cache misses of the tree the build reads (`prime-cache --missing`), and the probe's stderr. */
export function probeMisses(opts: RunOptions): { misses: CacheMisses; stderr: string } {
  const [cmd, args] = primeArgv(opts, ['--missing']);
  const r = spawnSync(cmd, args, { cwd: opts.root, env: opts.env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`prime-cache --missing failed (${r.signal ?? `exit ${r.status}`}): ${r.stderr.trim().slice(-2000)}`);
  return { misses: JSON.parse(r.stdout) as CacheMisses, stderr: r.stderr };
}

function startLane(opts: RunOptions, args: string[]): { child: ChildProcess; done: Promise<LaneRun> } {
  const [cmd, argv] = primeArgv(opts, args);
  const t0 = performance.now();
  const child = spawn(cmd, argv, { cwd: opts.root, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout!.on('data', (b: Buffer) => out.push(b));
  child.stderr!.on('data', (b: Buffer) => err.push(b));
  const done = new Promise<LaneRun>((resolve) => {
    const finish = (status: number | null, signal: NodeJS.Signals | null, extra = '') =>
      resolve({ args, status, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') + extra, wallS: (performance.now() - t0) / 1000 });
    child.on('error', (e) => finish(null, null, e.message));
    child.on('close', (status, signal) => finish(status, signal));
  });
  return { child, done };
}

const runLane = (opts: RunOptions, args: string[]): Promise<LaneRun> => startLane(opts, args).done;

/** One stage: `lanes` processes of `prime-cache <flag> i/lanes` side by side. */
export function runStage(opts: RunOptions & { flag: PrimeStage; lanes: number }): Promise<LaneRun[]> {
  return Promise.all(Array.from({ length: opts.lanes }, (_, i) => runLane(opts, [opts.flag, `${i + 1}/${opts.lanes}`])));
}

/**
 * The planned stages, folders then (when planned) pairs. A lane that fails costs only time: the
 * astro build computes whatever it left, and reports any error itself, so a failure is returned
 * for the caller to print, never thrown.
 */
export async function primeInLanes(opts: RunOptions & { plan: PrimePlan }): Promise<LaneRun[]> {
  if (opts.plan.lanes < 2) return [];
  const runs = await runStage({ ...opts, flag: '--shard', lanes: opts.plan.lanes });
  if (opts.plan.pairs && runs.every((r) => r.status === 0)) runs.push(...(await runStage({ ...opts, flag: '--pairs', lanes: opts.plan.lanes })));
  return runs;
}

/**
 * The niceness of the process beside astro: astro's threads (its main thread and ≈ 0.3 of a core of
 * collector and I/O threads) come first, the process takes the cycles they leave.
 */
const BESIDE_NICE = '10';

export interface Beside {
  /** The stages' runs, once the last has ended or `stop` was called. */
  done: Promise<LaneRun[]>;
  /** Ends the running stage (SIGTERM) and starts no other: the astro build has finished and needs nothing more. */
  stop: () => void;
}

/**
 * `plan.beside`'s stages, one process each (`prime-cache <stage> 1/1`), one after another, while the
 * caller runs the astro build. The two go through the same gate and the same product keys, so
 * whichever reaches an entry first computes it and the other waits for it (src/ingest/cache-claim.ts):
 * the lane, which starts on the new folder at once while astro bundles, takes the scoring, the
 * pairs and the per-sample files off the build's one thread. The pages are the same bytes whoever
 * computed an entry. A failed stage costs only time: the build computes what it left.
 */
export function primeBeside(opts: RunOptions & { plan: PrimePlan }): Beside {
  let stopped = false;
  let current: ChildProcess | undefined;
  const done = (async () => {
    const runs: LaneRun[] = [];
    for (const flag of opts.plan.beside) {
      if (stopped) break;
      const lane = startLane({ ...opts, env: { ...opts.env, EVALBOARD_PRIME_NICE: BESIDE_NICE } }, [flag, '1/1']);
      current = lane.child;
      const run = await lane.done;
      current = undefined;
      runs.push(run);
      if (run.status !== 0) break;
    }
    return runs;
  })();
  return {
    done,
    stop: () => {
      stopped = true;
      current?.kill('SIGTERM');
    },
  };
}

/** The cores this process may use. */
export const cores = (): number => availableParallelism();
