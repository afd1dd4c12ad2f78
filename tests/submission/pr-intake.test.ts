// The pull-request check end to end, on real git repositories: a base commit made from this work
// tree, one branch per pull request, and the validate workflow's own shell steps (read from
// .github/workflows/validate.yml) run from a base checkout against a separate PR checkout, exactly
// as the runner lays them out (<workspace>/base, <workspace>/pr).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './helpers';
import { fakeGithub, loadWorkflow, runGithubScript, runStep, stepNamed, type ShellResult } from './workflow-helpers';

const DEMO = 'results/medvision/demo-api-flash-demo';
const VICTIM = 'results/medvision/demo-api-pro-demo';
const HOSTILE_NAME = '![x](https://evil.example/p.png) [a](javascript:alert(1)) @octocat **bold** | pipe www.evil.example';

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=PR author', '-c', 'user.email=pr@example.org', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** Every file of this work tree that git would see (tracked or new, not ignored), copied as it is. */
function copyWorkTree(dest: string) {
  const list = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  for (const rel of list) {
    if (rel === 'node_modules' || rel.startsWith('node_modules/')) continue; // a linked node_modules is not ignored by `node_modules/`
    const src = join(REPO, rel);
    let st;
    try {
      st = lstatSync(src);
    } catch {
      continue; // deleted in the work tree
    }
    const to = join(dest, rel);
    mkdirSync(dirname(to), { recursive: true });
    if (st.isSymbolicLink()) symlinkSync(readlinkSync(src), to);
    else if (st.isFile()) copyFileSync(src, to);
  }
}

/**
 * A new submission folder: the demo under a new id (and, optionally, a hostile harness name), with
 * the last sample of each JSONL file dropped so it is not a duplicate of the demo, and without the
 * demo's own aggregates (`*_results.json`, optional claims, which would no longer agree).
 */
