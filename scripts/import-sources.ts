// npm run --silent import:sources -- [--sources sources.json] [--out .cache/site-data] [--cache <dir>]
//   [--root .] [--env-out <file>] [--verbose]
// Clones every public source of sources.json at its pinned commit into a cache outside the
// repository (default ~/.cache/evalboard/sources, or EVALBOARD_SOURCES_CACHE), imports it with its
// benchmark's importer, and merges the result with the repository's results/, models/,
// references/ and reviews/ into --out, the set the build reads. Prints the EVALBOARD_* variables
// that point the build at it (and appends them to --env-out, e.g. "$GITHUB_ENV"). The only
// command that uses the network. Exit 1 when any source fails: nothing is merged then, and the
// previous --out stays as it was.
import { appendFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatFinding } from '../src/core/findings';
import { defaultSourcesCache } from '../src/ingest/sources-fetch';
import { importSources } from '../src/ingest/sources-import';
import { readSourcesFile } from '../src/ingest/sources';
import { BENCHMARKS, findBenchmark } from '../src/registry/benchmarks';

const USAGE = 'usage: npm run --silent import:sources -- [--sources sources.json] [--out .cache/site-data] [--cache <dir>] [--root <repository>] [--env-out <file>] [--verbose]';
let opt: { sources?: string; out?: string; cache?: string; root?: string; 'env-out'?: string; verbose?: boolean; help?: boolean };
try {
  opt = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: { sources: { type: 'string' }, out: { type: 'string' }, cache: { type: 'string' }, root: { type: 'string' }, 'env-out': { type: 'string' }, verbose: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (e) {
  console.error(`import:sources: ${(e as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (opt.help) {
  console.log(USAGE);
  process.exit(0);
}
const verbose = opt.verbose === true;

const sourcesFile = resolve(opt.sources ?? 'sources.json');
const importers = BENCHMARKS.filter((b) => b.importer).map((b) => b.id);
const read = readSourcesFile(sourcesFile, importers, opt.sources ?? 'sources.json');
if (read.findings.length) {
  for (const f of read.findings) console.error(`import:sources: ${formatFinding(f)}`);
  process.exit(1);
}
const result = await importSources({
  sources: read.sources,
  sourcesDir: dirname(sourcesFile),
  root: resolve(opt.root ?? '.'),
  out: resolve(opt.out ?? '.cache/site-data'),
  cacheRoot: resolve(opt.cache ?? defaultSourcesCache()),
  benchmarkOf: findBenchmark,
  log: (line) => console.error(line),
});
for (const r of result.reports) {
  if (verbose) process.stdout.write(`\n== ${r.id}\n${r.text}\n`);
}
for (const s of result.imported) {
  const reported = s.reported.length ? `, ${s.reported.length} published table(s) (shown, never ranked)` : '';
  console.log(`${s.id}: ${s.importer} from ${s.repo} @ ${s.commit.slice(0, 12)} ${s.path}: ${s.submissions.length} submission(s), ${s.models.length} model(s), ${s.references.length} reference(s)${reported}; licence: ${s.licence}; attribution: ${s.attribution}`);
}
for (const n of result.notes) console.log(`note: ${n}`);
if (!result.ok) {
  for (const e of result.errors) console.error(`import:sources: ${e}`);
  console.error(`import:sources: ${result.errors.length} error(s): nothing merged${verbose ? '' : ' (--verbose prints each importer\'s report)'}`);
  process.exit(1);
}
const envLines = Object.entries(result.env).map(([k, v]) => `${k}=${v}`);
console.log(`merged ${result.imported.length} source(s) with the repository's trees; build with:\n${envLines.map((l) => `  ${l}`).join('\n')}`);
if (opt['env-out']) appendFileSync(opt['env-out'], `${envLines.join('\n')}\n`);
