// npm run bench:build [-- --models 200] [--scale N] [--split SHARDS] [--beside-ab] [--again] [--profile DIR]
// Full-build benchmark: writes a synthetic corpus of --models entries across every benchmark under
// bench-data/build-<scale>/ (MedVision open-weight runs at 1000·N samples per subtask and pilot runs
// at 100·N, on 66 subtasks — the 11 demo subtasks and 5 synthetic copies of each, ≈ 9 M samples at
// N = 1; the latch demo agents on 60 evals × 3 trials and the ClinicalBench demo agents on 3 tasks ×
// 5 seeds), builds the whole site from it (astro +
// pagefind, with an empty score cache), adds one MedVision submission and builds again (the cache
// warm), builds once more with nothing changed, and prints one line per figure: full and incremental build seconds, peak RSS of the build
// process, pages, dist size and the five slowest pages. Prints figures; never fails on them.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, createWriteStream, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { concurrentRss } from './lib/concurrent-rss';
import { DEMO_CONFIGS, TASK_TAG, demoRecords, type DemoConfig, type DemoModel } from '../src/benchmarks/medvision/demo/generator';
import { buildMedvisionReferenceFromTree } from '../src/benchmarks/medvision/reference/read';
import { writeLatchDemo } from '../src/benchmarks/latch/demo/write';
import { writeClinicalbenchDemo } from '../src/benchmarks/clinicalbench/demo/write';
import { LATCH_DEMO_EVALS, LATCH_DEMO_MODELS, type LatchDemoEval } from '../src/benchmarks/latch/demo/generator';
import { DEMO_AGENTS } from '../src/benchmarks/clinicalbench/demo/generator';
import type { DemoTarget } from '../src/core/demo-submission';
import { writeDemoSubmission } from '../src/ingest/demo-files';
import { writeReference } from '../src/ingest/references';
import { hashSeed, mulberry32 } from '../src/core/prng';
import { astroBuildArgv, pagefindArgs } from './lib/astro-build';
import { buildLanes, cores, planPrime, primeBeside, primeInLanes, probeMisses, type PrimePlan } from './lib/prime-lanes';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const MODELS = Number(arg('models') ?? 200);
const SCALE = Number(arg('scale') ?? 1);
/**
 * --split N: the deploy's split instead (docs/scaling.md, "The split, on GitHub Actions"): the N
 * jobs of the scoring matrix one after another, each priming an empty cache of its own with its
 * shard (`prime-cache --shard i/N`), then the N jobs of the pairs stage, each from the union of
 * the score shards' entries (`prime-cache --pairs i/N`), then the site job's build on the union of
 * both stages' entries. On N runners the full build takes the slowest score shard plus the slowest
 * pairs shard plus the site job.
 */
const SPLIT = arg('split') === undefined ? undefined : Number(arg('split'));
/**
 * --beside-ab: the incremental build twice, each from the full build's cache (the second from a
 * hard-linked copy of it): first without the process beside astro (`EVALBOARD_BUILD_BESIDE=0`),
 * then as `npm run build` runs it.
 */
const BESIDE_AB = process.argv.includes('--beside-ab');
/**
 * --again: no full build; the incremental build once more from the cache the last run left, adding
 * a submission no run added before and keeping it (as it keeps the full run's incremental one), as
 * successive pull requests do: each run's board counts are new, so nothing keyed by a board's entry
 * count (the social cards) is served from an earlier run. The next full run removes them all.
 */
