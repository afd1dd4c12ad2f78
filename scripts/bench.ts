// npm run bench [-- --records N] — MedVision scoring throughput on a generated tree, next to
// bare JSON.parse of every line of the same bytes (and Python's json.loads when python3 exists).
// Prints figures; never fails on time (DESIGN §8).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { DEMO_CONFIGS, DEMO_MODELS, TASK_TAG, demoRecords, type DemoModel } from '../src/benchmarks/medvision/demo/generator';
import { scoreMedvisionTree } from '../src/benchmarks/medvision/formats/score-tree';
import { forEachLine } from '../src/core/line-reader';

const argAt = process.argv.indexOf('--records');
const RECORDS = argAt > 0 ? Number(process.argv[argAt + 1]) : 1_000_000;
const PER_CONFIG = 1000;
const TL = DEMO_CONFIGS.filter((c) => c.family === 'TL');
const PADDING = 2600; // long prompt text: records of ≈ 3.9 KB, like real TL records (DESIGN §8)
const root = join(import.meta.dirname, '..', 'bench-data', `medvision-${RECORDS}`);

async function generate(): Promise<void> {
  const models = Math.ceil(RECORDS / (PER_CONFIG * TL.length));
  let left = RECORDS;
  for (let m = 0; m < models && left > 0; m++) {
    const base = DEMO_MODELS[m % DEMO_MODELS.length]!;
    const model: DemoModel = { ...base, name: `${base.name}-bench${m}` };
    const parsed = join(root, 'Results', TASK_TAG.TL, model.name, 'parsed');
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
  writeFileSync(join(root, 'DONE'), String(RECORDS));
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
  walk(join(root, 'Results'));
  return out;
}

function time<T>(fn: () => T): [T, number] {
  const t0 = process.hrtime.bigint();
  const r = fn();
  return [r, Number(process.hrtime.bigint() - t0) / 1e9];
}

if (!existsSync(join(root, 'DONE'))) {
  console.log(`generating ${RECORDS.toLocaleString()} TL records into ${root} …`);
  const [, s] = time(() => 0);
  const t0 = Date.now();
  await generate();
  console.log(`  generated in ${((Date.now() - t0) / 1000 + s).toFixed(1)} s`);
}
const all = files();
const bytes = all.reduce((s, f) => s + statSync(f).size, 0);
const mb = bytes / 1e6;
console.log(`tree: ${all.length} files, ${mb.toFixed(0)} MB, ${RECORDS.toLocaleString()} records (${(bytes / RECORDS / 1000).toFixed(2)} KB each)`);

// Warm the page cache so every contender reads from memory.
for (const f of all) readFileSync(f);

const [naiveCount, naive] = time(() => {
  let n = 0;
  for (const f of all) {
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (line) { JSON.parse(line); n++; }
    }
  }
  return n;
});
const [scored, ours] = time(() => scoreMedvisionTree(root));
const [, linesOnly] = time(() => {
  let n = 0;
  for (const f of all) forEachLine(f, () => { n++; });
  return n;
});
const errors = scored.findings.filter((f) => f.severity === 'error').length;
const n = scored.configs.reduce((s, c) => s + c.n_records, 0);

const row = (name: string, s: number, count = RECORDS) =>
  `${name.padEnd(52)} ${s.toFixed(2).padStart(7)} s  ${Math.round(count / s).toLocaleString().padStart(10)} samples/s  ${(mb / s).toFixed(0).padStart(5)} MB/s`;
console.log(row('read lines only (lower bound for any reader)', linesOnly));
console.log(row('naive Node: readFileSync + JSON.parse every line', naive, naiveCount));
console.log(row('evalboard: validate + score + aggregate + summarise', ours, n));

let python: number | undefined;
try {
  const code = 'import json,sys,time\nt=time.perf_counter()\nn=0\nfor p in sys.argv[1:]:\n  with open(p) as f:\n    for l in f:\n      if l.strip(): json.loads(l); n+=1\nprint(time.perf_counter()-t)';
  python = Number(execFileSync('python3', ['-c', code, ...all], { encoding: 'utf8', maxBuffer: 1 << 20 }).trim());
  console.log(row('python3 json.loads every line (upstream floor, no metrics)', python));
} catch {
  console.log('python3 not available: skipped the json.loads baseline');
}
console.log(`\nspeed-up vs naive JSON.parse: ${(naive / ours).toFixed(2)}×` + (python ? `; vs Python json.loads alone: ${(python / ours).toFixed(2)}×` : ''));
console.log('DESIGN §8 reference: upstream json.loads + cal_metrics on 100 k real TL records (371 MB) takes 4.2–4.9 s, i.e. ≈ 21–24 k samples/s;');
console.log(`evalboard here: ${Math.round(n / ours).toLocaleString()} samples/s → ${((n / ours) / 22_500).toFixed(1)}× that reference rate.`);
console.log(`records scored: ${n.toLocaleString()}, error findings: ${errors}, peak RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
