// npm run --silent cache-key [-- <checkout>] — prints the hash of the scoring code and the
// lockfile (the code part of every score-cache key). The deploy workflow keys its actions/cache
// entry of .cache/scored/ by it, so a cache is restored only into a build of the same scorer code.
import { codeVersionOf } from '../src/ingest/score-cache';

const root = process.argv.slice(2).find((a) => a !== '--') ?? process.cwd();
process.stdout.write(`${codeVersionOf(root)}\n`);
