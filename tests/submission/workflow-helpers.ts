// Reading the GitHub workflows as data, and running their pieces here: a `run:` step's shell
// script with the step's env (as GitHub's default `bash -eo pipefail` would), and the comment
// workflow's github-script `script:` against a mocked REST client.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO } from './helpers';

export interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'working-directory'?: string;
  shell?: string;
}
export interface Job {
  if?: string;
  permissions?: Record<string, string>;
  steps: Step[];
}
export interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

export const workflowText = (file: string) => readFileSync(join(REPO, '.github', 'workflows', file), 'utf8');
export const loadWorkflow = (file: string) => parse(workflowText(file)) as Workflow;
export const allSteps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps);

export function stepNamed(w: Workflow, re: RegExp): Step {
  const found = allSteps(w).filter((s) => re.test(s.name ?? ''));
  if (found.length !== 1) throw new Error(`expected one step matching ${re}, found ${found.length}`);
  return found[0]!;
}

export interface ShellResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run a step's `run:` script the way a GitHub runner does on ubuntu (`bash --noprofile --norc -eo
 * pipefail`), in `<workspace>/<working-directory>`, with the step's `env:` where each `${{ … }}`
 * value is replaced from `expr` (a step whose env uses an expression we were not given fails).
 */
export function runStep(step: Step, workspace: string, expr: Record<string, string>, env: Record<string, string>): Promise<ShellResult> {
  if (typeof step.run !== 'string') throw new Error(`step ${step.name} has no run:`);
  const stepEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(step.env ?? {})) {
    stepEnv[k] = String(v).replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, e: string) => {
      if (!(e in expr)) throw new Error(`no value for \${{ ${e} }} in step ${step.name}`);
      return expr[e]!;
    });
  }
  const cwd = join(workspace, step['working-directory'] ?? '.');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], { cwd, env: { ...process.env, ...env, ...stepEnv, GITHUB_WORKSPACE: workspace } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export interface Call {
  method: string;
  params: Record<string, unknown>;
}
export interface Comment {
  id: number;
  body: string;
  user: { login: string; type: string };
}
export interface FakePr {
  number: number;
  state: string;
  head: { sha: string; repo: { full_name: string } };
  files: { filename: string; previous_filename?: string }[];
}

/**
 * A stand-in for the Octokit client github-script hands the script: the REST methods the comment
 * script may call, backed by an in-memory pull request and its comments, recording every call.
 * Pagination returns the whole list (the script only ever reads `paginate`'s result).
 */
export function fakeGithub(pr: FakePr, comments: Comment[]) {
  const calls: Call[] = [];
  let nextId = 1000 + comments.length;
  const rec = (method: string, params: Record<string, unknown>) => calls.push({ method, params });
  const rest = {
    pulls: {
      get: async (p: Record<string, unknown>) => {
        rec('pulls.get', p);
        if (p.pull_number !== pr.number) throw Object.assign(new Error('Not Found'), { status: 404 });
        return { data: { number: pr.number, state: pr.state, head: pr.head } };
      },
      listFiles: async (p: Record<string, unknown>) => {
        rec('pulls.listFiles', p);
        return { data: pr.files };
      },
    },
    issues: {
      listComments: async (p: Record<string, unknown>) => {
        rec('issues.listComments', p);
        return { data: comments };
      },
      createComment: async (p: Record<string, unknown>) => {
        rec('issues.createComment', p);
        const c = { id: nextId++, body: String(p.body), user: { login: 'github-actions[bot]', type: 'Bot' } };
        comments.push(c);
        return { data: c };
      },
      updateComment: async (p: Record<string, unknown>) => {
        rec('issues.updateComment', p);
        const c = comments.find((x) => x.id === p.comment_id);
        if (!c) throw Object.assign(new Error('Not Found'), { status: 404 });
        c.body = String(p.body);
        return { data: c };
      },
    },
  };
  const paginate = async (fn: (p: Record<string, unknown>) => Promise<{ data: unknown[] }>, p: Record<string, unknown>) => (await fn(p)).data;
  return { github: { rest, paginate }, calls, comments };
}

export interface ScriptOutcome {
  failed?: string;
  warnings: string[];
  infos: string[];
}

/**
 * Run a github-script step's `script:` as actions/github-script@v7 does: the body of an async
 * function of (github, context, core, require), with the step's env in process.env.
 */
export async function runGithubScript(step: Step, ctx: { github: unknown; payload: unknown; repo: { owner: string; repo: string } }, env: Record<string, string>): Promise<ScriptOutcome> {
  const script = step.with?.script;
  if (typeof script !== 'string') throw new Error(`step ${step.name} has no script`);
  const out: ScriptOutcome = { warnings: [], infos: [] };
  const core = {
    setFailed: (m: string) => void (out.failed = m),
    warning: (m: string) => void out.warnings.push(m),
    info: (m: string) => void out.infos.push(m),
  };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...a: string[]) => (...v: unknown[]) => Promise<unknown>;
    const fn = new AsyncFunction('github', 'context', 'core', 'require', script);
    const { createRequire } = await import('node:module');
    await fn(ctx.github, { payload: ctx.payload, repo: ctx.repo }, core, createRequire(import.meta.url));
  } finally {
    for (const k of Object.keys(env)) {
      if (k in saved) process.env[k] = saved[k];
      else delete process.env[k];
    }
  }
  return out;
}
