/** `npm run import`'s reported tables: written beside `--out` by default, to `--reported <dir>` when given. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { regularFiles } from '../../src/core/fs-walk';

const REPO = resolve(__dirname, '../..');
const need = needShared('import CLI reported tables', 'fixtures/clinicalbench/generated');
const tmp = mkdtempSync(join(tmpdir(), 'evalboard-reported-cli-'));
const run = (...args: string[]) => spawnSync('npx', ['tsx', 'scripts/import.ts', 'clinicalbench', sharedPath('fixtures/clinicalbench'), ...args], { cwd: REPO, encoding: 'utf8' });

describe.skipIf(!need.ok)('import --reported', () => {
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('defaults to reported/ beside --out', () => {
    const r = run('--out', join(tmp, 'a', 'results'));
    expect(r.status, r.stderr).toBe(0);
    expect(regularFiles(join(tmp, 'a', 'reported'))).toEqual([
      'clinicalbench/clinicalbench-seed-20260402-generated-breakdown_639207b_seed20260402.json',
      'clinicalbench/clinicalbench-seed-20260402-generated-breakdown_a7bca03_seed20260402.json',
      'clinicalbench/clinicalbench-seed-42-generated-breakdown_639207b_seed42.json',
    ]);
    expect(r.stdout).toMatch(/reported \(shown, never ranked\): seed 20260402/);
  }, 120_000);

  it('--reported <dir> writes there and nowhere else', () => {
    const r = run('--out', join(tmp, 'b', 'results'), '--reported', join(tmp, 'elsewhere'));
    expect(r.status, r.stderr).toBe(0);
    expect(regularFiles(join(tmp, 'elsewhere'))).toHaveLength(3);
    expect(existsSync(join(tmp, 'b', 'reported'))).toBe(false);
  }, 120_000);
});
