// Regenerate the golden chart SVGs: `npx tsx tests/site/charts/update-golden.ts --update`.
// Look at the changed files (they open in a browser) before committing them.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goldenFiles } from './golden-charts';

if (!process.argv.includes('--update')) {
  console.error('usage: npx tsx tests/site/charts/update-golden.ts --update   (rewrites tests/site/charts/golden/)');
  process.exit(2);
}
const dir = join(import.meta.dirname, 'golden');
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) rmSync(join(dir, f));
const files = goldenFiles();
for (const [name, text] of files) writeFileSync(join(dir, name), text);
console.log(`wrote ${files.size} golden files to ${dir}`);
