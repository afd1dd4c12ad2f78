// npm run --silent prime-cache -- --shard <i>/<n>
// One job of the deploy's scoring matrix: runs the site build's gate on shard i of n of the
// submission folders (assigned by size, the same in every job), filling the score cache
// (.cache/scored, or EVALBOARD_CACHE_DIR) with their per-sample products; folders already cached
// cost a lookup. Prints the shard's folders. Exit 0 when done, 1 when the gate failed, 2 on a usage error.
import { relative } from 'node:path';
import { resultsRoot } from '../src/board/paths';
import { parseShard, primeShard } from '../src/ingest/submission/prime-shard';

const USAGE = 'usage: npm run --silent prime-cache -- --shard <i>/<n>   (1 ≤ i ≤ n)';
const args = process.argv.slice(2).filter((a) => a !== '--');
const at = args.indexOf('--shard');
const shard = at >= 0 && args.length === 2 ? parseShard(args[at + 1] ?? '') : undefined;
if (!shard) {
  console.error(USAGE);
  process.exit(2);
}
const root = resultsRoot();
try {
  const t0 = performance.now();
  const mine = await primeShard(root, shard);
  const mb = mine.reduce((n, f) => n + f.bytes, 0) / 1e6;
  console.log(`prime-cache: shard ${shard.index}/${shard.of}: ${mine.length} folder${mine.length === 1 ? '' : 's'}, ${mb.toFixed(1)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const f of mine) console.log(`  ${relative(root, f.dir)}`);
} catch (err) {
  console.error(`prime-cache: ${(err as Error).message}`);
  process.exit(1);
}
