import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needShared, sharedPath } from '../helpers/shared';
import { compareValues } from '../../src/core/conformance/compare';

const ROOT = resolve(__dirname, '../..');
// The compiled tools, as `npm run <tool>` runs them: run.mjs recompiles dist-cli/ first when any
// source changed, so these tests never run a stale build (tests/cli/compiled.test.ts proves it).
const RUN_CLI = join(ROOT, 'scripts/cli/run.mjs');
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, [RUN_CLI, script.replace(/\.ts$/, ''), ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });

const TL_TREE = 'fixtures/medvision/Results/MedVision-TL/Qwen2.5-VL-7B-SFT-TL';
const TL_EXPECTED = 'fixtures/medvision/expected/MedVision-TL/Qwen2.5-VL-7B-SFT-TL.json';
const TL_REPARSED = 'fixtures/medvision/reparsed/MedVision-TL/Qwen2.5-VL-7B-SFT-TL.json';
const need = needShared('CLI tests on the shared vectors and fixtures', TL_TREE, TL_EXPECTED, TL_REPARSED, 'conformance/medvision');

describe('score CLI', () => {
  it('scores a bundled MedVision submission folder as JSON with NaN as null', () => {
    const r = run('score.ts', ['results/medvision/demo-vlm-7b-demo', '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.format).toBe('medvision');
    expect(out.items.length).toBe(11);
    expect(out.findings).toEqual([]);
    expect(r.stdout).not.toMatch(/\bNaN\b/);
  });
  it('refuses a path it does not know, with a message', () => {
    const r = run('score.ts', ['README.md']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/not a format we know/);
  });
  it.skipIf(!need.has(TL_TREE) || !need.has(TL_REPARSED))('score --json on the real TL tree reproduces upstream re-parsing the raw responses', () => {
    const tree = sharedPath(TL_TREE);
    const out = JSON.parse(run('score.ts', [tree, '--json']).stdout);
    const expected = JSON.parse(readFileSync(sharedPath(TL_REPARSED), 'utf8'));
    expect(compareValues(expected.model_summary, out.summary.models[0].model_summary, '$', { keyOrder: true })).toEqual([]);
    expect(out.summary.models[0].prediction_source).toBe('re-extracted from resps');
    expect(out.items.map((i: { path: string }) => i.path.split('/').pop())).toEqual(Object.keys(expected.configs));
  });
  it.skipIf(!need.has(TL_TREE) || !need.has(TL_EXPECTED))('score --json --trust-submitted-parse on the real TL tree reproduces the upstream summarizer on the stored parse', () => {
    const tree = sharedPath(TL_TREE);
    const out = JSON.parse(run('score.ts', [tree, '--json', '--trust-submitted-parse']).stdout);
    const expected = JSON.parse(readFileSync(sharedPath(TL_EXPECTED), 'utf8'));
    expect(compareValues(expected.model_summary, out.summary.models[0].model_summary, '$', { keyOrder: true })).toEqual([]);
    expect(out.summary.models[0].prediction_source).toMatch(/trust-submitted-parse/);
    expect(out.items.map((i: { path: string }) => i.path.split('/').pop())).toEqual(Object.keys(expected.configs));
  });
});

describe('score CLI output through a pipe', () => {
  it('writes the whole JSON document even when it is far larger than a pipe buffer', async () => {
    const { mkdirSync, mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { DEMO_CONFIGS, DEMO_MODELS, TASK_TAG, demoRecords } = await import('../../src/benchmarks/medvision/demo/generator');
    const root = mkdtempSync(join(tmpdir(), 'evalboard-pipe-'));
    for (const model of DEMO_MODELS.slice(0, 3)) {
      for (const cfg of DEMO_CONFIGS) {
        const dir = join(root, 'Results', TASK_TAG[cfg.family], model.name, 'parsed');
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `20260101_000000_samples_${cfg.config}.jsonl`), [...demoRecords(model, cfg, 20)].join('\n'));
      }
    }
    // A reader that starts late lets the 64 KiB pipe buffer fill while the CLI is still writing.
    const cmd = `'${process.execPath}' '${RUN_CLI}' score '${root}' --json | (sleep 1; cat)`;
    const r = spawnSync('bash', ['-c', cmd], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(r.stdout.length).toBeGreaterThan(100_000);
    const out = JSON.parse(r.stdout);
    expect(out.items).toHaveLength(3 * DEMO_CONFIGS.length);
  });
});

describe('conformance CLI', () => {
  it.skipIf(!need.has('conformance/medvision'))('prints one line per suite and closes with exactly "N passed, 0 failed"', () => {
    const out = execFileSync(process.execPath, [RUN_CLI, 'conformance', sharedPath('conformance/medvision')], { encoding: 'utf8' });
    const lines = out.trim().split('\n');
    expect(lines.at(-1)).toBe('1153 passed, 0 failed');
    expect(lines.filter((l) => l.startsWith('ok   medvision/'))).toHaveLength(4);
  });
  it('exits 1 on an unknown suite', () => {
    const r = run('conformance.ts', [join(ROOT, 'tests/cli/fixtures/medvision')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/UNKNOWN medvision\/no-such-suite/);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('0 passed, 0 failed');
  });
  it('exits 1 when a case fails', () => {
    const r = run('conformance.ts', [join(ROOT, 'tests/cli/fixtures/failing/medvision')]);
    expect(r.status).toBe(1);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });
});

describe('prime-cache CLI', () => {
  it.each([[[]], [['--pairs']], [['--pairs', '0/4']], [['--pairs', '5/4']], [['--pairs', 'two']], [['--shard', '1/2', '--pairs', '1/2']], [['--pair', '1/2']]])('refuses %j with its usage and exit 2', (args) => {
    const r = run('prime-cache.ts', args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--pairs <i>/<n>');
    expect(r.stdout).toBe('');
  });
});
