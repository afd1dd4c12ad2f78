// ensureBuilt (tests/e2e/build.ts), the one build of the checkout that the site, hardening and e2e
// files share, on a stand-in checkout whose `npm run build` logs each run and takes a second: two
// processes that find dist/ stale at the same moment run one build between them, a lock left by a
// process that is gone is taken over, and a fresh dist/ is not built again.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const BUILD_TS = join(import.meta.dirname, 'e2e', 'build.ts');
const FAKE_BUILD = `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
appendFileSync('builds.log', process.pid + '\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
mkdirSync('dist/pagefind', { recursive: true });
writeFileSync('dist/pagefind/pagefind-entry.json', '{}');
`;

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'evalboard-ensure-built-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'stand-in', private: true, scripts: { build: 'node build.mjs' } }));
  writeFileSync(join(root, 'build.mjs'), FAKE_BUILD);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'page.ts'), 'export {};\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const builds = () => (existsSync(join(root, 'builds.log')) ? readFileSync(join(root, 'builds.log'), 'utf8').trim().split('\n') : []);
const code = `import(${JSON.stringify(BUILD_TS)}).then((m) => m.ensureBuilt(process.argv[1]))`;
const ensureBuiltIn = (dir: string) =>
  new Promise<number | null>((res) => spawn(process.execPath, ['--import', 'tsx', '-e', code, dir], { stdio: ['ignore', 'ignore', 'inherit'] }).on('exit', res));

describe('ensureBuilt', () => {
  it('two processes that find dist/ stale at once run one build between them, and leave no lock', async () => {
    expect(await Promise.all([ensureBuiltIn(root), ensureBuiltIn(root)])).toEqual([0, 0]);
    expect(builds()).toHaveLength(1);
    expect(existsSync(join(root, 'dist', 'pagefind', 'pagefind-entry.json'))).toBe(true);
    expect(existsSync(join(root, '.dist-build.lock'))).toBe(false);
  }, 60_000);

  it('takes over a lock whose holder is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(root, '.dist-build.lock'), String(gone));
    expect(await ensureBuiltIn(root)).toBe(0);
    expect(builds()).toHaveLength(1);
    expect(existsSync(join(root, '.dist-build.lock'))).toBe(false);
  }, 60_000);

  it('does not build a dist/ newer than its inputs again', async () => {
    expect(await ensureBuiltIn(root)).toBe(0);
    expect(await ensureBuiltIn(root)).toBe(0);
    expect(builds()).toHaveLength(1);
  }, 60_000);
});
