// npm run --silent conformance -- <file or dir>...
// One line per suite, then exactly "N passed, M failed". Exit 1 on any failure or unknown suite.
import { findVectorFiles, loadVectorFile } from '../src/ingest/vectors';
import { runVectorFile } from '../src/registry/run-conformance';

const args = process.argv.slice(2).filter((a) => a !== '--');
const verbose = args.includes('--verbose') || args.includes('-v');
const paths = args.filter((a) => !a.startsWith('-'));
if (paths.length === 0) {
  console.error('usage: npm run --silent conformance -- <file or dir>... [--verbose]');
  process.exit(2);
}

let passed = 0;
let failed = 0;
let problems = 0;
let files: string[];
try {
  files = await findVectorFiles(paths);
} catch (err) {
  console.error(`conformance: ${(err as Error).message}`);
  process.exit(1);
}
for (const file of files) {
  const loaded = await loadVectorFile(file);
  if (!loaded.data) {
    problems++;
    console.log(`ERROR ${file}: ${loaded.error}`);
    continue;
  }
  const r = runVectorFile(file, loaded.benchmark, loaded.data);
  if (!r.known) {
    problems++;
    console.log(`UNKNOWN ${r.key} (${file}): no runner for this suite`);
    continue;
  }
  passed += r.passed;
  failed += r.failed;
  console.log(`${r.failed === 0 ? 'ok  ' : 'FAIL'} ${r.key}: ${r.passed}/${r.passed + r.failed} cases (${file})`);
  for (const f of r.failures.slice(0, verbose ? Infinity : 5)) {
    console.log(`       ✗ ${f.id}: ${f.diffs.slice(0, verbose ? 20 : 3).join('; ')}`);
  }
  if (!verbose && r.failures.length > 5) console.log(`       … ${r.failures.length - 5} more (use --verbose)`);
}
if (files.length === 0) {
  problems++;
  console.log('ERROR no vector files found');
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || problems > 0 ? 1 : 0; // not exit(): it can cut off output still queued for a pipe
