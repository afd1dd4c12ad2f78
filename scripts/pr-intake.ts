// npm run --silent pr-intake -- --base-sha <sha> --head-sha <sha> --pr-dir <git checkout of the PR> --out <report.md>
//
// The pull-request check, run FROM THE BASE BRANCH's checkout (this file, its code and its
// node_modules are the base's). The pull request is only data: it is read through git objects in
// --pr-dir (never its work tree, never executed):
//   1. list the change: `git diff -z --name-status --no-renames <merge-base> <head>` (NUL-separated,
//      paths byte for byte) and each path's mode from `git ls-tree -r -z -l <head>`;
//   2. check it (src/ingest/submission/changed-files.ts): one new results/<benchmark>/<id>/ folder
//      of plain-named regular files and nothing else, every other change an error;
//   3. copy that folder's regular files from git blobs (`git cat-file blob`, so no link in any work
//      tree is ever followed) into this checkout's results/, and validate it with this checkout's
//      validator against this checkout's boards;
//   4. write the markdown report to --out; exit 0 only when the change is valid, 1 otherwise,
//      2 on a usage error.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Finding } from '../src/core/findings';
import { checkChangedFiles, newModelFileId, parseLsTreeZ, parseNameStatusZ, plainPathReason, submissionFolderOf, type ChangedFile } from '../src/ingest/submission/changed-files';
import { LIMITS } from '../src/ingest/submission/safety';
import { validateSubmissions, type ValidateRun } from '../src/ingest/submission/validate';
import { mdText, renderMarkdown } from '../src/board/report';
import { boardRowsFor } from '../src/board/contributed-rows';

const USAGE = 'usage: npm run --silent pr-intake -- --base-sha <sha> --head-sha <sha> --pr-dir <git checkout of the pull request> --out <report.md>';
/** Total bytes of one submission folder we are willing to copy out of git. */
const MAX_FOLDER_BYTES = LIMITS.jsonlBytes;

const opts: Record<string, string> = {};
const args = process.argv.slice(2).filter((a) => a !== '--');
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const m = /^--(base-sha|head-sha|pr-dir|out)(?:=(.*))?$/.exec(a);
  if (!m) {
    console.error(`pr-intake: unknown argument ${JSON.stringify(a)}\n${USAGE}`);
    process.exit(2);
  }
  const v = m[2] ?? args[++i];
  if (v === undefined || v === '') {
    console.error(`pr-intake: --${m[1]} needs a value\n${USAGE}`);
    process.exit(2);
  }
  opts[m[1]!] = v;
}
for (const k of ['base-sha', 'head-sha', 'pr-dir', 'out']) {
  if (!opts[k]) {
    console.error(`pr-intake: --${k} is required\n${USAGE}`);
    process.exit(2);
  }
}
const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
for (const k of ['base-sha', 'head-sha']) {
  if (!SHA.test(opts[k]!)) {
    console.error(`pr-intake: --${k} must be a full commit id (40 or 64 lower-case hex digits)`);
    process.exit(2);
  }
}
const baseSha = opts['base-sha']!;
const headSha = opts['head-sha']!;
const prDir = resolve(opts['pr-dir']!);
const out = resolve(opts.out!);
const repoRoot = process.cwd(); // the base checkout: npm run starts scripts at the package root