const AGAIN = process.argv.includes('--again');
/** --profile DIR: a V8 CPU profile of each astro build process (full-*.cpuprofile, incremental-*.cpuprofile). */
const PROFILE = arg('profile');
const ROOT = join(import.meta.dirname, '..');
// v2: latch at 60 evals, ClinicalBench at 5 seeds (a corpus written by an older bench:build is not reused).
const WORK = join(ROOT, 'bench-data', `build-v2-${MODELS}-${SCALE}`);
const target: DemoTarget = { resultsRoot: join(WORK, 'results'), reviewsRoot: join(WORK, 'reviews'), modelsRoot: join(WORK, 'models'), referencesRoot: join(WORK, 'references') };
const CACHE = join(WORK, 'cache');
const OUT = join(WORK, 'dist');
const FULL = Math.max(1, Math.round(1000 * SCALE));
const PILOT = Math.max(1, Math.round(100 * SCALE));
const PADDING = 2600; // records of ≈ 4 KB, like real ones (long prompt and response text)
const COPIES = 6;
const STAMP = '20260901_120000';
/** latch: the 15 demo evals and 3 copies of each under other ids (60 evals × 3 trials per agent). */
const LATCH_EVALS: LatchDemoEval[] = [0, 1, 2, 3].flatMap((k) => LATCH_DEMO_EVALS.map((e) => (k === 0 ? e : { ...e, id: `${e.id}_copy${k}` })));
/** ClinicalBench: 5 seeds × 3 tasks per agent (the demo's 3 seeds and two more). */
const CLINICAL_SEEDS = [20260402, 42, 1234, 7, 2027];

/** 66 subtasks: the demo's 11 and copies under synthetic dataset names (own ground truth each). */
const SUBTASKS: DemoConfig[] = Array.from({ length: COPIES }, (_, k) =>
  DEMO_CONFIGS.map((c) => (k === 0 ? c : { ...c, dataset: `${c.dataset}${'BCDEFGH'[k - 1]}`, config: c.config.replace(c.dataset, `${c.dataset}${'BCDEFGH'[k - 1]}`) })),
).flat();

