// npm run --silent prime-cache -- --shard <i>/<n>
// npm run --silent prime-cache -- --pairs <i>/<n>
// --shard: one job of the deploy's scoring matrix: runs the site build's gate on shard i of n of
// the submission folders (assigned by size, the same in every job), filling the score cache
// (.cache/scored, or EVALBOARD_CACHE_DIR) with their per-sample products; folders already cached
// cost a lookup. Prints the shard's folders.
// --pairs: one job of the second stage, given a cache holding every folder's products (the union
// of the --shard jobs): computes shard i of n of the site build's pre-rendered compare pairs
// (assigned by estimated work, the same in every job, each job's in an order that keeps an
// entry's pairs together) and shard i of n of the data API's per-sample files (JSON and Parquet,
// assigned by folder bytes) and of the explorer's unit documents (assigned by samples × entries)
// into the cache. Prints the shard's pairs.
// --missing: what the score cache misses of the tree, as one JSON line ({folders, bytes, missing,
// missingBytes}): `npm run build` runs the two stages above on every core first when it misses
// enough (scripts/lib/prime-lanes.ts).
// Exit 0 when done, 1 when the gate or a pair failed, 2 on a usage error.
import { setPriority } from 'node:os';
import { relative } from 'node:path';
import { resultsRoot } from '../src/board/paths';
import { cacheMisses, parseShard, primeShard, type Shard } from '../src/ingest/submission/prime-shard';

const USAGE = 'usage: npm run --silent prime-cache -- --shard <i>/<n>   (1 ≤ i ≤ n)\n       npm run --silent prime-cache -- --pairs <i>/<n>   (after every --shard job)\n       npm run --silent prime-cache -- --missing';
const args = process.argv.slice(2).filter((a) => a !== '--');
const missing = args.length === 1 && args[0] === '--missing';
const stage = args.length === 2 && (args[0] === '--shard' || args[0] === '--pairs') ? args[0] : undefined;
const shard = stage ? parseShard(args[1]!) : undefined;
if (!missing && (!stage || !shard)) {
  console.error(USAGE);
  process.exit(2);
}
// EVALBOARD_PRIME_NICE: this process's scheduling priority (the process beside an astro build runs
// below it, so that it takes the cores astro leaves idle rather than sharing astro's).
if (process.env.EVALBOARD_PRIME_NICE) {
  try {
    setPriority(Number(process.env.EVALBOARD_PRIME_NICE));
  } catch {
    // not permitted here: run at the default priority
  }
}
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function folders(s: Shard): Promise<void> {
  const root = resultsRoot();
  const t0 = performance.now();
  const mine = await primeShard(root, s);
  const mb = mine.reduce((n, f) => n + f.bytes, 0) / 1e6;
  console.log(`prime-cache: shard ${s.index}/${s.of}: ${plural(mine.length, 'folder')}, ${mb.toFixed(1)} MB, in ${seconds(t0)} s`);
  for (const f of mine) console.log(`  ${relative(root, f.dir)}`);
}

async function pairs(s: Shard): Promise<void> {
  const t0 = performance.now();
  const { primePairShard } = await import('../src/board/compare-prime');
  const mine = await primePairShard(s);
  const pairsS = seconds(t0);
  const t1 = performance.now();
  const { primeSampleSets } = await import('../src/board/api');
  const sets = await primeSampleSets(s);
  const setsS = seconds(t1);
  const t2 = performance.now();
  const { primeExplorerUnits } = await import('../src/board/explorer');
  const units = await primeExplorerUnits(s);
  console.log(
    `prime-cache: pairs ${s.index}/${s.of}: ${plural(mine.pairs.length, 'pair')} of ${mine.candidates}, ${mine.pages} with shared units, estimated work ${mine.work}, in ${pairsS} s; ` +
      `per-sample files of ${sets.sets} of ${sets.of} entries in ${setsS} s; ${units.units} of ${units.of} explorer units in ${seconds(t2)} s`,
  );
  for (const p of mine.pairs) console.log(`  ${p}`);
}

try {
  if (missing) console.log(JSON.stringify(cacheMisses(resultsRoot())));
  else await (stage === '--shard' ? folders(shard!) : pairs(shard!));
} catch (err) {
  console.error(`prime-cache: ${(err as Error).message}`);
  process.exit(1);
}
