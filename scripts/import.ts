// npm run --silent import -- <benchmark> <upstream path> [--out results/] [--dry-run] [--version <v>]
//   [--models <dir>] [--references <dir>] [--reported <dir>] [--reviews <build-time dir>] [--repo <url> --commit <sha> --licence <text> --attribution <text>]
// Imports an existing upstream result tree as submission folders (one importer per layout, in its
// benchmark's folder), registers their models, derives the version's reference from the same
// tree, prints what was skipped and why, then validates every folder written and prints the report.
// models/, references/ and reported/ (published tables that cannot be recomputed, shown as
// reported rows: <dir>/<benchmark>/<slug>.json) default to beside --out; reviews are written only with --reviews (a
// build-time output dir: imported submissions are "under review", never reviewed in the repo).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BENCHMARKS, findBenchmark } from '../src/registry/benchmarks';
import { runImport } from '../src/ingest/run-import';
import { renderImportReport } from '../src/ingest/import-plan';
import { renderMarkdown } from '../src/board/report';

const importers = BENCHMARKS.filter((b) => b.importer).map((b) => b.id);
const USAGE = `usage: npm run --silent import -- <${importers.join('|')}> <upstream path> [--out results/] [--dry-run] [--version <v>] [--models <dir>] [--references <dir>] [--reported <dir>] [--reviews <dir>] [--repo <url>] [--commit <sha>] [--licence <text>] [--attribution <text>]`;
const args = process.argv.slice(2).filter((a) => a !== '--');
const VALUED = ['--out', '--version', '--models', '--references', '--reported', '--reviews', '--repo', '--commit', '--path', '--licence', '--attribution'];
const opt: Record<string, string> = {};
const pos: string[] = [];
let dryRun = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--dry-run') dryRun = true;
  else if (a === '--help' || a === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (VALUED.includes(a)) {
    const v = args[++i];
    if (v === undefined) {
      console.error(`import: ${a} needs a value\n${USAGE}`);
      process.exit(2);
    }
    opt[a.slice(2)] = v;
  } else if (a.startsWith('--')) {
    console.error(`import: unknown option ${a}\n${USAGE}`);
    process.exit(2);
  } else pos.push(a);
}
const [id, source] = pos;
if (!id || !source || pos.length !== 2) {
  console.error(USAGE);
  process.exit(2);
}
const benchmark = findBenchmark(id);
if (!benchmark?.importer) {
  console.error(`import: no importer for "${id}" (${importers.join(', ')})\n${USAGE}`);
  process.exit(2);
}
if (!existsSync(source)) {
  console.error(`import: ${source}: no such file or folder`);
  process.exit(2);
}
const resultsRoot = resolve(opt.out ?? 'results');
const provenance = Object.fromEntries(['repo', 'commit', 'path', 'licence', 'attribution'].filter((k) => opt[k] !== undefined).map((k) => [k, opt[k]!]));
try {
  const { report, validation } = await runImport(benchmark, {
    source: resolve(source),
    out: {
      resultsRoot,
      modelsRoot: resolve(opt.models ?? join(dirname(resultsRoot), 'models')),
      referencesRoot: resolve(opt.references ?? join(dirname(resultsRoot), 'references')),
      reportedRoot: resolve(opt.reported ?? join(dirname(resultsRoot), 'reported')),
      ...(opt.reviews ? { reviewsRoot: resolve(opt.reviews) } : {}),
    },
    dryRun,
    ...(Object.keys(provenance).length ? { provenance } : {}),
    ...(opt.version ? { version: opt.version } : {}),
  });
  process.stdout.write(`${renderImportReport(report)}\n`);
  if (validation) {
    process.stdout.write(`\n${renderMarkdown(validation)}\n`);
    process.exitCode = validation.valid ? 0 : 1;
  }
} catch (e) {
  console.error(`import: ${(e as Error).stack ?? String(e)}`);
  process.exit(1);
}
