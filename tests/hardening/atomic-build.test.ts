/**
 * Atomic publish: a build killed at any point leaves the previous dist/ byte for byte as it was.
 * Each case starts `npm run build` in its own process group, waits for the named stage, and
 * SIGKILLs the whole group (the script and the astro/pagefind children it runs). A build that
 * outgrows its heap cap fails the same way, and says which variable raises the cap.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../e2e/build';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');

function treeHash(dir: string): string {
  const h = createHash('sha256');
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      const st = statSync(p);
      h.update(relative(dir, p)).update('\0');
      if (st.isDirectory()) walk(p);
      else h.update(readFileSync(p));
    }
  };
  walk(dir);
  return h.digest('hex');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Start a build, wait until it reaches `stage` (plus `after` ms), then kill its process group. */
async function killDuring(stage: string, opts: { hold?: boolean; after?: number }): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'evalboard-kill-'));
  const stages = join(tmp, 'stages');
  const child = spawn('npm', ['run', '--silent', 'build'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, EVALBOARD_BUILD_STAGES: stages, ...(opts.hold ? { EVALBOARD_BUILD_HOLD: stage } : {}) },
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const deadline = Date.now() + 240_000;
  while (!(existsSync(stages) && readFileSync(stages, 'utf8').split('\n').includes(stage))) {
    if (Date.now() > deadline) throw new Error(`build never reached stage ${stage}`);
    await sleep(50);
  }
  await sleep(opts.after ?? 0);
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
  await sleep(200); // let the killed group's last writes land before looking
  rmSync(tmp, { recursive: true, force: true });
}

describe('atomic publish', () => {
  let before: string;
  beforeAll(() => {
    ensureBuilt(ROOT);
    before = treeHash(DIST);
  }, 600_000);

  it('a build killed while astro renders leaves dist/ unchanged', async () => {
    await killDuring('astro', { after: 4000 });
    expect(treeHash(DIST)).toBe(before);
  }, 300_000);

  it('a build killed while pagefind indexes leaves dist/ unchanged', async () => {
    await killDuring('pagefind', { after: 300 });
    expect(treeHash(DIST)).toBe(before);
  }, 300_000);

  it('a build killed just before the swap leaves dist/ unchanged', async () => {
    await killDuring('swap', { hold: true, after: 100 });
    expect(existsSync(join(ROOT, '.dist-next', 'index.html'))).toBe(true); // the new site was complete, and still not published
    expect(treeHash(DIST)).toBe(before);
  }, 300_000);

  it('a build that outgrows its heap cap fails, names EVALBOARD_BUILD_HEAP_MB and leaves dist/ unchanged', () => {
    const r = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      env: { ...process.env, EVALBOARD_BUILD_HEAP_MB: '48' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('heap out of memory'); // V8's own message: the cap reached the astro process
    expect(r.stderr).toContain('needs more than its 48 MB heap');
    expect(r.stderr).toContain('EVALBOARD_BUILD_HEAP_MB');
    expect(treeHash(DIST)).toBe(before);
  }, 300_000);

  it('a heap cap that is not a whole number of megabytes is refused before anything is built', () => {
    const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, EVALBOARD_BUILD_HEAP_MB: '1.5g' } });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('EVALBOARD_BUILD_HEAP_MB must be a whole number of megabytes, got "1.5g"');
    expect(treeHash(DIST)).toBe(before);
  }, 120_000);
});