/** Run git on the PR's object store; stdout as a string (paths in -z output are UTF-8 or get U+FFFD). */
function git(...a: string[]): string {
  const r = spawnSync('git', ['-C', prDir, ...a], { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' } });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`git ${a.join(' ')} failed (exit ${r.status}): ${r.stderr.trim().slice(0, 500)}`);
  return r.stdout;
}

const foldersOf = (tree: Map<string, unknown>) => new Set([...tree.keys()].map(submissionFolderOf).filter((f): f is string => f !== undefined));

async function intake(): Promise<{ run: ValidateRun; notes: string[] }> {
  const general: Finding[] = [];
  const error = (path: string, message: string) => general.push({ path, pointer: '$', severity: 'error', message });
  for (const [name, sha] of [
    ['base', baseSha],
    ['head', headSha],
  ] as const) {
    const r = spawnSync('git', ['-C', prDir, 'cat-file', '-e', `${sha}^{commit}`], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`the ${name} commit ${sha} is not in ${prDir} (check out the pull request with its full history)`);
  }
  const mergeBase = git('merge-base', baseSha, headSha).trim();
  if (!SHA.test(mergeBase)) throw new Error('the pull request has no common history with the base branch');

  // 1. The change, as the merge would apply it (merge base → head), and the head's file modes.
  const changed = parseNameStatusZ(git('diff', '-z', '--name-status', '--no-renames', '--no-ext-diff', '--no-textconv', mergeBase, headSha));
  const headTree = parseLsTreeZ(git('ls-tree', '-r', '-z', '-l', '--full-tree', headSha));
  const withModes: ChangedFile[] = changed.map((c) => {
    const e = c.status === 'D' ? undefined : headTree.get(c.path);
    return e ? { ...c, mode: e.mode } : c;
  });
  const existing = new Set([...foldersOf(parseLsTreeZ(git('ls-tree', '-r', '-z', '--full-tree', baseSha))), ...foldersOf(parseLsTreeZ(git('ls-tree', '-r', '-z', '--full-tree', mergeBase)))]);

  // 2. The folder this pull request adds: the one submission folder its changes lie in that is not
  //    on the base branch (a change in a folder that is, is another submission's: an error).
  const isExisting = (f: string) => [...existing].some((e) => e.toLowerCase() === f.toLowerCase());
  const candidates = new Set(withModes.map((c) => submissionFolderOf(c.path)).filter((f): f is string => f !== undefined));
  const fresh = [...candidates].filter((f) => !isExisting(f));
  const folder = fresh.length === 1 ? fresh[0]! : undefined;
  general.push(...checkChangedFiles(withModes, folder ? [folder] : [], { existingFolders: existing }));
  if (changed.length === 0) error('.', 'this pull request changes no files: nothing to validate');
  else if (candidates.size === 0) error('results/', 'no submission folder: a pull request adds one new folder results/<benchmark>/<id>/ with its files');

  // 3. Copy that folder's regular, plainly named files out of git into this checkout, and validate.
  const notes: string[] = [];
  let run: ValidateRun = { valid: false, reports: [], general: [] };
  const folderOk = folder !== undefined && plainPathReason(folder) === undefined && !isExisting(folder) && !existsSync(join(repoRoot, folder));
  if (folderOk) {
    const files = [...headTree].filter(([p, e]) => p.startsWith(`${folder}/`) && (e.mode === '100644' || e.mode === '100755') && e.type === 'blob' && plainPathReason(p) === undefined);
    const bytes = files.reduce((s, [, e]) => s + (e.size ?? 0), 0);
    if (files.length > LIMITS.files) error(folder, `more than ${LIMITS.files} files: not copied, not validated`);
    else if (bytes > MAX_FOLDER_BYTES) error(folder, `${bytes} bytes in all: above the ${MAX_FOLDER_BYTES}-byte limit; not copied, not validated`);
    else {
      // A new model's registry file travels with the submission (as data, like the folder).
      const modelFiles = withModes.filter((c) => newModelFileId(c) !== undefined && plainPathReason(c.path) === undefined);
      const modelEntries = modelFiles.length === 1 ? [...headTree].filter(([p, e]) => p === modelFiles[0]!.path && (e.mode === '100644' || e.mode === '100755') && e.type === 'blob' && (e.size ?? 0) <= 64 * 1024) : [];
      if (modelFiles.length === 1 && existsSync(join(repoRoot, modelFiles[0]!.path))) error(modelFiles[0]!.path, 'a model with this id is already registered on the base branch: the pull request may not replace it');
      for (const [p, e] of [...files, ...modelEntries.filter(([p]) => !existsSync(join(repoRoot, p)))]) {
        const dest = join(repoRoot, p);
        mkdirSync(dirname(dest), { recursive: true });
        const fd = openSync(dest, 'wx'); // never overwrites, never follows an existing link
        try {
          const r = spawnSync('git', ['-C', prDir, 'cat-file', 'blob', e.object], { stdio: ['ignore', fd, 'pipe'] });
          if (r.status !== 0) throw new Error(`git cat-file blob ${e.object} failed: ${String(r.stderr).slice(0, 300)}`);
        } finally {
          closeSync(fd);
        }
      }
      try {
        run = await validateSubmissions([folder], { repoRoot, rowsFor: boardRowsFor });
      } catch (e) {
        error(folder, `validation failed unexpectedly: ${(e as Error).message}`);
      }
      // "source" credits a public repository; only import:sources writes it, at deploy time and outside
      // the repository. A pull request claiming one would borrow that repository's name for its own data.
      if (run.reports[0]?.submission?.source !== undefined) error(`${folder}/submission.json`, '"source" is written only by npm run import:sources at deploy time (from sources.json); a pull request may not claim a public source: remove it');
      const added = modelFiles.length === 1 ? newModelFileId(modelFiles[0]!) : undefined;
      const named = run.reports[0]?.submission?.model;
      if (added !== undefined && named !== undefined && added !== named) error(modelFiles[0]!.path, `adds the model "${added}", but the submission names "${named}": a pull request may add only the registry file of the model it submits`);
      notes.push(`Copied ${files.length} file(s) of \`${folder}\` from the pull request's git objects and validated them with the base branch's code.`);
    }
  } else if (folder !== undefined) notes.push('The submission folder was not validated: fix the errors about the change first.');

  const all = [...general, ...run.general];
  const hasError = (fs: Finding[]) => fs.some((f) => f.severity === 'error');
  return { run: { ...run, general: all, valid: folderOk && run.reports.length === 1 && run.valid && !hasError(all) }, notes };
}

function write(text: string) {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text.endsWith('\n') ? text : `${text}\n`);
}

const footer = `<sub>Checked by the base branch's code (${baseSha.slice(0, 12)}) against the pull request's head ${headSha.slice(0, 12)}; nothing from the pull request was executed.</sub>`;
try {
  const { run, notes } = await intake();
  let md: string;
  let valid = run.valid;
  try {
    md = renderMarkdown(run);
  } catch (e) {
    valid = false;
    // Never lose the findings about the change because one folder's report does not render.
    md = renderMarkdown({ ...run, valid: false, reports: [], general: [...run.general, { path: '.', pointer: '$', severity: 'error', message: `the folder's report could not be rendered: ${(e as Error).message}` }] });
  }
  write([md, ...notes.map((n) => `${n}\n`), footer].join('\n'));
  console.log(valid ? 'pr-intake: valid' : 'pr-intake: not valid');
  process.exitCode = valid ? 0 : 1;
} catch (e) {
  write([`## ❌ Not valid: the check could not run`, '', mdText((e as Error).message), '', footer].join('\n'));
  console.error(`pr-intake: ${(e as Error).stack ?? String(e)}`);
  process.exitCode = 1;
}
