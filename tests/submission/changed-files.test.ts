import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkChangedFiles, parseChangedFiles, parseLsTreeZ, parseNameStatusZ, plainPathReason, submissionFolderOf } from '../../src/ingest/submission/changed-files';

describe('changed files', () => {
  it('parses --name-only and --name-status (renames give both paths)', () => {
    expect(parseChangedFiles('a/b\nM\tc/d\nR100\tx/y\tx/z\n\n')).toEqual([
      { path: 'a/b' },
      { status: 'M', path: 'c/d' },
      { status: 'R', path: 'x/y' },
      { status: 'R', path: 'x/z' },
    ]);
  });
  it('finds the submission folder of a path', () => {
    expect(submissionFolderOf('results/latch/x/evals/a.json')).toBe('results/latch/x');
    expect(submissionFolderOf('results/latch/x')).toBeUndefined();
  });
  it('one folder is fine; a second folder, a stray file or a deletion elsewhere is an error', () => {
    const ok = checkChangedFiles(parseChangedFiles('A\tresults/latch/mine/submission.json'), ['results/latch/mine']);
    expect(ok.filter((f) => f.severity === 'error')).toEqual([]);
    const bad = checkChangedFiles(parseChangedFiles('A\tresults/latch/mine/submission.json\nD\tresults/latch/theirs/result.json\nA\tresults/stray.json'), ['results/latch/mine']);
    expect(bad.filter((f) => f.severity === 'error').map((f) => f.path)).toEqual(['results/latch/theirs/result.json', 'results/stray.json', 'results/']);
    const two = checkChangedFiles(parseChangedFiles('results/latch/a/x.json\nresults/latch/b/x.json'), ['results/latch/a', 'results/latch/b']);
    expect(two.some((f) => f.severity === 'error' && f.message.includes('touches 2 submission folders'))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// The pull-request check's rules (scripts/pr-intake.ts feeds them from git).

const errors = (fs: { severity: string; path: string; message: string }[]) => fs.filter((f) => f.severity === 'error');

describe('changed files: the issue’s path tricks are errors, never warnings', () => {
  it('a quoted non-ASCII path in someone else’s folder, as `git diff --name-status` prints it', () => {
    const fs = checkChangedFiles(parseChangedFiles('A\t"results/x/victim/\\303\\251.json"\n'), ['results/x/mine']);
    expect(errors(fs).length).toBeGreaterThan(0);
    expect(fs.every((f) => f.severity === 'error')).toBe(true);
  });
  it('the same path read NUL-separated is seen exactly: not plain text, and in another folder', () => {
    const fs = checkChangedFiles(parseNameStatusZ('A\0results/x/mine/a.json\0A\0results/x/victim/é.json\0'), ['results/x/mine']);
    expect(errors(fs).map((f) => f.message).join('\n')).toMatch(/non-ASCII[\s\S]*another submission's folder \(results\/x\/victim\)/);
  });
  it('changes outside results/ are errors; reviews/ and models/ say why', () => {
    const fs = checkChangedFiles(parseNameStatusZ('A\0results/x/mine/a.json\0M\0src/a.ts\0M\0package.json\0A\0reviews/x/mine.json\0M\0models/m.json\0'), ['results/x/mine']);
    const byPath = Object.fromEntries(errors(fs).map((f) => [f.path, f.message]));
    expect(Object.keys(byPath).sort()).toEqual(['models/m.json', 'package.json', 'reviews/x/mine.json', 'src/a.ts']);
    expect(byPath['reviews/x/mine.json']).toMatch(/^reviews\/ holds the maintainers' review verdicts/);
    expect(byPath['models/m.json']).toMatch(/^models\/ is the maintainers' model registry/);
    expect(byPath['src/a.ts']).toMatch(/outside results\//);
  });
  it('a pull request may add the one new registry file of the model it submits (a warning for the maintainer), never two, never an edit', () => {
    const one = checkChangedFiles(parseNameStatusZ('A\0results/x/mine/a.json\0A\0models/acme-7b.json\0'), ['results/x/mine']);
    expect(errors(one)).toEqual([]);
    expect(one).toContainEqual(expect.objectContaining({ path: 'models/acme-7b.json', severity: 'warning' }));
    const two = checkChangedFiles(parseNameStatusZ('A\0results/x/mine/a.json\0A\0models/a.json\0A\0models/b.json\0'), ['results/x/mine']);
    expect(errors(two).map((f) => f.message).join('\n')).toMatch(/adds 2 model registry files/);
    for (const bad of ['D\0models/a.json\0', 'A\0models/sub/a.json\0', 'A\0models/A.json\0', 'A\0models/a.txt\0']) {
      expect(errors(checkChangedFiles(parseNameStatusZ(`A\0results/x/mine/a.json\0${bad}`), ['results/x/mine'])).length, bad).toBe(1);
    }
  });
  it('symlinks, submodules and other special modes are errors; regular and executable files are not', () => {
    const fs = checkChangedFiles(
      [
        { status: 'A', path: 'results/x/mine/a.json', mode: '100644' },
        { status: 'A', path: 'results/x/mine/b.sh', mode: '100755' },
        { status: 'A', path: 'results/x/mine/link', mode: '120000' },
        { status: 'A', path: 'results/x/mine/sub', mode: '160000' },
        { status: 'A', path: 'results/x/mine/odd', mode: '100664' },
      ],
      ['results/x/mine'],
    );
    expect(errors(fs).map((f) => f.path)).toEqual(['results/x/mine/link', 'results/x/mine/sub', 'results/x/mine/odd']);
    expect(errors(fs).map((f) => f.message.split(':')[0])).toEqual(['is a symbolic link', 'is a submodule (gitlink)', 'is not a regular file (git mode 100664); not allowed in a submission']);
  });
  it('a folder already on the base branch (in any letter case) cannot be added to, changed or deleted from', () => {
    const existing = new Set(['results/x/victim']);
    for (const [st, p] of [
      ['A', 'results/x/victim/new.json'],
      ['A', 'results/x/Victim/new.json'],
      ['M', 'results/x/victim/submission.json'],
      ['D', 'results/x/victim/submission.json'],
    ]) {
      const fs = checkChangedFiles([{ status: st!, path: p! }], [p!.split('/').slice(0, 3).join('/')], { existingFolders: existing });
      expect(errors(fs).map((f) => f.message).join(' '), p).toMatch(/already on the base branch/);
    }
  });
  it('inside the new folder only additions count; a modification or deletion there is an error', () => {
    expect(errors(checkChangedFiles(parseNameStatusZ('A\0results/x/mine/a.json\0'), ['results/x/mine']))).toEqual([]);
    expect(errors(checkChangedFiles(parseNameStatusZ('M\0results/x/mine/a.json\0'), ['results/x/mine']))).toHaveLength(1);
    expect(errors(checkChangedFiles(parseNameStatusZ('T\0results/x/mine/a.json\0'), ['results/x/mine']))).toHaveLength(1);
  });
  it("many files in another submission's folder are listed up to five, then counted", () => {
    const z = Array.from({ length: 12 }, (_, i) => `A\0results/x/victim/f${i}.json\0`).join('');
    const fs = errors(checkChangedFiles(parseNameStatusZ(`A\0results/x/mine/a.json\0${z}`), ['results/x/mine']));
    expect(fs.filter((f) => f.path.startsWith('results/x/victim/'))).toHaveLength(5);
    expect(fs.some((f) => f.path === 'results/x/victim' && /7 more/.test(f.message))).toBe(true);
  });
});

describe('plain printable paths', () => {
  it('accepts the names submissions use', () => {
    for (const p of ['results/medvision/demo-vlm-3b-demo/Results/MedVision-AD/demo-vlm-3b/parsed/20260901_120000_samples_FeTA24_BiometricsFromLandmarks_Task01_Axial.jsonl', 'results/latch/a.b/evals/x+y.json', 'results/tasks/t1/README.md']) {
      expect(plainPathReason(p), p).toBeUndefined();
    }
  });
  it('rejects everything git would quote, a shell would split, or that hides', () => {
    for (const p of ['results/x/a b.json', 'results/x/é.json', 'results/x/a\tb', 'results/x/a\nb', 'results/x/"q".json', "results/x/it's", 'results/x/a\\b', 'results/x/../y', 'results/./x', 'results/x//y', 'results/x/.hidden', 'results/x/-rf', 'results/x/+x', 'results/x/', '', `results/x/${'a'.repeat(129)}`, 'results/x/a\u202eb', 'results/x/ａ.json', 'results/x/a;b', 'results/x/$(id)', 'results/x/a*b']) {
      expect(plainPathReason(p), JSON.stringify(p)).toBeDefined();
    }
  });
});

describe('NUL-separated git output, from a real repository', () => {
  it('parses `git diff -z --name-status --no-renames` and `git ls-tree -r -z -l` exactly, modes included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalboard-git-z-'));
    const git = (...a: string[]) => {
      const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...a], { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
      return r.stdout;
    };
    try {
      git('init', '-q');
      writeFileSync(join(dir, 'old.txt'), 'x\n');
      git('add', '-A');
      git('commit', '-qm', 'base');
      const names = ['tab\tname', 'new\nline', '"quoted"', 'é.json', 'back\\slash'];
      mkdirSync(join(dir, 'results/x/y'), { recursive: true });
      for (const n of names) writeFileSync(join(dir, 'results/x/y', n), 'x\n');
      symlinkSync('..', join(dir, 'results/x/evil'));
      writeFileSync(join(dir, 'old.txt'), 'changed\n');
      git('add', '-A');
      git('update-index', '--add', '--cacheinfo', `160000,${'a'.repeat(40)},results/x/y/sub`);
      git('commit', '-qm', 'pr');
      const changed = parseNameStatusZ(git('diff', '-z', '--name-status', '--no-renames', 'HEAD~1', 'HEAD'));
      expect(changed.map((c) => `${c.status} ${c.path}`).sort()).toEqual(['M old.txt', 'A results/x/evil', ...names.map((n) => `A results/x/y/${n}`), 'A results/x/y/sub'].sort());
      const tree = parseLsTreeZ(git('ls-tree', '-r', '-z', '-l', 'HEAD'));
      expect(tree.get('results/x/evil')).toMatchObject({ mode: '120000', type: 'blob', size: 2 });
      expect(tree.get('results/x/y/sub')).toMatchObject({ mode: '160000', type: 'commit' });
      expect(tree.get('results/x/y/sub')?.size).toBeUndefined();
      expect(tree.get('results/x/y/new\nline')).toMatchObject({ mode: '100644', size: 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('rejects output that is not NUL-separated name-status records', () => {
    expect(() => parseNameStatusZ('A\tresults/x/y\n')).toThrow();
    expect(() => parseNameStatusZ('R100\0only-one\0')).toThrow();
    expect(() => parseLsTreeZ('garbage\0')).toThrow();
  });
});
