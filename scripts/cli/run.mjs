// node scripts/cli/run.mjs <tool> [args…] — what the npm scripts call. Runs dist-cli/<tool>.mjs,
// compiling first when it is missing or any of its inputs changed since (a stat of each input
// file listed in dist-cli/meta.json: a few milliseconds), so the compiled tool is never stale.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import console from 'node:console';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { META, OUT_DIR, TOOLS, stamp } from './compile.mjs';

const root = join(import.meta.dirname, '..', '..');
const tool = process.argv[2];
if (!tool || !TOOLS.includes(tool)) {
  console.error(`usage: node scripts/cli/run.mjs <${TOOLS.join('|')}> [args…]`);
  process.exit(2);
}

function fresh() {
  if (!existsSync(join(root, OUT_DIR, `${tool}.mjs`))) return false;
  let meta;
  try {
    meta = JSON.parse(readFileSync(join(root, OUT_DIR, META), 'utf8'));
  } catch {
    return false;
  }
  try {
    return Object.entries(meta.inputs).every(([file, was]) => stamp(root, file) === was);
  } catch {
    return false; // an input was removed
  }
}

if (!fresh()) {
  const { compile } = await import('./compile.mjs');
  await compile(root);
}
process.argv.splice(2, 1); // the tool sees its own arguments at argv[2…], as under tsx
await import(pathToFileURL(join(root, OUT_DIR, `${tool}.mjs`)).href);
