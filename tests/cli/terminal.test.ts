// Terminal behaviour of the compiled CLIs: plain text, colour only on a terminal without NO_COLOR,
// one missing-value marker in score's tables, and progress lines on stderr only when it is a
// terminal. A real terminal comes from util-linux `script` (a pty for stdin, stdout and stderr).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../scripts/lib/progress';
import { FORMAT_HANDLERS } from '../../src/registry/formats';
import { MISSING } from '../../src/core/text-number';
import type { ScoreOutput } from '../../src/core/format-handler';

const ROOT = resolve(import.meta.dirname, '../..');
const RUN_CLI = join(ROOT, 'scripts/cli/run.mjs');
const MV = 'results/medvision/demo-api-flash-demo';
const hasScript = existsSync('/usr/bin/script');
// eslint-disable-next-line no-control-regex -- a colour or bold escape is what this finds
const SGR = /\u001b\[[0-9;]*m/;
const env = (extra: Record<string, string> = {}) => {
  const e: Record<string, string> = { ...process.env, ...extra } as Record<string, string>;
  if (!('NO_COLOR' in extra)) delete e.NO_COLOR;
  return e;
};
const piped = (tool: string, args: string[], extra: Record<string, string> = {}) =>
  spawnSync(process.execPath, [RUN_CLI, tool, ...args], { cwd: ROOT, encoding: 'utf8', env: env(extra), maxBuffer: 64 << 20 });
/** The tool on a pty: stdout and stderr are both the terminal, merged in the transcript. */
const onTerminal = (tool: string, args: string[], extra: Record<string, string> = {}) =>
  spawnSync('script', ['-qec', [process.execPath, RUN_CLI, tool, ...args].map((a) => `'${a}'`).join(' '), '/dev/null'], { cwd: ROOT, encoding: 'utf8', env: env(extra), maxBuffer: 64 << 20 });

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { stream: { isTTY, columns: 40, write: (s: string) => writes.push(s) }, writes };
}

describe('progressLine', () => {
  it('writes nothing when the stream is not a terminal', () => {
    const { stream, writes } = fakeStream(false);
    const p = progressLine('score', stream, { minIntervalMs: 0 });
    p.update(0, 2, 'a');
    p.update(2, 2);
    p.clear();
    expect(writes).toEqual([]);
  });
  it('on a terminal redraws one line, throttled except for the last step, and erases it', () => {
    const { stream, writes } = fakeStream(true);
    const p = progressLine('validate', stream, { minIntervalMs: 60_000 });
    p.update(0, 3, 'results/x');
    p.update(1, 3, 'results/y'); // inside the interval: skipped
    p.update(3, 3); // the last step always shows
    p.clear();
    expect(writes).toEqual(['\r\u001b[Kvalidate: 0/3 results/x', '\r\u001b[Kvalidate: 3/3', '\r\u001b[K']);
  });
  it('never passes a control character of a label through, and fits the terminal width', () => {
    const { stream, writes } = fakeStream(true);
    progressLine('score', stream, { minIntervalMs: 0 }).update(1, 9, `evil\u001b]0;title\u0007${'x'.repeat(100)}`);
    expect(writes).toHaveLength(1);
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(writes[0]!.slice(4)).not.toMatch(/[\u0000-\u001f]/);
    expect(Array.from(writes[0]!.slice(4)).length).toBe(39);
  });
});

describe('score tables: one missing-value marker', () => {
  const handler = (f: string) => FORMAT_HANDLERS.find((h) => h.format === f)!;
  it('MedVision prints NaN and null alike as the marker, never "NaN"', () => {
    const out: ScoreOutput = {
      format: 'medvision',
      items: [
        { path: 'a', config: 'cfgA', task_type: 'TL', n_records: 3, metrics: { avgMAE: Number.NaN as number, avgMRE: null, SuccessRate: 0, avgNMAE: 0.5 } },
      ],
      summary: { models: [{ model: 'm', task_type: 'TL', sample_class: 'full', n_samples: 3, model_summary: { avgMAE: Number.NaN, avgMRE: null } }] },
      findings: [],
    };
    const text = handler('medvision').renderText(out);
    expect(text).not.toMatch(/NaN|n\/a|null/);
    expect(text).toContain(MISSING);
  });
  it('latch prints a NaN accuracy as the marker, not "n/a"', () => {
    const out: ScoreOutput = { format: 'latch', items: [], summary: { by_config: { 'm|h': { accuracy: Number.NaN, ci_lower: Number.NaN, ci_upper: 1, n_evals: 0 } } }, findings: [] };
    const text = handler('latch').renderText(out);
    expect(text).not.toMatch(/NaN|n\/a/);
    expect(text).toContain(`[${MISSING}, 1.0]`);
  });
  it('the tile task prints a null metric as the marker, not "null"', () => {
    const out: ScoreOutput = { format: 'tile-task', items: [{ path: 'p', config: 'predictions', metrics: { valid: false, final_score: null, tile_f1: Number.NaN } }], summary: {}, findings: [] };
    const text = handler('tile-task').renderText(out);
    expect(text).not.toMatch(/NaN|null/);
    expect(text.split('\n').filter((l) => l.trimEnd().endsWith(MISSING))).toHaveLength(2);
  });
  it('the CLI explains the marker under a table that uses it', () => {
    const r = piped('score', ['results/medvision/demo-vlm-7b-demo']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`  ${MISSING}\n`); // detection rows have no nMAE
    expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^${MISSING} = no value`));
    expect(r.stdout.split('\n').slice(0, -2).join('\n')).not.toMatch(/\bNaN\b|n\/a/);
  });
});

describe('validate and score on a terminal and through a pipe', () => {
  it('piped: no colour, no progress, and the claims table has a Status header', () => {
    const r = piped('validate', [MV]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(SGR);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^ {2}Key +Claimed +Recomputed +Status$/m);
  });
  it('markdown only with --format markdown, with a Status header on the claims table', () => {
    const r = piped('validate', [MV, '--format', 'markdown']);
    expect(r.stdout).toContain('| Key | Claimed | Recomputed | Status |');
    expect(piped('validate', [MV]).stdout).not.toContain('| Key |');
  });
  it.skipIf(!hasScript)('on a terminal: colour, and a progress line that is erased before the report', () => {
    const r = onTerminal('validate', [MV]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(SGR);
    expect(r.stdout).toContain(`validate: 0/1 ${MV}`);
    const erased = r.stdout.lastIndexOf('\r\u001b[K');
    expect(erased).toBeGreaterThan(r.stdout.indexOf('validate: 0/1'));
    expect(erased).toBeLessThan(r.stdout.indexOf('Valid: 1 submission folder'));
  });
  it.skipIf(!hasScript)('on a terminal with NO_COLOR set: no colour (the progress line stays)', () => {
    const r = onTerminal('validate', [MV], { NO_COLOR: '1' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(SGR);
    expect(r.stdout).toContain('validate: 0/1');
  });
  it.skipIf(!hasScript)('score shows its progress on a terminal and none through a pipe', () => {
    const tty = onTerminal('score', ['results/medvision/demo-vlm-7b-demo']);
    expect(tty.status).toBe(0);
    expect(tty.stdout).toMatch(/score: 0\/3 demo-vlm-7b /);
    const pipe = piped('score', ['results/medvision/demo-vlm-7b-demo']);
    expect(pipe.stderr).toBe('');
    expect(pipe.stdout).not.toContain('score: 0/');
  });
});
