/**
 * The shared-data helper (`tests/helpers/shared.ts`) on a real test file, run in a child vitest:
 * with the shared data pointed at a folder that does not exist, CI fails naming the missing file,
 * and a local run shows the tests as skipped — never as passed.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingMessage } from './helpers/shared';

const REPO = resolve(__dirname, '..');
const VITEST = join(REPO, 'node_modules', 'vitest', 'vitest.mjs');
const TARGET = 'tests/tile-task/conformance.test.ts';

function runChild(env: Record<string, string | undefined>) {
  const base = { ...process.env };
  delete base.CI;
  delete base.VITEST;
  delete base.VITEST_POOL_ID;
  delete base.VITEST_WORKER_ID;
  const r = spawnSync(process.execPath, [VITEST, 'run', '--project', 'fast', '--reporter=verbose', TARGET], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...base, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    timeout: 120_000,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe('needShared', () => {
  it('under CI=true, missing shared data fails the run with the missing path', () => {
    const { status, out } = runChild({ CI: 'true', EVALBOARD_SHARED: '/nonexistent/evalboard-shared' });
    expect(status).toBe(1);
    expect(out).toContain('/nonexistent/evalboard-shared is absent (no shared reference data); needed: conformance/pathwsi/tile-task-score.json');
    expect(out).toMatch(/Tests\s+1 failed/);
  });

  it('without CI, the same run skips those tests and passes none of them', () => {
    const { status, out } = runChild({ EVALBOARD_SHARED: '/nonexistent/evalboard-shared' });
    expect(status).toBe(0);
    expect(out).toContain('[needs shared data] pathwsi/tile-task-score vectors');
    expect(out).toMatch(/Tests\s+\d+ skipped/);
    expect(out).not.toMatch(/\d+ passed/);
  });

  it('names what is missing under a shared folder that exists', () => {
    expect(missingMessage('x vectors', ['conformance/x/a.json', 'fixtures/x'], REPO)).toBe(`x vectors: missing under ${REPO}: conformance/x/a.json, fixtures/x`);
  });
});