function addSubmission(repo: string, id: string, harnessName?: string) {
  const dir = join(repo, 'results/medvision', id);
  spawnSync('cp', ['-R', join(repo, DEMO), dir]);
  for (const f of spawnSync('find', [dir, '-type', 'f', '-name', '*.jsonl'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)) {
    const lines = readFileSync(f, 'utf8').trimEnd().split('\n');
    writeFileSync(f, `${lines.slice(0, -1).join('\n')}\n`);
  }
  spawnSync('find', [dir, '-type', 'f', '-name', '*_results.json', '-delete']);
  const sj = JSON.parse(readFileSync(join(dir, 'submission.json'), 'utf8'));
  sj.id = id;
  if (harnessName) sj.harness.name = harnessName;
  writeFileSync(join(dir, 'submission.json'), `${JSON.stringify(sj, null, 2)}\n`);
}

const write = (repo: string, rel: string, text: string) => {
  mkdirSync(dirname(join(repo, rel)), { recursive: true });
  writeFileSync(join(repo, rel), text);
};

/** The pull requests: each a function that edits the origin work tree on its own branch. */
const PRS: Record<string, (repo: string) => void> = {
  clean: (r) => addSubmission(r, 'pr-clean', HOSTILE_NAME),
  // The PR also rewrites the checker and the intake script to report itself valid.
  src: (r) => {
    addSubmission(r, 'pr-src');
    write(r, 'src/ingest/submission/changed-files.ts', `${readFileSync(join(r, 'src/ingest/submission/changed-files.ts'), 'utf8')}\nexport const pwned = true;\n`);
    write(r, 'scripts/pr-intake.ts', "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.argv.at(-1)!, '## ✅ Valid (forged)\\n');\n");
  },
  // The PR's package.json would make `npm run pr-intake` print a forged verdict.
  pkg: (r) => {
    addSubmission(r, 'pr-pkg');
    const pkg = JSON.parse(readFileSync(join(r, 'package.json'), 'utf8'));
    pkg.scripts['pr-intake'] = "node -e \"require('fs').writeFileSync(process.argv.at(-1), '## ✅ Valid (forged)')\"";
    write(r, 'package.json', `${JSON.stringify(pkg, null, 2)}\n`);
  },
  // A file with a non-ASCII name in a competitor's folder (git quotes it in line output), and a
  // name with a tab and a newline in the PR's own folder.
  quoted: (r) => {
    addSubmission(r, 'pr-quoted');
    write(r, `${VICTIM}/Results/MedVision-detect/x_Axialé.jsonl`, '{}\n');
    write(r, 'results/medvision/pr-quoted/a\tb\nc.json', '{}\n');
  },
  // Only a symlink that would make results/medvision/evil point at results/.
  symlink: (r) => symlinkSync('..', join(r, 'results/medvision/evil')),
  // A symlink inside the PR's own folder, pointing into a competitor's folder.
  'inner-symlink': (r) => {
    addSubmission(r, 'pr-link');
    symlinkSync(`../${VICTIM.split('/').at(-1)}/submission.json`, join(r, 'results/medvision/pr-link/other.json'));
  },
  // The PR credits its own data to a public repository listed in sources.json.
  source: (r) => {
    addSubmission(r, 'pr-source');
    const file = join(r, 'results/medvision/pr-source/submission.json');
    const sj = JSON.parse(readFileSync(file, 'utf8'));
    sj.source = { repo: 'https://github.com/latchbio/scbench', commit: '4a7d2b0b6f792dee7b436c385cacf4faaf37646f', licence: 'Apache-2.0', attribution: 'LatchBio' };
    writeFileSync(file, `${JSON.stringify(sj, null, 2)}\n`);
  },
  reviews: (r) => {
    addSubmission(r, 'pr-reviews');
    write(r, 'reviews/medvision/pr-reviews.json', '{"status":"accepted"}\n');
  },
  // A plain new file inside a folder that is already on the base branch.
  existing: (r) => write(r, `${VICTIM}/extra.json`, '{}\n'),
  // A submission of a model nobody has registered yet, with that model's new registry file.
  'new-model': (r) => {
    addSubmission(r, 'pr-new-model');
    const sjFile = join(r, 'results/medvision/pr-new-model/submission.json');
    const sj = JSON.parse(readFileSync(sjFile, 'utf8'));
    const reg = JSON.parse(readFileSync(join(r, 'models', `${sj.model}.json`), 'utf8'));
    sj.model = 'acme-newcomer-7b';
    writeFileSync(sjFile, `${JSON.stringify(sj, null, 2)}\n`);
    write(r, 'models/acme-newcomer-7b.json', `${JSON.stringify({ ...reg, id: 'acme-newcomer-7b', name: 'Acme Newcomer 7B', aliases: [] }, null, 2)}\n`);
  },
  // A registry file for a model other than the one the submission names.
  'other-model': (r) => {
    addSubmission(r, 'pr-other-model');
    const reg = JSON.parse(readFileSync(join(r, 'models', readdirSync(join(r, 'models')).sort()[0]!), 'utf8'));
    write(r, 'models/acme-unrelated-7b.json', `${JSON.stringify({ ...reg, id: 'acme-unrelated-7b', name: 'Acme Unrelated 7B', aliases: [] }, null, 2)}\n`);
  },
};

interface Outcome extends ShellResult {
  report: string;
  summary: string;
  prJson: string;
  baseSha: string;
  headSha: string;
  artifactDir: string;
  /** The PR's changed files, as GitHub's "list pull request files" would name them. */
  files: string[];
}

let tmp = '';
const outcomes: Record<string, Outcome> = {};
const validate = loadWorkflow('validate.yml');

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'evalboard-pr-intake-'));
  const origin = join(tmp, 'origin');
  mkdirSync(origin);
  git(origin, 'init', '-q');
  copyWorkTree(origin);
  git(origin, 'add', '-A');
  git(origin, 'commit', '-qm', 'base');
  const baseSha = git(origin, 'rev-parse', 'HEAD');
  const heads: Record<string, string> = {};
  for (const [name, edit] of Object.entries(PRS)) {
    git(origin, 'checkout', '-qb', `pr-${name}`, baseSha);
    edit(origin);
    git(origin, 'add', '-A');
    git(origin, 'commit', '-qm', `pr ${name}`);
    heads[name] = git(origin, 'rev-parse', 'HEAD');
  }
  git(origin, 'checkout', '-q', baseSha);

  // The PR checkout: one clone with every branch (the check reads only its git objects), its work
  // tree at the symlink PR, so following anything in it would leave the folder.
  const prClone = join(tmp, 'pr');
  git(tmp, 'clone', '-q', '--no-checkout', origin, prClone);
  git(prClone, 'checkout', '-q', heads.symlink!);
  // The base checkout, once; each workspace gets a hard-linked copy (the check only adds files).
  const baseClone = join(tmp, 'base');
  git(tmp, 'clone', '-q', '--no-checkout', origin, baseClone);
  git(baseClone, 'checkout', '-q', baseSha);
  symlinkSync(join(REPO, 'node_modules'), join(baseClone, 'node_modules'));

  const intake = stepNamed(validate, /^Check the change/);
  const record = stepNamed(validate, /^Record which pull request/);
  await Promise.all(
    Object.entries(heads).map(async ([name, headSha], i) => {
      // The runner's workspace: base/ at the base commit (+ its installed node_modules), pr/ at the head.
      const ws = join(tmp, `ws-${name}`);
      mkdirSync(ws);
      const cp = spawnSync('cp', ['-al', baseClone, join(ws, 'base')]);
      if (cp.status !== 0) throw new Error(`cp -al: ${String(cp.stderr)}`);
      symlinkSync(prClone, join(ws, 'pr'));
      const runnerTemp = join(ws, 'runner-temp');
      mkdirSync(runnerTemp);
      const env = { RUNNER_TEMP: runnerTemp, GITHUB_STEP_SUMMARY: join(runnerTemp, 'summary.md') };
      writeFileSync(env.GITHUB_STEP_SUMMARY, '');
      const expr = { 'github.event.pull_request.base.sha': baseSha, 'github.event.pull_request.head.sha': headSha, 'github.event.pull_request.number': String(40 + i) };
      const r = await runStep(intake, ws, expr, env);
      await runStep(record, ws, expr, env);
      const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '');
      const files = git(origin, 'diff', '--name-only', '-z', baseSha, headSha).split('\0').filter(Boolean);
      outcomes[name] = { ...r, artifactDir: join(runnerTemp, 'validate-report'), files, report: read(join(runnerTemp, 'validate-report/report.md')), summary: read(env.GITHUB_STEP_SUMMARY), prJson: read(join(runnerTemp, 'validate-report/pr.json')), baseSha, headSha };
    }),
  );
}, 180_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const errorsOf = (o: Outcome) => o.report.split('\n').filter((l) => l.startsWith('| ❌ error'));
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&' };
/** Decode the entities rehype-stringify writes, in one pass (so `&#x26;lt;` stays `&lt;`). */
const decode = (s: string) => s.replace(/&(#x[0-9a-f]+|lt|gt|quot|amp);/gi, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(parseInt(e.slice(2), 16)) : ENTITIES[e.toLowerCase()]!));
const html = (md: string) => String(remark().use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeStringify, { allowDangerousHtml: true }).processSync(md));

describe('the pull-request check, run as validate.yml runs it', () => {
  it('a clean pull request adding one new folder passes, and the report is in the job summary', () => {
    const o = outcomes.clean!;
    expect(o.status, o.stderr + o.report).toBe(0);
    expect(o.report.split('\n')[0]).toMatch(/^## ✅ Valid/);
    expect(o.report).toContain('results/medvision/pr-clean');
    expect(errorsOf(o)).toEqual([]);
    expect(o.summary).toBe(o.report);
    expect(JSON.parse(o.prJson)).toEqual({ pr: '40', head_sha: o.headSha });
  });

  it("the clean PR's hostile harness name renders as text: no image, no link, no HTML, no mention", () => {
    const h = html(outcomes.clean!.report);
    expect(h).not.toMatch(/<img|<a |<b>/);
    const text = decode(h.replace(/<[^>]+>/g, '')).replace(/\u200b/g, '');
    expect(text).toContain(HOSTILE_NAME);
  });

  it('a PR that also edits src/ and scripts/ fails, and its edited checker is never run', () => {
    const o = outcomes.src!;
    expect(o.status).toBe(1);
    expect(o.report).not.toContain('forged');
    expect(o.report.split('\n')[0]).toMatch(/^## ❌ Not valid/);
    const errs = errorsOf(o).join('\n');
    expect(errs).toMatch(/src\/ingest\/submission\/changed-files\.ts.*outside results\//);
    expect(errs).toMatch(/scripts\/pr-intake\.ts.*outside results\//);
  });

  it('a PR that edits package.json fails, and its npm script is never run', () => {
    const o = outcomes.pkg!;
    expect(o.status).toBe(1);
    expect(o.report).not.toContain('forged');
    expect(errorsOf(o).join('\n')).toMatch(/\| package\.json \|.*outside results\//);
  });

  it("a non-ASCII path in a competitor's folder and a name with a tab and a newline are errors", () => {
    const o = outcomes.quoted!;
    expect(o.status).toBe(1);
    const errs = errorsOf(o);
    const victim = errs.filter((l) => l.includes('demo-api-pro-demo/Results/MedVision-detect/x'));
    expect(victim.some((l) => /non-ASCII/.test(l))).toBe(true);
    expect(victim.some((l) => /already on the base branch/.test(l))).toBe(true);
    expect(errs.some((l) => l.includes('pr-quoted/a\\\\tb\\\\nc.json') && /control character/.test(l))).toBe(true);
  });

  it('a PR adding only a symlink results/medvision/evil -> .. fails (it is not "no folder changed")', () => {
    const o = outcomes.symlink!;
    expect(o.status).toBe(1);
    expect(o.report).not.toMatch(/No submission folder changed/i);
    const errs = errorsOf(o).filter((l) => l.includes('results/medvision/evil'));
    expect(errs.some((l) => /symbolic link/.test(l))).toBe(true);
    expect(errs.some((l) => /outside any submission folder/.test(l))).toBe(true);
  });

  it("a symlink inside the PR's own folder is an error and is not copied (nothing follows it)", () => {
    const o = outcomes['inner-symlink']!;
    expect(o.status).toBe(1);
    expect(errorsOf(o).some((l) => l.includes('results/medvision/pr-link/other.json') && /symbolic link/.test(l))).toBe(true);
    expect(existsSync(join(tmp, 'ws-inner-symlink', 'base', 'results/medvision/pr-link/other.json'))).toBe(false);
    expect(existsSync(join(tmp, 'ws-inner-symlink', 'base', 'results/medvision/pr-link/submission.json'))).toBe(true);
  });

  it('a PR whose submission.json claims a public "source" fails: only import:sources credits a repository', () => {
    const o = outcomes.source!;
    expect(o.status, o.stderr + o.report).toBe(1);
    expect(errorsOf(o).some((l) => l.includes('results/medvision/pr-source/submission.json') && /may not claim a public source/.test(l))).toBe(true);
    expect(o.report.split('\n')[0]).toMatch(/^## ❌ Not valid/);
  });

  it('a PR that adds a file under reviews/ fails with the reviews/ message', () => {
    const o = outcomes.reviews!;
    expect(o.status).toBe(1);
    expect(errorsOf(o).some((l) => l.includes('reviews/medvision/pr-reviews.json') && /review verdicts/.test(l))).toBe(true);
  });

  it('a plain new file in a folder already on the base branch fails, and nothing is copied over it', () => {
    const o = outcomes.existing!;
    expect(o.status).toBe(1);
    expect(errorsOf(o).some((l) => l.includes(VICTIM) && /already on the base branch/.test(l))).toBe(true);
    expect(existsSync(join(tmp, 'ws-existing', 'base', VICTIM, 'extra.json'))).toBe(false);
  });

  it('a PR may add the registry file of the new model it submits: validated against it, flagged for the maintainer', () => {
    const o = outcomes['new-model']!;
    expect(o.status, o.stderr + o.report).toBe(0);
    expect(errorsOf(o)).toEqual([]);
    expect(o.report).toContain('models/acme-newcomer-7b.json');
  });

  it('a registry file for a model the submission does not name fails', () => {
    const o = outcomes['other-model']!;
    expect(o.status).toBe(1);
    expect(errorsOf(o).join('\n')).toMatch(/adds the model "acme-unrelated-7b", but the submission names/);
  });

  it('usage errors exit 2; a commit missing from the PR checkout fails closed with a report', () => {
    const intake = (...a: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'scripts/pr-intake.ts'), ...a], { cwd: join(tmp, 'base'), encoding: 'utf8' });
    expect(intake().status).toBe(2);
    const out = join(tmp, 'missing.md');
    expect(intake('--base-sha', 'HEAD', '--head-sha', outcomes.clean!.headSha, '--pr-dir', join(tmp, 'pr'), '--out', out).status).toBe(2);
    const r = intake('--base-sha', outcomes.clean!.baseSha, '--head-sha', 'e'.repeat(40), '--pr-dir', join(tmp, 'pr'), '--out', out);
    expect(r.status).toBe(1);
    expect(readFileSync(out, 'utf8')).toMatch(/^## ❌ Not valid: the check could not run\n\nthe head commit e{40} is not in/);
  });

  describe('then the comment workflow posts that artifact (workflow_run payload fixture, mocked REST client)', () => {
    const payload = JSON.parse(readFileSync(join(REPO, 'tests/submission/fixtures/workflow_run.completed.json'), 'utf8'));
    const comment = stepNamed(loadWorkflow('validate-comment.yml'), /sticky comment/);
    const postFor = async (o: Outcome, number: number, conclusion: string) => {
      const p = structuredClone(payload);
      Object.assign(p.workflow_run, { head_sha: o.headSha, conclusion });
      const fake = fakeGithub({ number, state: 'open', head: { sha: o.headSha, repo: { full_name: p.workflow_run.head_repository.full_name } }, files: o.files.map((filename) => ({ filename })) }, []);
      const r = await runGithubScript(comment, { github: fake.github, payload: p, repo: { owner: 'evalboard', repo: 'evalboard' } }, { REPORT_DIR: o.artifactDir });
      expect(r.failed).toBeUndefined();
      const posts = fake.calls.filter((c) => c.method === 'issues.createComment');
      expect(posts).toHaveLength(1);
      expect(posts[0]!.params.issue_number).toBe(number);
      return String(posts[0]!.params.body);
    };
    it('the clean PR: the rendered report, its hostile name still text', async () => {
      const o = outcomes.clean!;
      const body = await postFor(o, 40, 'success');
      expect(body).toContain(o.report.split('\n')[0]);
      const h = html(body);
      expect(h).not.toMatch(/<img|<a href="(?!https:\/\/github\.com\/evalboard\/evalboard\/actions\/runs\/)/);
      expect(decode(h.replace(/<[^>]+>/g, '')).replace(/\u200b/g, '')).toContain(HOSTILE_NAME);
    });
    it('the PR that edits src/: a warning naming the files outside results/, the report as plain text', async () => {
      const o = outcomes.src!;
      const body = await postFor(o, 41, 'failure');
      expect(body).toMatch(/changes 2 file\(s\) outside `results\/`/);
      expect(html(body)).toMatch(/<pre><code[^>]*>## ❌ Not valid/);
    });
  });
});