async function writeLines(file: string, lines: Iterable<string>): Promise<number> {
  const out = createWriteStream(file);
  let n = 0;
  for (const line of lines) {
    n++;
    if (!out.write(line + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return n;
}

function benchModel(i: number): DemoModel & { id: string } {
  const rand = mulberry32(hashSeed(`bench-build|${i}`));
  const name = `bench-model-${String(i).padStart(3, '0')}`;
  return {
    id: `${name}-bench`,
    name,
    org: `Bench Org ${String.fromCharCode(65 + (i % 12))}`,
    weights: i % 3 === 0 ? 'closed' : 'open',
    release_date: `202${4 + (i % 3)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
    relError: 0.1 + rand() * 0.5,
    failRate: rand() * 0.1,
    boxJitter: 0.1 + rand() * 0.5,
  };
}

/** One MedVision submission: every subtask, at the open-weight or pilot budget. */
async function writeMedvisionEntry(i: number): Promise<number> {
  const model = benchModel(i);
  const n = model.weights === 'open' ? FULL : PILOT;
  const dir = join(target.resultsRoot, 'medvision', model.id);
  let samples = 0;
  for (const cfg of SUBTASKS) {
    const parsed = join(dir, 'Results', TASK_TAG[cfg.family], model.name, 'parsed');
    mkdirSync(parsed, { recursive: true });
    samples += await writeLines(join(parsed, `${STAMP}_samples_${cfg.config}.jsonl`), demoRecords(model, cfg, n, PADDING));
  }
  writeDemoSubmission(target, {
    id: model.id,
    benchmark: 'medvision',
    model,
    harness: { name: 'medvision_bm', version: '1.2.0' },
    notes: 'Synthetic bench:build data; not a real model.',
    reviewText: 'Synthetic bench data.',
  });
  return samples;
}

function du(dir: string): { bytes: number; html: number } {
  let bytes = 0;
  let html = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        bytes += statSync(p).size;
        if (e.name.endsWith('.html')) html++;
      }
    }
  };
  walk(dir);
  return { bytes, html };
}

interface BuildFigures {
  /** The scoring stages run on every core before astro, as `npm run build` does (0 when they did not run). */
  prime: number;
  primeCpu: number;
  /** The largest sum, over the stages, of its lanes' own peak RSS (MB): an upper bound on what they held at once. */
  primeRssMb: number;
  /** The lanes' RSS summed at each sample, at its largest (MB). */
  primeRssTogetherMb: number;
  primeNote: string;
  /** CPU seconds of the process beside astro (`primeBeside`), and what it did (empty when none ran). */
  besideCpu: number;
  besideNote: string;
  /** The astro build's wall, and the process beside it until it ended. */
  astro: number;
  /** CPU seconds (user + system) of the astro process: comparable across machine loads, unlike wall. */
  astroCpu: number;
  pagefind: number;
  pagefindCpu: number;
  rssMb: number;
  slowest: [string, number][];
}

/** The corpus's roots, as the build and the CLIs read them. */
const corpusEnv = () => ({ ...process.env, EVALBOARD_RESULTS: target.resultsRoot, EVALBOARD_MODELS: target.modelsRoot, EVALBOARD_REVIEWS: target.reviewsRoot, EVALBOARD_REFERENCES: target.referencesRoot });

/** User + system seconds from `/usr/bin/time -v`'s report (NaN without it). */
const cpuOf = (report: string) => Number(/User time \(seconds\): ([\d.]+)/.exec(report)?.[1] ?? NaN) + Number(/System time \(seconds\): ([\d.]+)/.exec(report)?.[1] ?? NaN);

/** astro build (under /usr/bin/time -v for the peak RSS) then pagefind, as `npm run build` does. */
async function build(label: string, cache = CACHE, extraEnv: Record<string, string> = {}): Promise<BuildFigures> {
  rmSync(OUT, { recursive: true, force: true });
  const env = { ...corpusEnv(), EVALBOARD_CACHE_DIR: cache, ...extraEnv };
  const { plan, ...primed } = await primeFigures(env);
  // Node 20 refuses --cpu-prof in NODE_OPTIONS: astro's entry script is run under node with the flags.
  const [node, args] = astroBuildArgv(ROOT, OUT, PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`, `--cpu-prof-name=${label}.cpuprofile`] : []);
  const hasTime = existsSync('/usr/bin/time');
  // What `npm run build` runs beside astro (an incremental build's new folder and pairs), timed
  // like the lanes; waited for rather than stopped, so the figures count it whole.
  const beside = plan && plan.beside.length > 0 ? primeBeside({ root: ROOT, env, plan, command: timed }) : undefined;
  const together = beside ? concurrentRss(['prime-cache.mjs', 'astro.js']) : undefined;
  const t0 = performance.now();
  const r = await spawnCollect(hasTime ? '/usr/bin/time' : node, hasTime ? ['-v', node, ...args] : args, { cwd: ROOT, env });
  const astroEnd = performance.now();
  const besideRuns = beside ? await beside.done : [];
  const astroS = (performance.now() - t0) / 1000;
  const besideFigures = beside
    ? {
        besideCpu: besideRuns.reduce((n, b) => n + cpuOf(b.stderr), 0),
        besideNote: `${besideRuns.map((b) => `prime-cache ${b.args.join(' ')} ${b.wallS.toFixed(1)} s, ${cpuOf(b.stderr).toFixed(1)} s cpu${b.status === 0 ? '' : ` (${b.signal ?? `exit ${b.status}`})`}`).join(', then ')}; it ended ${((performance.now() - astroEnd) / 1000).toFixed(1)} s after astro (counted in astro's wall); astro and it held at most ${together!.stop().toFixed(0)} MB together, sampled every 0.2 s`,
      }
    : { besideCpu: 0, besideNote: '' };
  if (r.status !== 0) {
    console.error(r.stdout.slice(-3000), r.stderr.slice(-3000));
    throw new Error(`astro build failed (${r.status ?? r.signal})`);
  }
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
  const cpu = cpuOf(r.stderr);
  // Astro logs each page as `├─ /path/index.html (+12ms)`.
  const slowest = [...r.stdout.matchAll(/[├└]─ (\S+) \(\+(\d+(?:\.\d+)?)(ms|s)\)/g)]
    .map((m): [string, number] => [m[1]!, Number(m[2]) * (m[3] === 's' ? 1000 : 1)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  const t1 = performance.now();
  const pagefind = join(ROOT, 'node_modules', '.bin', 'pagefind');
  const p = spawnSync(hasTime ? '/usr/bin/time' : pagefind, [...(hasTime ? ['-v', pagefind] : []), ...pagefindArgs(OUT)], { cwd: ROOT, encoding: 'utf8' });
  if (p.status !== 0) throw new Error(`pagefind failed: ${p.stderr}`);
  return { ...primed, ...besideFigures, astro: astroS, astroCpu: cpu, pagefind: (performance.now() - t1) / 1000, pagefindCpu: cpuOf(p.stderr), rssMb: rss ? Number(rss[1]) / 1024 : NaN, slowest };
}

/** A lane's command under /usr/bin/time -v (its CPU and peak RSS). */
const timed = ([cmd, args]: [string, string[]]): [string, string[]] => ['/usr/bin/time', ['-v', cmd, ...args]];

/** `spawnSync`'s result, without blocking this process's event loop (the RSS sampler runs meanwhile). */
function spawnCollect(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const finish = (status: number | null, signal: NodeJS.Signals | null, extra = '') => resolve({ status, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') + extra });
    child.on('error', (e) => finish(null, null, e.message));
    child.on('close', finish);
  });
}

/** `npm run build`'s stages before astro (scripts/lib/prime-lanes.ts), each lane under /usr/bin/time -v. */
async function primeFigures(env: NodeJS.ProcessEnv): Promise<Pick<BuildFigures, 'prime' | 'primeCpu' | 'primeRssMb' | 'primeRssTogetherMb' | 'primeNote'> & { plan: PrimePlan | undefined }> {
  const lanes = buildLanes({ cores: cores(), env });
  const t0 = performance.now();
  const command = timed;
  const probe = lanes < 2 ? undefined : probeMisses({ root: ROOT, env, command });
  const probeS = (performance.now() - t0) / 1000;
  const plan = probe && planPrime({ misses: probe.misses, lanes, env });
  // The sum of each lane's own peak only bounds what they held together; this samples the sum.
  const together = concurrentRss('prime-cache.mjs');
  const runs = plan ? await primeInLanes({ root: ROOT, env, plan, command }) : [];
  const togetherMb = together.stop();
  const failed = runs.filter((r) => r.status !== 0);
  if (failed.length) throw new Error(`prime-cache ${failed[0]!.args.join(' ')} failed: ${failed[0]!.stderr.slice(-2000)}`);
  const rss = (r: (typeof runs)[0]) => Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
  const stages = ['--shard', '--pairs'].map((flag) => runs.filter((r) => r.args[0] === flag));
  return {
    plan,
    prime: (performance.now() - t0) / 1000,
    primeCpu: (probe ? cpuOf(probe.stderr) : 0) + runs.reduce((n, r) => n + cpuOf(r.stderr), 0),
    primeRssMb: Math.max(0, ...stages.map((rs) => rs.reduce((n, r) => n + rss(r), 0))),
    primeRssTogetherMb: togetherMb,
    primeNote: [
      plan ? `${plan.reason}; ${plan.lanes} lanes${plan.pairs ? ', pairs too' : ''}` : `one lane`,
      ...(probe ? [`probe ${probeS.toFixed(1)} s, ${cpuOf(probe.stderr).toFixed(1)} s cpu`] : []),
      ...stages
        .filter((rs) => rs.length)
        .map((rs) => `${rs[0]!.args[0]!.slice(2)} stage ${Math.max(...rs.map((r) => r.wallS)).toFixed(1)} s, ${rs.reduce((n, r) => n + cpuOf(r.stderr), 0).toFixed(1)} s cpu, lanes' peak RSS ${rs.map((r) => rss(r).toFixed(0)).join(' + ')} MB`),
    ].join('; '),
  };
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, base = dir, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) filesUnder(p, base, out);
    else out.push(relative(base, p));
  }
  return out;
}

/**
 * `from`'s files at `to` as hard links (a cache entry is never changed in place: a job's writes
 * are new entries renamed into place), but the memos, which are appended to, as copies.
 */
function linkTree(from: string, to: string, files: readonly string[]): void {
  for (const f of files) {
    mkdirSync(dirname(join(to, f)), { recursive: true });
    if (f.endsWith('.jsonl')) copyFileSync(join(from, f), join(to, f));
    else linkSync(join(from, f), join(to, f));
  }
}

interface JobFigures { cpu: number; wall: number; rssMb: number; line: string }

/** One prime-cache job (`--shard i/N` or `--pairs i/N`) against `cache`, under /usr/bin/time -v. */
function primeJob(stage: '--shard' | '--pairs', shard: string, cache: string): JobFigures {
  const [node, flags] = [process.execPath, ['--max-semi-space-size=64', '--min-semi-space-size=64']];
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', node, ...flags, join(ROOT, 'dist-cli', 'prime-cache.mjs'), stage, shard], { cwd: ROOT, env: { ...corpusEnv(), EVALBOARD_CACHE_DIR: cache }, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`prime-cache ${stage} ${shard} failed: ${r.stderr.slice(-2000)}`);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
  return { cpu: cpuOf(r.stderr), wall: (performance.now() - t0) / 1000, rssMb: rss ? Number(rss[1]) / 1024 : NaN, line: r.stdout.split('\n')[0] ?? '' };
}

async function splitBuild(shards: number): Promise<void> {
  if (!Number.isInteger(shards) || shards < 1) throw new Error(`--split takes a number of shards ≥ 1, got ${shards}`);
  const merged = join(WORK, 'split-cache');
  rmSync(merged, { recursive: true, force: true });
  const jobs: JobFigures[] = [];
  for (let i = 1; i <= shards; i++) {
    const cache = join(WORK, `split-cache-${i}`);
    rmSync(cache, { recursive: true, force: true });
    jobs.push(primeJob('--shard', `${i}/${shards}`, cache));
    cpSync(cache, merged, { recursive: true });
    rmSync(cache, { recursive: true, force: true });
  }
  // The pairs stage: each job from the score shards' union, keeping the product entries it wrote
  // (as the workflow uploads them); the entries' compare data may come from several, the same bytes.
  const union = filesUnder(merged);
  const inUnion = new Set(union);
  const pairsNew = join(WORK, 'split-pairs-new');
  rmSync(pairsNew, { recursive: true, force: true });
  const pairJobs: JobFigures[] = [];
  for (let i = 1; i <= shards; i++) {
    const cache = join(WORK, `split-pairs-cache-${i}`);
    rmSync(cache, { recursive: true, force: true });
    linkTree(merged, cache, union);
    pairJobs.push(primeJob('--pairs', `${i}/${shards}`, cache));
    const wrote = filesUnder(cache).filter((f) => f.startsWith('products/') && !inUnion.has(f));
    linkTree(cache, pairsNew, wrote.filter((f) => !existsSync(join(pairsNew, f))));
    rmSync(cache, { recursive: true, force: true });
  }
  if (existsSync(pairsNew)) cpSync(pairsNew, merged, { recursive: true });
  rmSync(pairsNew, { recursive: true, force: true });
  const load = loadavg()[0]!.toFixed(2);
  // The site job's log of what it computed: it should score no folder (the score shards did) and
  // compute no compare pair (the pairs shards did).
  const log = join(WORK, 'split-site.log');
  writeFileSync(log, '');
  const site = await build('split-site', merged, { EVALBOARD_CACHE_LOG: log });
  const logLines = readFileSync(log, 'utf8').split('\n');
  const scoredInSite = logLines.filter((l) => l.startsWith('score ')).length;
  const missed = (kind: string) => logLines.filter((l) => l.startsWith(`miss ${kind} `)).length;
  const slowest = (js: JobFigures[]) => Math.max(...js.map((j) => j.cpu));
  const sum = (js: JobFigures[]) => js.reduce((n, j) => n + j.cpu, 0);
  const siteCpu = site.astroCpu + site.pagefindCpu;
  const print = (stage: string, js: JobFigures[]) => {
    for (const [i, j] of js.entries()) console.log(`split ${stage} ${i + 1}/${shards}: ${j.cpu.toFixed(1)} s cpu (${j.wall.toFixed(1)} s wall), peak RSS ${j.rssMb.toFixed(0)} MB — ${j.line}`);
  };
  print('shard', jobs);
  print('pairs', pairJobs);
  console.log(`split site job: ${siteCpu.toFixed(1)} s cpu (astro ${site.astro.toFixed(1)} s wall, ${site.astroCpu.toFixed(1)} s cpu, + pagefind ${site.pagefindCpu.toFixed(1)} s cpu), peak RSS ${site.rssMb.toFixed(0)} MB, ${scoredInSite} folder${scoredInSite === 1 ? '' : 's'} scored in it, ${missed('compare-pair')} compare pairs and ${missed('compare-shared')} shared-unit counts computed in it (${missed('compare-data/medvision')} MedVision compare data), load average ${load}`);
  console.log(`split full build: slowest shard ${slowest(jobs).toFixed(1)} + slowest pairs shard ${slowest(pairJobs).toFixed(1)} + site job ${siteCpu.toFixed(1)} = ${(slowest(jobs) + slowest(pairJobs) + siteCpu).toFixed(1)} s cpu on ${shards} runners (all score shards ${sum(jobs).toFixed(1)}, all pairs shards ${sum(pairJobs).toFixed(1)} s cpu)`);
}

/** The incremental build without the process beside astro, from a hard-linked copy of the cache (the real one stays as it was). */
async function incrementalWithoutBeside(): Promise<BuildFigures> {
  const copy = join(WORK, 'cache-ab');
  rmSync(copy, { recursive: true, force: true });
  linkTree(CACHE, copy, filesUnder(CACHE));
  const figures = await build('incremental-without-beside', copy, { EVALBOARD_BUILD_BESIDE: '0' });
  rmSync(copy, { recursive: true, force: true });
  return figures;
}

/** Removes the MedVision submission `writeMedvisionEntry(i)` added (results, registry file, review). */
function removeMedvisionEntry(i: number): void {
  rmSync(join(target.resultsRoot, 'medvision', benchModel(i).id), { recursive: true, force: true });
  rmSync(join(target.modelsRoot, `${benchModel(i).name}.json`), { force: true });
  rmSync(join(target.reviewsRoot, 'medvision', `${benchModel(i).id}.json`), { force: true });
}

// The corpus: written once per (models, scale), reused by later runs.
let samples = 0;
// The latch and ClinicalBench demo submissions, then MedVision up to --models with the one the
// incremental build adds.
const medvisionEntries = Math.max(1, MODELS - LATCH_DEMO_MODELS.length - DEMO_AGENTS.length - 1);
if (!existsSync(join(WORK, 'DONE'))) {
  rmSync(WORK, { recursive: true, force: true });
  const t0 = performance.now();
  writeLatchDemo(target, { evals: LATCH_EVALS });
  writeClinicalbenchDemo(target, { seeds: CLINICAL_SEEDS });
  for (let i = 0; i < medvisionEntries; i++) samples += await writeMedvisionEntry(i);
  // The answer key: any full-budget run holds every subtask's ground truth (shared by all models).
  const open = benchModel(1);
  const reference = buildMedvisionReferenceFromTree(join(target.resultsRoot, 'medvision', open.id, 'Results'), {
    version: 'demo', source: 'synthetic: bench:build', synthetic: true, treeClass: 'full', caps: { full: FULL, pilot: PILOT },
  });
  writeReference(target.referencesRoot!, 'medvision', 'demo', reference);
  writeFileSync(join(WORK, 'DONE'), String(samples));
  console.log(`corpus written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
} else samples = Number(readFileSync(join(WORK, 'DONE'), 'utf8'));
const againFile = join(WORK, 'again-count');
const againCount = existsSync(againFile) ? Number(readFileSync(againFile, 'utf8')) : 0;
/** The submissions the last full run's incremental build and the --again runs since added and kept. */
const againAdded = Array.from({ length: againCount + 1 }, (_, k) => medvisionEntries + k).filter((i) => existsSync(join(target.resultsRoot, 'medvision', benchModel(i).id)));
// A full run measures the corpus as written: without what earlier runs added.
if (!AGAIN) for (const i of againAdded) removeMedvisionEntry(i);
const corpus = du(target.resultsRoot);
const entries = readdirSync(target.resultsRoot).reduce((s, b) => s + readdirSync(join(target.resultsRoot, b)).length, 0);
console.log(`corpus: ${entries} entries (${medvisionEntries} MedVision: ${SUBTASKS.length} subtasks × ${FULL} samples open-weight / ${PILOT} pilot; ${LATCH_DEMO_MODELS.length} latch: ${LATCH_EVALS.length} evals × 3 trials; ${DEMO_AGENTS.length} ClinicalBench: 3 tasks × ${CLINICAL_SEEDS.length} seeds), ${samples.toLocaleString()} MedVision samples, ${(corpus.bytes / 1e6).toFixed(0)} MB, in ${WORK}`);

if (SPLIT) {
  await splitBuild(SPLIT);
  process.exit(0);
}

if (AGAIN) {
  // The incremental build again, from the cache the last run left, with a submission it never saw.
  if (!existsSync(join(CACHE, 'CACHEDIR.TAG'))) throw new Error(`--again needs the cache of an earlier run in ${CACHE}`);
  const k = againCount + 1;
  writeFileSync(againFile, String(k));
  const index = medvisionEntries + k;
  const added = await writeMedvisionEntry(index);
  const withoutAgain = BESIDE_AB ? await incrementalWithoutBeside() : undefined;
  const again = await build('incremental');
  for (const [label, b] of [['without the process beside astro', withoutAgain], ['', again]] as const) {
    if (b) console.log(`incremental build${label ? ` ${label}` : ''} s: ${(b.prime + b.astro + b.pagefind).toFixed(1)} (astro ${b.astro.toFixed(1)}, ${b.astroCpu.toFixed(1)} s cpu, ${b.besideNote ? `beside it ${b.besideNote}, ` : ''}+ pagefind ${b.pagefind.toFixed(1)}; ${(b.primeCpu + b.besideCpu + b.astroCpu + b.pagefindCpu).toFixed(1)} s cpu in all; peak RSS ${b.rssMb.toFixed(0)} MB; +1 submission of ${added.toLocaleString()} samples, bench model ${index}; ${againAdded.length} submission${againAdded.length === 1 ? '' : 's'} added since the last full run kept)`);
  }
  process.exit(0);
}

rmSync(CACHE, { recursive: true, force: true });
const load0 = loadavg()[0]!.toFixed(2);
const full = await build('full');
const site = du(OUT);
// One new submission (a new model id, registry file and review), then the rebuild on a warm cache.
const added = await writeMedvisionEntry(medvisionEntries);
const without = BESIDE_AB ? await incrementalWithoutBeside() : undefined;
const load1 = loadavg()[0]!.toFixed(2);
const inc = await build('incremental');
// Nothing changed: what the site job of the split costs when the scoring matrix has primed every
// folder and the cross-entry products are cached (docs/scaling.md, "The split, on GitHub Actions").
const load2 = loadavg()[0]!.toFixed(2);
const unchanged = await build('unchanged');
// Kept, like the submissions --again adds after it: the next full run removes them.

const total = (b: BuildFigures) => b.prime + b.astro + b.pagefind;
const cpuTotal = (b: BuildFigures) => b.primeCpu + b.besideCpu + b.astroCpu + b.pagefindCpu;
const besideOf = (b: BuildFigures) => (b.besideNote ? `beside it ${b.besideNote}, ` : '');
const primed = (b: BuildFigures) => (b.primeCpu > 0 ? `prime ${b.prime.toFixed(1)}, ${b.primeCpu.toFixed(1)} s cpu (${b.primeNote}, sum of the lanes' peak RSS ${b.primeRssMb.toFixed(0)} MB, their RSS together at most ${b.primeRssTogetherMb.toFixed(0)} MB sampled every 0.2 s), + ` : '');
console.log(`full build s: ${total(full).toFixed(1)} (${primed(full)}astro ${full.astro.toFixed(1)}, ${full.astroCpu.toFixed(1)} s cpu, ${besideOf(full)} + pagefind ${full.pagefind.toFixed(1)}, ${full.pagefindCpu.toFixed(1)} s cpu; ${cpuTotal(full).toFixed(1)} s cpu in all; load average ${load0}; ${(total(full) / samples * 1e6).toFixed(1)} µs per MedVision sample)`);
console.log(`incremental build s: ${total(inc).toFixed(1)} (${primed(inc)}astro ${inc.astro.toFixed(1)}, ${inc.astroCpu.toFixed(1)} s cpu, ${besideOf(inc)} + pagefind ${inc.pagefind.toFixed(1)}, ${inc.pagefindCpu.toFixed(1)} s cpu; ${cpuTotal(inc).toFixed(1)} s cpu in all; +1 submission of ${added.toLocaleString()} samples; ${((100 * total(inc)) / total(full)).toFixed(0)} % of full by wall, ${((100 * cpuTotal(inc)) / cpuTotal(full)).toFixed(0)} % by cpu; load average ${load1})`);
if (without) console.log(`incremental build without the process beside astro s: ${total(without).toFixed(1)} (${primed(without)}astro ${without.astro.toFixed(1)}, ${without.astroCpu.toFixed(1)} s cpu, + pagefind ${without.pagefind.toFixed(1)}, ${without.pagefindCpu.toFixed(1)} s cpu; ${cpuTotal(without).toFixed(1)} s cpu in all; ${((100 * total(without)) / total(full)).toFixed(0)} % of full by wall, ${((100 * cpuTotal(without)) / cpuTotal(full)).toFixed(0)} % by cpu; peak RSS ${without.rssMb.toFixed(0)} MB; run first, from a copy of the same cache)`);
console.log(`unchanged rebuild s: ${total(unchanged).toFixed(1)} (${primed(unchanged)}astro ${unchanged.astro.toFixed(1)}, ${unchanged.astroCpu.toFixed(1)} s cpu, ${besideOf(unchanged)} + pagefind ${unchanged.pagefind.toFixed(1)}, ${unchanged.pagefindCpu.toFixed(1)} s cpu; ${cpuTotal(unchanged).toFixed(1)} s cpu in all; nothing changed since the incremental build: the split's site job with every folder primed; load average ${load2})`);
console.log(`peak RSS MB: ${full.rssMb.toFixed(0)} full, ${inc.rssMb.toFixed(0)} incremental, ${unchanged.rssMb.toFixed(0)} unchanged (astro build process)`);
console.log(`pages: ${site.html}`);
console.log(`dist size MB: ${(site.bytes / 1e6).toFixed(1)}`);
console.log(`slowest pages (full build): ${full.slowest.map(([p, ms]) => `${p} ${ms.toFixed(0)} ms`).join(', ')}`);
