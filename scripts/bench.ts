// npm run bench [-- --records N] [--rounds R] [--upstream '[label=]<command with {tree}>' …]
// MedVision scoring end to end on a generated tree of real-shaped TL records (≈ 3.9 KB each), with
// its default threads (one per idle core), one thread and N threads (EVALBOARD_SCORE_THREADS=N: this one and N − 1 workers), next to a naive Node pass (read
// every file, JSON.parse every line) and Python's json.loads; each contender is a whole process, started R times in alternation (A B C A B C …) so drift in the
// machine's speed hits all alike; wall and CPU seconds per run, the load average per round.
// The upstream Python (medvision_bm's parse_outputs per-sample metrics + the TL summarizer) is
// timed the same way when given: --upstream '[label=]<python> <driver.py> {tree}', repeatable, or
// EVALBOARD_UPSTREAM (several separated by ' ;; '); {tree} is replaced by the tree's path. How to
// build such a driver: docs/scaling.md. Prints figures; never fails on time (DESIGN §8).
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { DEMO_CONFIGS, DEMO_MODELS, TASK_TAG, demoRecords, type DemoModel } from '../src/benchmarks/medvision/demo/generator';
import { threadsForIdleCores } from '../src/benchmarks/medvision/formats/score-threads';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RECORDS = Number(arg('records') ?? 100_000);
const ROUNDS = Number(arg('rounds') ?? 3);
const upstreamArgs = process.argv.flatMap((a, i) => (a === '--upstream' && process.argv[i + 1] !== undefined ? [process.argv[i + 1]!] : []));
/** Each upstream contender: `label=command` or a bare command (labelled by its position). */
const UPSTREAMS = (upstreamArgs.length ? upstreamArgs : (process.env.EVALBOARD_UPSTREAM ?? '').split(' ;; '))
  .map((s) => s.trim())
  .filter(Boolean)
  .map((spec, i) => {
    const m = /^([\w.-]+)=(.*)$/.exec(spec);
    return { label: m ? m[1]! : `#${i + 1}`, command: m ? m[2]! : spec };
  });
const PER_CONFIG = 1000;
const TL = DEMO_CONFIGS.filter((c) => c.family === 'TL');
const PADDING = 2600; // long prompt text: records of ≈ 3.9 KB, like real TL records (DESIGN §8)
const ROOT = join(import.meta.dirname, '..');
const tree = join(ROOT, 'bench-data', `medvision-${RECORDS}`);
/** Measured by the issue on another day (100 k real TL records, 371 MB, load ≈ 1); this machine's speed varies by up to ≈ 1.7× between days, so only a same-run figure compares. */
const UPSTREAM_REFERENCE = { lo: 10.3, hi: 12.6, records: 100_000 };

async function generate(): Promise<void> {
  const models = Math.ceil(RECORDS / (PER_CONFIG * TL.length));
  let left = RECORDS;
  for (let m = 0; m < models && left > 0; m++) {
    const base = DEMO_MODELS[m % DEMO_MODELS.length]!;
    const model: DemoModel = { ...base, name: `${base.name}-bench${m}` };
    const parsed = join(tree, 'Results', TASK_TAG.TL, model.name, 'parsed');
    mkdirSync(parsed, { recursive: true });
    for (const cfg of TL) {
      if (left <= 0) break;
      const n = Math.min(PER_CONFIG, left);
      left -= n;
      const out = createWriteStream(join(parsed, `20260901_120000_samples_${cfg.config}.jsonl`));
      for (const line of demoRecords(model, cfg, n, PADDING)) {
        if (!out.write(line + '\n')) await once(out, 'drain');
      }
      out.end();
      await once(out, 'finish');
    }
  }
  writeFileSync(join(tree, 'DONE'), String(RECORDS));
}

function files(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.jsonl')) out.push(p);
    }
  };
  walk(join(tree, 'Results'));
  return out;
}

