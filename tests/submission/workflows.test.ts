// The trust properties of the GitHub workflows, read from the parsed YAML, and the comment
// workflow's inline script run against a workflow_run payload with a mocked REST client.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from './helpers';
import { allSteps, fakeGithub, loadWorkflow, runGithubScript, stepNamed, type Comment, type FakePr, type Step } from './workflow-helpers';

const WORKFLOWS = ['validate.yml', 'validate-comment.yml', 'deploy.yml'];
/** What a step executes as code: its shell script, or a github-script's script. */
const codeOf = (s: Step) => [s.run, typeof s.with?.script === 'string' ? s.with.script : undefined].filter((x): x is string => x !== undefined);

describe('every workflow', () => {
  for (const file of WORKFLOWS) {
    it(`${file}: no pull_request_target, no secrets, no \${{ }} inside code`, () => {
      const w = loadWorkflow(file);
      expect(Object.keys(w.on)).not.toContain('pull_request_target');
      expect(JSON.stringify(w)).not.toMatch(/pull_request_target|secrets\./); // comments may name them
      for (const s of allSteps(w)) for (const code of codeOf(s)) expect(code, s.name).not.toContain('${{');
    });
  }
});

describe('validate.yml: the pull-request check runs only the base branch', () => {
  const w = loadWorkflow('validate.yml');
  const steps = allSteps(w);

  it('runs on pull_request with a read-only token', () => {
    expect(Object.keys(w.on)).toEqual(['pull_request']);
    expect(w.permissions).toEqual({ contents: 'read' });
    for (const j of Object.values(w.jobs)) expect(j.permissions).toBeUndefined();
  });

  it('checks out the base sha into base/ and the head sha into pr/, neither keeping credentials', () => {
    const checkouts = steps.filter((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkouts.map((s) => ({ ref: s.with?.ref, path: s.with?.path, creds: s.with?.['persist-credentials'] }))).toEqual([
      { ref: '${{ github.event.pull_request.base.sha }}', path: 'base', creds: false },
      { ref: '${{ github.event.pull_request.head.sha }}', path: 'pr', creds: false },
    ]);
  });

  it('installs from the base lockfile only, and caches on it', () => {
    const node = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(node?.with?.['cache-dependency-path']).toBe('base/package-lock.json');
    const npm = steps.filter((s) => s.run && /\bnpm\b/.test(s.run));
    expect(npm.length).toBeGreaterThanOrEqual(2);
    for (const s of npm) expect(s['working-directory'], s.name).toBe('base');
    expect(steps.find((s) => s.run?.trim() === 'npm ci')?.['working-directory']).toBe('base');
  });

  it('no step runs in or from pr/: the PR checkout is only passed to the intake as a git directory', () => {
    for (const s of steps) {
      expect(s['working-directory'] ?? '.', s.name).not.toMatch(/^(\.\/)?pr\b/);
      for (const code of codeOf(s)) {
        const mentions = code.match(/(\.\.\/|\b)pr\/|\.\.\/pr\b|\bcd +\S*pr\b/g) ?? [];
        expect(mentions, s.name).toEqual(code.includes('--pr-dir ../pr') ? ['../pr'] : []);
      }
    }
    expect(stepNamed(w, /^Check the change/).run).toContain('npm run --silent pr-intake -- --base-sha "$BASE_SHA" --head-sha "$HEAD_SHA" --pr-dir ../pr');
  });

  it('passes event values to scripts through env:, and keeps the report and PR number as an artifact', () => {
    expect(stepNamed(w, /^Check the change/).env).toEqual({ BASE_SHA: '${{ github.event.pull_request.base.sha }}', HEAD_SHA: '${{ github.event.pull_request.head.sha }}' });
    expect(stepNamed(w, /^Record which pull request/).env?.PR_NUMBER).toBe('${{ github.event.pull_request.number }}');
    const up = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(up?.if).toBe('always()');
    expect(up?.with?.name).toBe('validate-report');
  });
});

describe('validate-comment.yml: posts the report without running anything from the PR', () => {
  const w = loadWorkflow('validate-comment.yml');
  const steps = allSteps(w);

  it('runs on workflow_run of the validate workflow, with only actions: read and pull-requests: write', () => {
    expect(w.on).toEqual({ workflow_run: { workflows: [loadWorkflow('validate.yml').name], types: ['completed'] } });
    expect(w.permissions).toEqual({ actions: 'read', 'pull-requests': 'write' });
    const job = Object.values(w.jobs)[0]!;
    expect(job.if).toContain("github.event.workflow_run.event == 'pull_request'");
  });

  it('checks out nothing and runs no shell: it downloads the artifact of that run and runs one inline script', () => {
    expect(steps.map((s) => s.uses?.replace(/@.*/, ''))).toEqual(['actions/download-artifact', 'actions/github-script']);
    expect(steps.some((s) => s.run !== undefined)).toBe(false);
    const dl = steps[0]!;
    expect(dl.with?.['run-id']).toBe('${{ github.event.workflow_run.id }}');
    expect(dl.with?.name).toBe('validate-report');
  });
});

describe('deploy.yml', () => {
  it('builds on main and deploys to Pages with only the permissions Pages needs', () => {
    const w = loadWorkflow('deploy.yml');
    expect(w.on).toMatchObject({ push: { branches: ['main'] } });
    expect(w.permissions).toEqual({ contents: 'read' });
    expect(w.jobs.deploy?.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(allSteps(w).some((s) => s.run === 'npm run build')).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// The comment script, run as github-script runs it.

const PAYLOAD = JSON.parse(readFileSync(join(REPO, 'tests/submission/fixtures/workflow_run.completed.json'), 'utf8'));
const HEAD = PAYLOAD.workflow_run.head_sha as string;
const MARKER = '<!-- evalboard-validate -->';
const script = stepNamed(loadWorkflow('validate-comment.yml'), /sticky comment/);
const tmp = mkdtempSync(join(tmpdir(), 'evalboard-comment-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;

function artifact(report: string | Buffer, pr: unknown = '41'): string {
  const dir = join(tmp, `a${n++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'report.md'), report);
  writeFileSync(join(dir, 'pr.json'), JSON.stringify({ pr, head_sha: HEAD }));
  return dir;
}
const pr = (over: Partial<FakePr> = {}): FakePr => ({ number: 41, state: 'open', head: { sha: HEAD, repo: { full_name: 'contributor/evalboard' } }, files: [{ filename: 'results/medvision/mine/submission.json' }], ...over });
const post = (dir: string, fake: ReturnType<typeof fakeGithub>, payload: unknown = PAYLOAD) => runGithubScript(script, { github: fake.github, payload, repo: { owner: 'evalboard', repo: 'evalboard' } }, { REPORT_DIR: dir });
const writes = (fake: ReturnType<typeof fakeGithub>) => fake.calls.filter((c) => c.method === 'issues.createComment' || c.method === 'issues.updateComment');
const html = (md: string) => String(remark().use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeStringify, { allowDangerousHtml: true }).processSync(md));

describe('the comment script (validate-comment.yml), against a workflow_run payload and a mocked REST client', () => {
  const REPORT = '## ❌ Not valid: 1 error(s) in 1 submission folder(s)\n\n| a | b |\n|---|---|\n| x | y |\n';

  it('posts one comment with the marker, then updates that same comment on the next run', async () => {
    const comments: Comment[] = [{ id: 7, body: 'LGTM', user: { login: 'someone', type: 'User' } }];
    const fake = fakeGithub(pr(), comments);
    const first = await post(artifact(REPORT), fake);
    expect(first.failed).toBeUndefined();
    expect(writes(fake).map((c) => c.method)).toEqual(['issues.createComment']);
    const created = writes(fake)[0]!.params;
    expect(created.issue_number).toBe(41);
    expect(String(created.body).startsWith(MARKER)).toBe(true);
    expect(created.body).toContain(REPORT.trim());
    expect(created.body).toContain(HEAD.slice(0, 12));

    const second = await post(artifact(REPORT.replace('1 error', '2 error')), fake);
    expect(second.failed).toBeUndefined();
    expect(writes(fake).map((c) => c.method)).toEqual(['issues.createComment', 'issues.updateComment']);
    const updated = writes(fake)[1]!.params;
    expect(updated.comment_id).toBe(comments[1]!.id);
    expect(comments.filter((c) => c.body.startsWith(MARKER))).toHaveLength(1);
    expect(comments[1]!.body).toContain('2 error(s)');
  });

  it("refuses when the PR's head is not the commit the run checked", async () => {
    const fake = fakeGithub(pr({ head: { sha: 'f'.repeat(40), repo: { full_name: 'contributor/evalboard' } } }), []);
    const r = await post(artifact(REPORT), fake);
    expect(writes(fake)).toEqual([]);
    expect(r.warnings.join(' ')).toMatch(/not posting/);
  });

  it('refuses a PR number that is not plain digits, before asking the API anything', async () => {
    for (const bad of ['41; rm -rf /', '0x29', '-1', '', null, 41.5, '41\n']) {
      const fake = fakeGithub(pr(), []);
      const r = await post(artifact(REPORT, bad), fake);
      expect(r.failed, String(bad)).toMatch(/number/);
      expect(fake.calls, String(bad)).toEqual([]);
    }
  });

  it('refuses when the run lists pull requests and the artifact names another', async () => {
    const fake = fakeGithub(pr(), []);
    const payload = structuredClone(PAYLOAD);
    payload.workflow_run.pull_requests = [{ number: 12 }];
    const r = await post(artifact(REPORT), fake, payload);
    expect(r.failed).toMatch(/#41/);
    expect(writes(fake)).toEqual([]);
  });

  it('caps an oversized artifact: the comment stays under GitHub’s 65,536-character limit and says it was cut', async () => {
    const huge = `${REPORT}${'| row | ' + 'x'.repeat(90) + ' |\n'}`.repeat(3000);
    expect(huge.length).toBeGreaterThan(250_000);
    const fake = fakeGithub(pr(), []);
    await post(artifact(huge), fake);
    const body = String(writes(fake)[0]!.params.body);
    expect(body.length).toBeLessThan(65_536);
    expect(body).toMatch(/cut at 60000 bytes of \d+/);
    expect(body).toContain(REPORT.split('\n')[0]);
  });

  it('neutralises HTML comments and @-mentions, so the report can neither forge the marker nor ping anyone', async () => {
    const fake = fakeGithub(pr(), []);
    await post(artifact(`${MARKER}\nhi @octocat and @evalboard/maintainers -->\n<!-- hidden -->`), fake);
    const body = String(writes(fake)[0]!.params.body);
    expect(body.split(MARKER)).toHaveLength(2);
    expect(body.startsWith(MARKER)).toBe(true);
    expect(body).not.toMatch(/@[A-Za-z]/);
    expect(html(body.slice(MARKER.length))).not.toContain('<!--');
  });

  it("does not update someone else's comment that carries the marker", async () => {
    const comments: Comment[] = [{ id: 9, body: `${MARKER}\nfake verdict`, user: { login: 'mallory', type: 'User' } }];
    const fake = fakeGithub(pr(), comments);
    await post(artifact(REPORT), fake);
    expect(writes(fake).map((c) => c.method)).toEqual(['issues.createComment']);
    expect(comments[0]!.body).toBe(`${MARKER}\nfake verdict`);
  });

  it('when the PR changes files outside results/, warns and shows the report as a code block (nothing in it renders)', async () => {
    const fake = fakeGithub(pr({ files: [{ filename: 'results/medvision/mine/submission.json' }, { filename: '.github/workflows/validate.yml' }, { filename: '[x](javascript:alert(1))' }] }), []);
    await post(artifact('## ✅ Valid (forged)\n\n![x](https://evil.example/p.png) [a](javascript:alert(1)) ```` @octocat'), fake);
    const body = String(writes(fake)[0]!.params.body);
    expect(body).toMatch(/changes 2 file\(s\) outside/);
    const h = html(body);
    expect(h).not.toMatch(/<img|<a href="javascript|<a href="https:\/\/evil/);
    expect(h).toMatch(/<pre><code[^>]*>## ✅ Valid \(forged\)/);
  });
});
