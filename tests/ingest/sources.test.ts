/**
 * sources.json and the clone step of `npm run import:sources`, without the network: the
 * repository's own file pins the commits the shared fixtures' READMEs state; a bad file gives
 * located findings; a source is checked out from a real git repository (a file:// one made here)
 * at exactly its pinned commit, only its path, reused from the cache, and every failure names
 * the source.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSourcesFile } from '../../src/ingest/sources';
import { checkoutSource, SourceError } from '../../src/ingest/sources-fetch';
import { BENCHMARKS } from '../../src/registry/benchmarks';
import { needShared, readSharedText } from '../helpers/shared';

const ROOT = resolve(__dirname, '../..');
const IMPORTERS = BENCHMARKS.filter((b) => b.importer).map((b) => b.id);
const tmp = mkdtempSync(join(tmpdir(), 'evalboard-sources-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};
const entry = { id: 'a', importer: 'latch', repo: 'https://github.com/latchbio/scbench', commit: '4a7d2b0b6f792dee7b436c385cacf4faaf37646f', licence: 'Apache-2.0', attribution: 'LatchBio' };

describe('the repository\'s sources.json', () => {
  const need = needShared('sources.json pins against the fixtures\' stated upstream commits', 'fixtures/medvision/README.md', 'fixtures/latch/README.md');
  const read = readSourcesFile(join(ROOT, 'sources.json'), IMPORTERS);

  it('is valid, pins full commits of public https repositories and uses no local folder', () => {
    expect(read.findings).toEqual([]);
    expect(read.sources.length).toBeGreaterThan(0);
    for (const s of read.sources) {
      expect(s.commit, s.id).toMatch(/^[0-9a-f]{40}$/);
      expect(s.repo, s.id).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+$/);
      expect(s.local, s.id).toBeUndefined();
      expect(s.licence.length, s.id).toBeGreaterThan(0);
      expect(s.attribution.length, s.id).toBeGreaterThan(0);
    }
  });

  it.skipIf(!need.ok)('every pin is the repository and commit a fixture README states for that upstream tree', () => {
    const readmes = [readSharedText('fixtures/medvision/README.md'), readSharedText('fixtures/latch/README.md')].join('\n');
    for (const s of read.sources) {
      const repo = s.repo.replace(/^https:\/\//, '');
      expect(readmes.includes(repo) || readmes.includes(repo.replace(/^github\.com\//, '')), `${s.id}: ${repo} is named by a fixture README`).toBe(true);
      expect(readmes, `${s.id}: ${s.commit}`).toContain(s.commit);
    }
  });
});

describe('readSourcesFile: every problem located, no sources from a bad file', () => {
  it('malformed JSON: the line', () => {
    const r = readSourcesFile(write('bad.json', '{\n  "sources": [\n    {"id": "a",,}\n  ]\n}\n'), IMPORTERS, 'bad.json');
    expect(r.sources).toEqual([]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ path: 'bad.json', line: 3, severity: 'error' });
  });

  it('schema problems: the JSON path of each (short commit, unknown importer, http URL, path escaping)', () => {
    const bad = [
      { ...entry, commit: '4a7d2b0' },
      { ...entry, id: 'b', importer: 'nosuch' },
      { ...entry, id: 'c', repo: 'http://github.com/latchbio/scbench' },
      { ...entry, id: 'd', path: '../elsewhere' },
    ];
    const r = readSourcesFile(write('schema.json', JSON.stringify({ sources: bad })), IMPORTERS, 'schema.json');
    expect(r.sources).toEqual([]);
    expect(r.findings.map((f) => f.pointer).sort()).toEqual(['$.sources[0].commit', '$.sources[1].importer', '$.sources[2].repo', '$.sources[3].path']);
  });

  it('a repeated id: located at the second use', () => {
    const r = readSourcesFile(write('dup.json', JSON.stringify({ sources: [entry, { ...entry, id: 'b' }, { ...entry, id: 'b', path: 'x' }] })), IMPORTERS, 'dup.json');
    expect(r.sources).toEqual([]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ pointer: '$.sources[2].id' });
    expect(r.findings[0]!.message).toMatch(/already used by sources\[1\]/);
  });

  it('a missing file is a finding, not an exception', () => {
    expect(readSourcesFile(join(tmp, 'none.json'), IMPORTERS, 'none.json').findings[0]).toMatchObject({ path: 'none.json', pointer: '$', message: 'no such file' });
  });
});

describe('checkoutSource: a pinned commit of a git repository, into the cache', () => {
  const origin = join(tmp, 'origin');
  const git = (...args: string[]) => execFileSync('git', ['-C', origin, '-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { encoding: 'utf8' }).trim();
  mkdirSync(join(origin, 'Results', 'm'), { recursive: true });
  mkdirSync(join(origin, 'other'), { recursive: true });
  git('init', '-q');
  writeFileSync(join(origin, 'Results', 'm', 'a.json'), '{"v": 1}\n');
  writeFileSync(join(origin, 'other', 'b.txt'), 'x\n');
  git('add', '.');
  git('commit', '-qm', 'first');
  const pinned = git('rev-parse', 'HEAD');
  writeFileSync(join(origin, 'Results', 'm', 'a.json'), '{"v": 2}\n');
  git('commit', '-qam', 'second');
  const url = `file://${origin}`;
  const cache = join(tmp, 'cache');

  it('checks out exactly the pinned commit (not the branch head), only the path, with no .git for an importer to walk', () => {
    const dir = checkoutSource({ id: 'mv', repo: url, commit: pinned, path: 'Results' }, cache);
    expect(dir).toBe(join(cache, `mv@${pinned}`, 'tree', 'Results'));
    expect(readFileSync(join(dir, 'm', 'a.json'), 'utf8')).toBe('{"v": 1}\n');
    expect(existsSync(join(cache, `mv@${pinned}`, 'tree', 'other'))).toBe(false);
    expect(existsSync(join(cache, `mv@${pinned}`, 'tree', '.git'))).toBe(false);
  });

  it('reuses a complete cached checkout, and never one left half-made', () => {
    const lines: string[] = [];
    checkoutSource({ id: 'mv', repo: url, commit: pinned, path: 'Results' }, cache, { log: (l) => lines.push(l) });
    expect(lines.join('\n')).toMatch(/cached checkout/);
    expect(readdirSync(cache).filter((d) => d.includes('.tmp-'))).toEqual([]);
  });

  it('a commit the repository does not have: an error naming the source and the commit, nothing left in the cache', () => {
    const missing = 'f'.repeat(40);
    let e: unknown;
    try {
      checkoutSource({ id: 'ghost', repo: url, commit: missing, path: '.' }, cache);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(SourceError);
    expect((e as Error).message).toMatch(new RegExp(`^source "ghost": commit ${missing} is not in ${url}`));
    expect(readdirSync(cache).filter((d) => d.startsWith('ghost'))).toEqual([]);
  });

  it('a repository that cannot be cloned, and a path the commit does not have: errors naming the source', () => {
    expect(() => checkoutSource({ id: 'gone', repo: `file://${join(tmp, 'no-such-repo')}`, commit: pinned, path: '.' }, cache)).toThrow(/^source "gone": git clone .* failed/);
    expect(() => checkoutSource({ id: 'nopath', repo: url, commit: pinned, path: 'Missing' }, cache)).toThrow(/^source "nopath": path "Missing" at [0-9a-f]{12} could not be checked out/);
  });
});
