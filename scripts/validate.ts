// npm run --silent validate -- <submission dir>... [--format text|markdown|json] [--changed-files <file>]
// Plain text by default (colour only when stdout is a terminal and NO_COLOR is unset); the
// pull-request check renders markdown (pr-intake calls renderMarkdown; `--format markdown` here).
// Exit 0 only when every folder is valid; 1 when any is not; 2 on a usage error.
import { readFileSync } from 'node:fs';
import { validateSubmissions } from '../src/ingest/submission/validate';
import { parseChangedFiles } from '../src/ingest/submission/changed-files';
import { renderJson, renderMarkdown, renderText } from '../src/board/report';
import { boardRowsFor } from '../src/board/contributed-rows';
import { progressLine } from './lib/progress';

const USAGE = 'usage: npm run --silent validate -- <results/<benchmark>/<id>>... [--format text|markdown|json] [--changed-files <file>]';
const args = process.argv.slice(2).filter((a) => a !== '--');
let format = 'text';
let changedFile: string | undefined;
const dirs: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--format' || a === '--changed-files') {
    const v = args[++i];
    if (v === undefined) {
      console.error(`validate: ${a} needs a value\n${USAGE}`);
      process.exit(2);
    }
    if (a === '--format') format = v;
    else changedFile = v;
  } else if (a.startsWith('--format=')) format = a.slice(9);
  else if (a.startsWith('--changed-files=')) changedFile = a.slice(16);
  else if (a === '--help' || a === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (a.startsWith('--')) {
    console.error(`validate: unknown option ${a}\n${USAGE}`);
    process.exit(2);
  } else dirs.push(a);
}
if (format !== 'text' && format !== 'markdown' && format !== 'json') {
  console.error(`validate: --format must be text, markdown or json\n${USAGE}`);
  process.exit(2);
}
if (dirs.length === 0) {
  console.error(USAGE);
  process.exit(2);
}
let changedFiles;
if (changedFile !== undefined) {
  try {
    changedFiles = parseChangedFiles(readFileSync(changedFile, 'utf8'));
  } catch (e) {
    console.error(`validate: cannot read --changed-files ${changedFile}: ${(e as Error).message}`);
    process.exit(2);
  }
}
try {
  const progress = progressLine('validate');
  const run = await validateSubmissions(dirs, { rowsFor: boardRowsFor, onProgress: (i, n, dir) => progress.update(i, n, dir), ...(changedFiles ? { changedFiles } : {}) });
  progress.clear();
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  process.stdout.write(`${format === 'json' ? renderJson(run) : format === 'markdown' ? renderMarkdown(run) : renderText(run, { color })}\n`);
  process.exitCode = run.valid ? 0 : 1; // not exit(): it can cut off output still queued for a pipe
} catch (e) {
  console.error(`validate: internal error: ${(e as Error).stack ?? String(e)}`);
  process.exit(1);
}
