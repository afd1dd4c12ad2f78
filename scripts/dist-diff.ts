// npx tsx scripts/dist-diff.ts <site A> <site B>
// Compares two built sites file by file: every path and the sha256 of its bytes. Prints the paths
// only in A, only in B and with different bytes (then counts); exits 1 when any differ. Used to show
// that a change to how the build writes its files leaves the published site as it was.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

function hashes(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(root, p), createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(root);
  return out;
}

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: npx tsx scripts/dist-diff.ts <site A> <site B>');
  process.exit(2);
}
const ha = hashes(a);
const hb = hashes(b);
const onlyA = [...ha.keys()].filter((k) => !hb.has(k)).sort();
const onlyB = [...hb.keys()].filter((k) => !ha.has(k)).sort();
const differ = [...ha.keys()].filter((k) => hb.has(k) && hb.get(k) !== ha.get(k)).sort();
for (const k of onlyA) console.log(`only in A: ${k}`);
for (const k of onlyB) console.log(`only in B: ${k}`);
for (const k of differ) console.log(`differ:    ${k}`);
console.log(`${ha.size} files in A, ${hb.size} in B: ${onlyA.length} only in A, ${onlyB.length} only in B, ${differ.length} differ, ${[...ha.keys()].filter((k) => hb.get(k) === ha.get(k)).length} equal`);
process.exit(onlyA.length + onlyB.length + differ.length > 0 ? 1 : 0);
