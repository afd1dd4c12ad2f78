// npm run --silent build-reference -- <benchmark> <trusted tree> --version <v> --source <text> [--out <references root>] [--pilot] [--trials N] [--seeds a,b,c]
// Builds references/<benchmark>/<version>.json from a trusted tree (the importers run this on the
// pinned public sources at deploy time; never on a submission folder).
import { join } from 'node:path';
import { buildMedvisionReferenceFromTree } from '../src/benchmarks/medvision/reference/read';
import { buildLatchReferenceFromTree } from '../src/benchmarks/latch/reference/read';
import { buildClinicalbenchReference } from '../src/benchmarks/clinicalbench/reference/schema';
import { writeReference } from '../src/ingest/references';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const [benchmark, tree] = args;
const version = opt('version');
const source = opt('source');
if (!benchmark || !version || !source || (benchmark !== 'clinicalbench' && !tree)) {
  console.error('usage: build-reference <medvision|latch|clinicalbench> <trusted tree> --version <v> --source <text> [--out <dir>] [--pilot] [--trials N] [--seeds a,b]');
  process.exit(2);
}
const out = opt('out') ?? join(process.cwd(), 'references');
let data: unknown;
if (benchmark === 'medvision') data = buildMedvisionReferenceFromTree(tree!, { version, source, treeClass: args.includes('--pilot') ? 'pilot' : 'full' });
else if (benchmark === 'latch') data = await buildLatchReferenceFromTree(tree!, { version, source, trials: Number(opt('trials') ?? 3) });
else if (benchmark === 'clinicalbench') data = buildClinicalbenchReference((opt('seeds') ?? '').split(',').filter(Boolean).map(Number), { version, source });
else {
  console.error(`no reference builder for ${benchmark}`);
  process.exit(2);
}
console.log(writeReference(out, benchmark, version, data));
