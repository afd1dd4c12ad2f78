import { describe, expect, it } from 'vitest';
import { checkChangedFiles, parseChangedFiles, submissionFolderOf } from '../../src/ingest/submission/changed-files';

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
