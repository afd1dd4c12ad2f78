import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers';

const wf = (n: string) => readFileSync(join(REPO, '.github', 'workflows', n), 'utf8');

describe('GitHub workflows (actionlint is not installable here; these pin the security contract)', () => {
  it('validate.yml: pull_request only, read-only token, no secrets, runs validate as documented, job summary', () => {
    const y = wf('validate.yml');
    const code = y.split('\n').filter((l) => !l.trim().startsWith('#')).join('\n');
    expect(code).toMatch(/^on:\n {2}pull_request:/m);
    expect(code).not.toContain('pull_request_target');
    expect(code).toMatch(/^permissions:\n {2}contents: read$/m);
    expect(code).not.toMatch(/secrets\./);
    expect(code).toContain('persist-credentials: false');
    expect(code).toContain('npm run --silent validate -- "${folders[@]}" --changed-files');
    expect(code).toContain('$GITHUB_STEP_SUMMARY');
  });
  it('deploy.yml: builds on main and deploys to Pages with only the permissions Pages needs', () => {
    const y = wf('deploy.yml');
    expect(y).toMatch(/push:\n {4}branches: \[main\]/);
    expect(y).toContain('npm run build');
    expect(y).toContain('actions/deploy-pages@v4');
    expect(y).toMatch(/permissions:\n {6}pages: write\n {6}id-token: write/);
  });
});