/** The node flags of package.json's `score` script (`node <flags> scripts/cli/run.mjs score`), so the bench never drifts from it. */
function scoreNodeFlags(): string[] {
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.score ?? '';
  const words = script.split(/\s+/);
  if (words[0] !== 'node' || !words.includes('scripts/cli/run.mjs')) throw new Error(`bench: package.json's score script is not "node <flags> scripts/cli/run.mjs score": ${script}`);
  return words.slice(1, words.indexOf('scripts/cli/run.mjs'));
}

/** CPU seconds of this process's waited-for children (Linux /proc: cutime + cstime, in clock ticks). */
function childCpu(): number {
  const f = readFileSync('/proc/self/stat', 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[13]) + Number(rest[14])) / 100;
}

interface Contender {
  name: string;
  cmd: string[];
  /** Added to this process's environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  check?: (stdout: string) => string | undefined;
}

if (!existsSync(join(tree, 'DONE'))) {
  console.log(`generating ${RECORDS.toLocaleString()} TL records into ${tree} …`);
  const t0 = Date.now();
  await generate();
  console.log(`  generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
const all = files();
const bytes = all.reduce((s, f) => s + statSync(f).size, 0);
const mb = bytes / 1e6;
console.log(`tree: ${all.length} files, ${mb.toFixed(0)} MB, ${RECORDS.toLocaleString()} records (${(bytes / RECORDS / 1000).toFixed(2)} KB each)`);
for (const f of all) readFileSync(f); // warm the page cache: every contender reads from memory

const NAIVE = `const fs=require('fs');let n=0;for(const f of process.argv.slice(1))for(const l of fs.readFileSync(f,'utf8').split('\\n'))if(l){JSON.parse(l);n++}console.log(n)`;
const PY = 'import json,sys\nn=0\nfor p in sys.argv[1:]:\n  with open(p) as f:\n    for l in f:\n      if l.strip(): json.loads(l); n+=1\nprint(n)';
const hasPython = spawnSync('python3', ['-c', '0']).status === 0;
const scoreCheck = (out: string) => {
  const doc = JSON.parse(out);
  const n = doc.items.reduce((s: number, i: { n?: number; n_records?: number }) => s + (i.n_records ?? i.n ?? 0), 0);
  const errors = doc.findings.filter((f: { severity: string }) => f.severity === 'error').length;
  return `${n.toLocaleString()} records scored, ${errors} error findings`;
};
// Exactly what `npm run --silent score -- <tree> --json` runs (node with the script's own flags),
// minus npm's start and run.mjs's freshness check; and the same with the files scored on one
// thread per core (at least 2: this one and the workers).
const THREADS = Math.max(2, Math.min(availableParallelism(), 4));
const SCORE = [process.execPath, ...scoreNodeFlags(), join(ROOT, 'dist-cli', 'score.mjs'), tree, '--json'];
const ONE = 'evalboard score --json, one thread (validate + score + summarise)';
const POOLED = `evalboard score --json, ${THREADS} threads (EVALBOARD_SCORE_THREADS=${THREADS})`;
const DEFAULT = 'evalboard score --json, default (threads by idle cores)';
const NAIVE_NAME = 'naive Node: readFileSync + JSON.parse every line';
const contenders: Contender[] = [
  { name: ONE, cmd: SCORE, env: { EVALBOARD_SCORE_THREADS: '1' }, check: scoreCheck },
  { name: POOLED, cmd: SCORE, env: { EVALBOARD_SCORE_THREADS: String(THREADS) }, check: scoreCheck },
  // What a user gets: no variable, so `score` picks its threads from the load when it starts.
  { name: DEFAULT, cmd: SCORE, env: { EVALBOARD_SCORE_THREADS: undefined }, check: scoreCheck },
  { name: NAIVE_NAME, cmd: [process.execPath, '-e', NAIVE, ...all] },
  ...(hasPython ? [{ name: 'python3 json.loads every line (no metrics)', cmd: ['python3', '-c', PY, ...all] }] : []),
  ...UPSTREAMS.map((u) => ({ name: `upstream Python: ${u.label}`, cmd: u.command.split(/\s+/).filter(Boolean).map((w) => w.replaceAll('{tree}', tree)) })),
];

const times = new Map<string, { wall: number[]; cpu: number[] }>(contenders.map((c) => [c.name, { wall: [], cpu: [] }]));
for (let r = 1; r <= ROUNDS; r++) {
  const load = loadavg()[0]!.toFixed(2);
  const cells: string[] = [];
  for (const c of contenders) {
    // The threads the default picks: the same policy on the load it reads when it starts (now).
    const picked = c.name === DEFAULT ? `, ${threadsForIdleCores({ cores: availableParallelism(), load: loadavg()[0] ?? 0 })} thread(s) by the load` : '';
    const cpu0 = childCpu();
    const t0 = process.hrtime.bigint();
    const p = spawnSync(c.cmd[0]!, c.cmd.slice(1), { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, ...c.env } });
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = childCpu() - cpu0;
    if (p.status !== 0 && !(c.check && p.status === 1)) {
      console.log(`  ${c.name}: exit ${p.status ?? p.signal}: ${(p.stderr ?? '').slice(0, 300)}`);
      continue;
    }
    times.get(c.name)!.wall.push(wall);
    times.get(c.name)!.cpu.push(cpu);
    const note = c.check && r === 1 ? ` (${c.check(p.stdout)}${picked})` : picked ? ` (${picked.slice(2)})` : '';
    cells.push(`${c.name.startsWith('upstream Python: ') ? c.name : c.name.split(':')[0]!.split(' (')[0]!.replace('evalboard score --json', 'ours')} ${wall.toFixed(2)} s wall / ${cpu.toFixed(2)} s cpu${note}`);
  }
  console.log(`round ${r} (load average ${load} → ${loadavg()[0]!.toFixed(2)}): ${cells.join('; ')}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const range = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
console.log('');
for (const c of contenders) {
  const t = times.get(c.name)!;
  if (t.wall.length === 0) continue;
  const w = median(t.wall);
  console.log(`${c.name.padEnd(56)} wall ${w.toFixed(2)} s (${range(t.wall)})  cpu ${median(t.cpu).toFixed(2)} s  ${Math.round(RECORDS / w).toLocaleString().padStart(9)} records/s  ${(mb / w).toFixed(0).padStart(4)} MB/s`);
}
const ours = median(times.get(ONE)!.wall);
const naive = median(times.get(NAIVE_NAME)!.wall);
const pooled = median(times.get(POOLED)!.wall);
const byDefault = median(times.get(DEFAULT)!.wall);
console.log(`\n${THREADS} threads vs one thread: ${(ours / pooled).toFixed(2)}×; the default vs one thread: ${(ours / byDefault).toFixed(2)}× (wall medians)`);
console.log(`ours (one thread) vs naive JSON.parse: ${(naive / ours).toFixed(2)}× (wall medians)`);
if (UPSTREAMS.length) {
  for (const u of UPSTREAMS) {
    const up = median(times.get(`upstream Python: ${u.label}`)!.wall);
    console.log(`ours vs upstream ${u.label} (measured above): ${(up / ours).toFixed(1)}× one thread, ${(up / pooled).toFixed(1)}× ${THREADS} threads, ${(up / byDefault).toFixed(1)}× the default (wall medians)`);
  }
} else {
  const scale = RECORDS / UPSTREAM_REFERENCE.records;
  console.log(
    `upstream: not measured (pass --upstream '<python with medvision_bm> <driver running parse_outputs' per-sample metrics + the TL summarizer> {tree}', or set EVALBOARD_UPSTREAM). ` +
      `The issue measured it at ${UPSTREAM_REFERENCE.lo}–${UPSTREAM_REFERENCE.hi} s per 100 k real TL records on another day (load ≈ 1), not comparable with today's run: ` +
      `ours is ${((UPSTREAM_REFERENCE.lo * scale) / ours).toFixed(1)}–${((UPSTREAM_REFERENCE.hi * scale) / ours).toFixed(1)}× that.`,
  );
}
