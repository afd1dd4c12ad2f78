// npm run build — the whole site, published atomically.
//
// Astro and Pagefind write into a fresh directory (.dist-next/); only when both succeeded and the
// result looks whole is it swapped into dist/. A failed or killed build therefore leaves the
// previous dist/ as it was. The swap is two renames (dist → .dist-prev, .dist-next → dist); a build
// killed between them leaves dist/ in .dist-prev/, which the next build (or `npm run build`
// started again) puts back before doing anything else.
//
// When the score cache misses most of the corpus (a cold build, a scorer change), the deploy's two
// scoring stages run first on every core, into the build's cache (scripts/lib/prime-lanes.ts); when
// it misses one folder of at least 64 MB (a new submission), they run in one process beside astro.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { astroBuildArgv, buildHeapMb, pagefindArgs } from './lib/astro-build';
import { buildLanes, cores, planPrime, primeBeside, primeInLanes, probeMisses, type Beside, type LaneRun, type PrimePlan } from './lib/prime-lanes';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const next = join(root, '.dist-next');
const prev = join(root, '.dist-prev');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const STAGES = ['prime', 'astro', 'pagefind', 'swap'];

/**
 * Each stage as it starts: a progress line on stderr when it is a terminal (astro's own output
 * follows it, so it ends in a newline rather than being redrawn). Test hook: record each stage,
 * and optionally wait at one so a test can kill the build there.
 */
async function stage(name: string): Promise<void> {
  if (process.stderr.isTTY) process.stderr.write(`build: [${STAGES.indexOf(name) + 1}/${STAGES.length}] ${name}\n`);
  if (process.env.EVALBOARD_BUILD_STAGES) appendFileSync(process.env.EVALBOARD_BUILD_STAGES, `${name}\n`);
  if (process.env.EVALBOARD_BUILD_HOLD === name) await new Promise((r) => setTimeout(r, 60_000));
}

/** `beside`: the process beside the astro build (`primeBeside`), stopped if the command fails (the build then exits). */
async function run(cmd: string, args: string[], opts: { heapMb?: number; beside?: Beside } = {}): Promise<void> {
  const r = await new Promise<{ status: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve({ status: null, signal: null }));
    child.on('close', (status, signal) => resolve({ status, signal }));
  });
  if (r.status !== 0) {
    opts.beside?.stop();
    console.error(`build: ${[cmd, ...args].join(' ')} failed (${r.signal ?? `exit ${r.status}`}); dist/ is unchanged`);
    // V8 aborts a process that reaches its heap limit (its own message, above, says "heap out of memory").
    if (opts.heapMb !== undefined && r.signal === 'SIGABRT') {
      console.error(`build: if the lines above say "heap out of memory", the build needs more than its ${opts.heapMb} MB heap: run it again with EVALBOARD_BUILD_HEAP_MB set higher (docs/scaling.md, "A heap cap")`);
    }
    process.exit(1);
  }
}

let heapMb: number;
let lanes: number;
try {
  heapMb = buildHeapMb();
  lanes = buildLanes({ cores: cores(), env: process.env });
} catch (e) {
  console.error(`build: ${(e as Error).message}; nothing was built`);
  process.exit(2);
}

// A build killed mid-swap left the published site in .dist-prev/: put it back.
if (!existsSync(dist) && existsSync(prev)) renameSync(prev, dist);
rmSync(next, { recursive: true, force: true });
rmSync(prev, { recursive: true, force: true });

await stage('prime');
const beside = await prime(lanes);
await stage('astro');
await run(...astroBuildArgv(root, next), { heapMb, ...(beside ? { beside } : {}) });
await reportBeside(beside);
await stage('pagefind');
await run(bin('pagefind'), pagefindArgs(next));
for (const must of ['index.html', 'pagefind/pagefind.js']) {
  if (!existsSync(join(next, must))) {
    console.error(`build: ${must} is missing from the new site; dist/ is unchanged`);
    process.exit(1);
  }
}
await stage('swap');
if (existsSync(dist)) renameSync(dist, prev);
renameSync(next, dist);
rmSync(prev, { recursive: true, force: true });

/**
 * The scoring stages on every core when the cache misses enough, and the process that runs what
 * they leave beside the astro build (returned, started); any failure is left to the astro build.
 */
async function prime(lanes: number): Promise<Beside | undefined> {
  if (lanes < 2) return undefined;
  const t0 = performance.now();
  let plan: PrimePlan;
  try {
    plan = planPrime({ misses: probeMisses({ root, env: process.env }).misses, lanes, env: process.env });
  } catch (e) {
    console.error(`build: ${(e as Error).message}; the astro build scores every folder itself`);
    return undefined;
  }
  if (plan.lanes >= 2) {
    console.log(`build: ${plan.reason}: scoring in ${plan.lanes} processes side by side${plan.pairs ? ', then the compare pairs' : ''}`);
    for (const r of await primeInLanes({ root, env: process.env, plan })) report(r);
    console.log(`build: primed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (plan.beside.length === 0) return undefined;
  console.log(`build: ${plan.reason}: prime-cache ${plan.beside.join(', then ')} in one process beside the astro build`);
  return primeBeside({ root, env: process.env, plan });
}

function report(r: LaneRun): void {
  if (r.stderr.trim()) process.stderr.write(r.stderr);
  if (r.status === 0) console.log(`build: ${r.stdout.split('\n')[0]}`);
  else if (r.signal !== 'SIGTERM') console.error(`build: prime-cache ${r.args.join(' ')} failed (${r.signal ?? `exit ${r.status}`}); the astro build computes what it left`);
}

/** Stops the process beside the build (what it has not done yet, the build did) and prints its runs. */
async function reportBeside(b: Beside | undefined): Promise<void> {
  if (!b) return;
  b.stop();
  for (const r of await b.done) {
    if (r.signal === 'SIGTERM') console.log(`build: prime-cache ${r.args.join(' ')} stopped after ${r.wallS.toFixed(1)} s: the astro build had finished`);
    else report(r);
  }
}
