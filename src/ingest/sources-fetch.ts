/**
 * The one place `import:sources` touches the network: a source's repository cloned at its pinned
 * commit into a cache outside the repository, `<cache>/<id>@<commit>/`:
 *   git/    a bare, blob-less clone (blobs are fetched only for the checked-out path)
 *   tree/   the files of `path` at the commit, and nothing else (no .git for an importer to walk)
 *   source.json   written last: repo, commit and path of a complete checkout
 * A checkout is built in a temporary folder beside it and renamed into place only once whole, so
 * an interrupted clone is never reused. A cached checkout is reused when its source.json matches.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { SourceEntry } from './sources-schema';

/** A failure of one source: the message names it. */
export class SourceError extends Error {
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(`source "${source}": ${message}`);
  }
}

/** `EVALBOARD_SOURCES_CACHE`, else `$XDG_CACHE_HOME/evalboard/sources`, else `~/.cache/evalboard/sources`. */
export function defaultSourcesCache(): string {
  if (process.env.EVALBOARD_SOURCES_CACHE) return process.env.EVALBOARD_SOURCES_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'evalboard', 'sources');
}

type Pinned = Pick<SourceEntry, 'id' | 'repo' | 'commit' | 'path'>;

const marker = (s: Pinned) => `${JSON.stringify({ repo: s.repo, commit: s.commit, path: s.path ?? '.' }, null, 2)}\n`;

function git(source: string, args: string[], timeoutMs: number): string {
  const r = spawnSync('git', args, {
    encoding: 'utf8',
    timeout: timeoutMs,
    // Never wait for a credential prompt: a missing or private repository fails at once.
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: 'true', LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error) throw new SourceError(source, `git ${args[0]} failed: ${r.error.message}`);
  if (r.status !== 0) {
    const why = (r.stderr || r.stdout).split('\n').filter((l) => l.trim() && !/^warning: filtering not recognized/.test(l)).slice(-4).join(' | ');
    throw new SourceError(source, `git ${args.filter((a) => !a.startsWith('-')).slice(0, 2).join(' ')} failed (${r.signal ?? `exit ${r.status}`}): ${why || 'no message'}`);
  }
  return r.stdout;
}

/**
 * The folder to import for `s` (its `path` at the pinned commit), cloning it into `cacheRoot`
 * unless a complete checkout is already there. Throws a SourceError naming the source.
 */
export function checkoutSource(s: Pinned, cacheRoot: string, opts: { timeoutMs?: number; log?: (line: string) => void } = {}): string {
  const timeout = opts.timeoutMs ?? 15 * 60_000;
  const dir = join(cacheRoot, `${s.id}@${s.commit}`);
  const path = s.path ?? '.';
  const target = (root: string) => (path === '.' ? join(root, 'tree') : join(root, 'tree', ...path.split('/')));
  if (existsSync(join(dir, 'source.json')) && readFileSync(join(dir, 'source.json'), 'utf8') === marker(s)) {
    opts.log?.(`${s.id}: cached checkout ${dir}`);
    return target(dir);
  }
  mkdirSync(cacheRoot, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  try {
    opts.log?.(`${s.id}: cloning ${s.repo} at ${s.commit}`);
    git(s.id, ['clone', '--quiet', '--bare', '--filter=blob:none', '--', s.repo, join(tmp, 'git')], timeout);
    const gitDir = `--git-dir=${join(tmp, 'git')}`;
    const has = () => spawnSync('git', [gitDir, 'cat-file', '-e', `${s.commit}^{commit}`], { stdio: 'ignore' }).status === 0;
    // A pinned commit on no branch (GitHub serves any commit by id) is fetched by its id.
    if (!has()) {
      try {
        git(s.id, [gitDir, 'fetch', '--quiet', '--filter=blob:none', 'origin', s.commit], timeout);
      } catch (e) {
        throw new SourceError(s.id, `commit ${s.commit} is not in ${s.repo} (${(e as Error).message.replace(/^source "[^"]*": /, '')})`);
      }
      if (!has()) throw new SourceError(s.id, `commit ${s.commit} is not in ${s.repo}`);
    }
    mkdirSync(join(tmp, 'tree'));
    try {
      git(s.id, [gitDir, `--work-tree=${join(tmp, 'tree')}`, 'checkout', '--quiet', s.commit, '--', path], timeout);
    } catch (e) {
      throw new SourceError(s.id, `path "${path}" at ${s.commit.slice(0, 12)} could not be checked out: ${(e as Error).message.replace(/^source "[^"]*": /, '')}`);
    }
    if (!existsSync(target(tmp)) || !statSync(target(tmp)).isDirectory()) throw new SourceError(s.id, `path "${path}" is not a folder at ${s.commit.slice(0, 12)} of ${s.repo}`);
    writeFileSync(join(tmp, 'source.json'), marker(s));
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e instanceof SourceError ? e : new SourceError(s.id, (e as Error).message);
  }
  return target(dir);
}
