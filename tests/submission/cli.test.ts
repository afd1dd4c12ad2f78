import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, REPO, exampleExists } from './helpers';

const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'scripts/validate.ts'), ...args], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
const mv = `results/medvision/${EXAMPLES.medvision}`;

describe.skipIf(!exampleExists('medvision'))('validate CLI contract', () => {
  it('exit 0 and a verdict-first markdown report for a valid folder (--format markdown, what the PR check shows)', () => {
    const r = run(mv, '--format', 'markdown');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^## ✅ Valid/);
    expect(r.stdout).toContain('#### Findings');
    expect(r.stdout).toContain('#### Rows this submission adds');
  });

  it('prints plain text by default: no markdown, no HTML entities, no colour when stdout is not a terminal', () => {
    const r = run(mv);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^Valid: 1 submission folder/);
    expect(r.stdout).toContain('Rows this submission adds');
    expect(r.stdout).not.toMatch(/^#|\|---|&lt;|&gt;|&amp;|<details>|\*\*/m);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('--format json prints one JSON document', () => {
    const r = run(mv, '--format', 'json');
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.valid).toBe(true);
    expect(doc.submissions[0].dir).toBe(mv);
    expect(JSON.stringify(doc)).not.toContain('"contact"');
  });

  it('exit 1 for a folder outside results/ and for a missing folder', () => {
    expect(run('src').status).toBe(1);
    const r = run('results/medvision/no-such-submission');
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[0]).toMatch(/^Not valid/);
  });

  it('exit 2 on usage errors', () => {
    expect(run().status).toBe(2);
    expect(run(mv, '--format', 'html').status).toBe(2);
    expect(run(mv, '--bogus').status).toBe(2);
  });

  it('--changed-files: edits to another submission folder fail', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalboard-changed-'));
    try {
      const list = join(dir, 'changed.txt');
      writeFileSync(list, `A\t${mv}/submission.json\nM\tresults/medvision/someone-else/submission.json\nM\tREADME.md\n`);
      const bad = run(mv, '--changed-files', list);
      expect(bad.status).toBe(1);
      expect(bad.stdout).toContain("edits another submission's folder");
      writeFileSync(list, `A\t${mv}/submission.json\n`);
      expect(run(mv, '--changed-files', list).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
