import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What `npm run build` reads below the checkout; `dist/` is stale when any of it is newer. */
const INPUTS = ['src', 'content', 'results', 'reviews', 'models', 'references', 'public', 'astro.config.mjs'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(path)) if (e !== 'node_modules' && !e.startsWith('.')) m = Math.max(m, newest(join(path, e)));
  return m;
}

function fresh(root: string): boolean {
  const stamp = join(root, 'dist', 'pagefind', 'pagefind-entry.json');
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  return built > Math.max(...INPUTS.map((p) => newest(join(root, p))));
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Run `fn` holding `<root>/.dist-build.lock`, a file naming its holder's pid. Test files of one
 * project run side by side in several workers; without the lock two of them that found `dist/`
 * stale each started `npm run build`, both writing `.dist-next/`. Any other astro build from
 * `root` takes it too: both write `<root>/.astro/` (the content store, and the page chunks of a
 * build whose --outDir lies outside the checkout), and one build's chunks went missing under the
 * other's. A lock left by a killed run (its pid gone) is taken over.
 */
export function withBuildLock(root: string, fn: () => void): void {
  const lock = join(root, '.dist-build.lock');
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    for (;;) {
      try {
        linkSync(mine, lock); // atomic: fails with EEXIST while another process holds it
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      let holder = NaN;
      try {
        holder = Number(readFileSync(lock, 'utf8'));
      } catch {
        continue; // released between our link and this read
      }
      if (!alive(holder)) rmSync(lock, { force: true });
      else sleepSync(250);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  try {
    fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Build the site (astro + pagefind, via `npm run build`) when `dist/` is missing or older than its
 * inputs. Every test file that reads the checkout's built site calls this, so one build serves
 * them all (CONTRIBUTING.md, "The built site").
 */
export function ensureBuilt(root: string): void {
  if (fresh(root)) return;
  withBuildLock(root, () => {
    if (fresh(root)) return; // built by the file that held the lock before us
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  });
}
