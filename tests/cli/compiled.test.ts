/**
 * The npm scripts run compiled tools (dist-cli/<tool>.mjs, built by scripts/cli/compile.mjs) through
 * scripts/cli/run.mjs. These tests copy the two runner files into a scratch checkout with tiny tools
 * and check that a missing or stale dist-cli/ is rebuilt before it runs, so old code never runs;
 * then that the real compiled `score` prints what the TypeScript source prints.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHED, TOOLS } from '../../scripts/cli/compile.mjs';

const ROOT = resolve(__dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'evalboard-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function checkout(): string {
  const root = mkdtempSync(join(scratch, 'co-'));
  mkdirSync(join(root, 'scripts', 'cli'), { recursive: true });
  mkdirSync(join(root, 'src'));
  for (const f of ['compile.mjs', 'run.mjs', 'code-cache.mjs']) copyFileSync(join(ROOT, 'scripts/cli', f), join(root, 'scripts/cli', f));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  writeFileSync(join(root, 'src', 'version.ts'), "export const version: string = 'one';\n");
  for (const tool of TOOLS as string[]) {
    writeFileSync(join(root, 'scripts', `${tool}.ts`), `import { version } from '../src/version';\nconsole.log('${tool}', version, process.argv.slice(2).join(' '));\n`);
  }
  return root;
}

const runTool = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts/cli/run.mjs'), ...args], { cwd: root, encoding: 'utf8' });

describe('compiled command-line tools', () => {
  it('compiles on first use (a clean clone without dist-cli/) and passes the arguments through', () => {
    const root = checkout();
    const r = runTool(root, 'score', 'a', '--json');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('score one a --json\n');
  });

  it('recompiles when a source file changed since the last compile: a stale build never runs', () => {
    const root = checkout();
    expect(runTool(root, 'validate').stdout).toBe('validate one \n');
    writeFileSync(join(root, 'src', 'version.ts'), "export const version: string = 'two';\n");
    // Same size, and an mtime moved back: the stamp still differs.
    utimesSync(join(root, 'src', 'version.ts'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(runTool(root, 'validate').stdout).toBe('validate two \n');
  });

  it('recompiles when the lockfile changed (the bundled libraries are pinned by it)', () => {
    const root = checkout();
    runTool(root, 'score');
    const out = join(root, 'dist-cli', 'score.mjs');
    writeFileSync(out, "console.log('stale');\n");
    expect(runTool(root, 'score').stdout).toBe('stale\n'); // nothing changed: the compiled file runs as is
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 3}\n');
    expect(runTool(root, 'score').stdout).toBe('score one \n');
  });

  it('a cached tool saves its code cache after a run and runs from it on the next', () => {
    const root = checkout();
    expect(CACHED).toContain('score');
    expect(runTool(root, 'score', 'x').stdout).toBe('score one x\n');
    const caches = () => readdirSync(join(root, 'dist-cli')).filter((f) => f.endsWith('.v8cache'));
    expect(caches()).toHaveLength(1);
    const file = join(root, 'dist-cli', caches()[0]!);
    const written = statSync(file).mtimeMs;
    expect(runTool(root, 'score', 'y').stdout).toBe('score one y\n');
    // Rewritten only when missing or rejected by V8: an unchanged file was read and accepted.
    expect(statSync(file).mtimeMs).toBe(written);
  });

  it('a recompiled tool never runs the code cache of the code before (V8 compares only the length)', () => {
    const root = checkout();
    expect(runTool(root, 'score').stdout).toBe('score one \n');
    const before = readdirSync(join(root, 'dist-cli')).filter((f) => f.endsWith('.v8cache'));
    writeFileSync(join(root, 'src', 'version.ts'), "export const version: string = 'two';\n"); // same length
    expect(runTool(root, 'score').stdout).toBe('score two \n');
    const after = readdirSync(join(root, 'dist-cli')).filter((f) => f.endsWith('.v8cache'));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });

  it('refuses an unknown tool with usage (exit 2)', () => {
    const r = runTool(checkout(), 'nope');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^usage: node scripts\/cli\/run\.mjs </);
  });

  it('the compiled score prints exactly what the TypeScript source prints', () => {
    const args = ['results/medvision/demo-vlm-7b-demo', '--json'];
    const compiled = spawnSync(process.execPath, [join(ROOT, 'scripts/cli/run.mjs'), 'score', ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    const source = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/score.ts'), ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(source.status).toBe(0);
    expect(compiled.status).toBe(0);
    expect(JSON.parse(compiled.stdout).format).toBe('medvision');
    expect(compiled.stdout).toBe(source.stdout);
  });

  it('the compiled score of a MedVision tree starts without node:crypto (loaded only when a hash is asked for)', () => {
    const preload = join(scratch, 'loaded-modules.cjs');
    writeFileSync(preload, "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList)));\n");
    expect(spawnSync(process.execPath, [join(ROOT, 'scripts/cli/run.mjs'), 'score', '--help'], { cwd: ROOT }).status).toBe(2); // compiled, fresh
    const r = spawnSync(process.execPath, ['--require', preload, join(ROOT, 'dist-cli/score.mjs'), 'results/medvision/demo-vlm-7b-demo', '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(r.status).toBe(0);
    const loaded = JSON.parse(r.stderr) as string[];
    expect(loaded).toContain('NativeModule fs');
    expect(loaded.filter((m) => m.includes('crypto'))).toEqual([]);
  });

  it('the compiled score in worker threads prints exactly what one thread prints, every bad line located', () => {
    // One model folder with every family, and lines broken in three ways in files of two families.
    const dir = join(mkdtempSync(join(scratch, 'tree-')), 'demo-vlm-7b-demo');
    cpSync(join(ROOT, 'results/medvision/demo-vlm-7b-demo'), dir, { recursive: true });
    const parsed = (tag: string) => join(dir, 'Results', tag, 'demo-vlm-7b', 'parsed');
    const tl = join(parsed('MedVision-TL'), '20260901_120000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl');
    const det = join(parsed('MedVision-detect'), '20260901_120000_samples_AMOS22_BoxCoordinate_Task01_Axial.jsonl');
    const lines = readFileSync(tl, 'utf8').split('\n');
    lines[1] = '{"doc_id": 1, "doc": ';
    lines[3] = JSON.stringify({ ...JSON.parse(lines[3]!), target: 17 });
    writeFileSync(tl, lines.join('\n'));
    const detBad = readFileSync(det, 'utf8').split('\n').length; // the appended line's number
    writeFileSync(det, Buffer.concat([readFileSync(det), Buffer.from([0xff, 0xfe, 0x0a])]));
    const score = (threads: string) =>
      spawnSync(process.execPath, [join(ROOT, 'scripts/cli/run.mjs'), 'score', dir, '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, EVALBOARD_SCORE_THREADS: threads } });
    const one = score('1');
    const four = score('4');
    expect(one.status).toBe(1);
    expect(four.status).toBe(1);
    expect(existsSync(join(ROOT, 'dist-cli/medvision-score-worker.mjs'))).toBe(true);
    expect(four.stderr).toBe(''); // the workers ran: a failed pool says so before scoring in one thread
    expect(four.stdout).toBe(one.stdout);
    const errors = (JSON.parse(four.stdout) as { findings: { path: string; line?: number; severity: string }[] }).findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => [f.path.split('/').pop(), f.line])).toEqual([
      ['20260901_120000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl', 2],
      ['20260901_120000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl', 4],
      ['20260901_120000_samples_AMOS22_BoxCoordinate_Task01_Axial.jsonl', detBad],
    ]);
  });

  it('with worker threads, model folders finished out of order are still reported in folder order', () => {
    // The larger folder comes first and is dispatched first (two files to the worker, still
    // starting), so the small one, scored here, is finished first; the output keeps the folders' order.
    const tl = join(ROOT, 'results/medvision/demo-vlm-7b-demo/Results/MedVision-TL/demo-vlm-7b/parsed');
    const root = join(mkdtempSync(join(scratch, 'order-')), 'Results', 'MedVision-TL');
    const small = join(root, 'b-small', 'parsed');
    mkdirSync(small, { recursive: true });
    const kits = '20260901_120000_samples_KiTS23_TumorLesionSize_Task01_Axial.jsonl';
    writeFileSync(join(small, kits), readFileSync(join(tl, kits), 'utf8').split('\n').slice(0, 5).join('\n'));
    cpSync(tl, join(root, 'a-large', 'parsed'), { recursive: true });
    const score = (threads: string) =>
      spawnSync(process.execPath, [join(ROOT, 'scripts/cli/run.mjs'), 'score', root, '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, EVALBOARD_SCORE_THREADS: threads } });
    const one = score('1');
    const two = score('2');
    expect(two.stderr).toBe('');
    const models = (out: string) => (JSON.parse(out) as { items: { model?: string }[] }).items.map((i) => i.model);
    expect([...new Set(models(one.stdout))]).toEqual(['a-large', 'b-small']);
    expect(two.stdout).toBe(one.stdout);
  });
});
