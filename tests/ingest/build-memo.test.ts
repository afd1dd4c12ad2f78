// The per-build memo of tree hashes and safety walks: on only between astro:build:start and
// astro:build:done, so a build hashes each folder once while the dev server, CLIs and tests (whose
// files change under them) see every change.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { beginBuildMemo, buildMemoActive, endBuildMemo, memoForBuild } from '../../src/ingest/build-memo';
import { forgetFileFacts } from '../../src/ingest/file-facts';
import { treeHash } from '../../src/ingest/score-cache';
import { checkFolderSafety } from '../../src/ingest/submission/safety';
import buildMemoIntegration from '../../src/integrations/build-memo';

let dir: string;
const saved = { ...process.env };
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'evalboard-memo-'));
  process.env.EVALBOARD_CACHE_DIR = join(dir, 'cache');
  forgetFileFacts();
  endBuildMemo();
});
afterEach(() => {
  endBuildMemo();
  forgetFileFacts();
  process.env = { ...saved };
  rmSync(dir, { recursive: true, force: true });
});

function folder(): { results: string; sub: string } {
  const results = join(dir, 'results');
  const sub = join(results, 'medvision', 'entry');
  mkdirSync(sub, { recursive: true });
  writeFileSync(join(sub, 'a.jsonl'), '{"x":1}\n');
  return { results, sub };
}

describe('build memo', () => {
  it('outside a build, a tree hash follows every change', () => {
    const { sub } = folder();
    const before = treeHash(sub);
    writeFileSync(join(sub, 'b.jsonl'), '{"x":2}\n');
    expect(treeHash(sub)).not.toBe(before);
  });

  it('inside a build, a folder is hashed once; after it, again', () => {
    const { sub } = folder();
    beginBuildMemo();
    const first = treeHash(sub);
    writeFileSync(join(sub, 'b.jsonl'), '{"x":2}\n');
    // The memo's contract: inputs do not change during a build, so the second call is the first's value.
    expect(treeHash(sub)).toBe(first);
    endBuildMemo();
    expect(treeHash(sub)).not.toBe(first);
  });

  it('a new build forgets the last one (a failed build never ended its memo)', () => {
    const { sub } = folder();
    beginBuildMemo();
    const first = treeHash(sub);
    writeFileSync(join(sub, 'b.jsonl'), '{"x":2}\n');
    beginBuildMemo();
    expect(treeHash(sub)).not.toBe(first);
  });

  it('the safety walk is memoised the same way, per folder and results root', () => {
    const { results, sub } = folder();
    beginBuildMemo();
    const first = checkFolderSafety(sub, results);
    writeFileSync(join(sub, 'b.jsonl'), '{"x":2}\n');
    expect(checkFolderSafety(sub, results)).toBe(first);
    endBuildMemo();
    expect(checkFolderSafety(sub, results).files.map((f) => f.rel).sort()).toEqual(['a.jsonl', 'b.jsonl']);
  });

  it('two kinds of value of one path never share an entry', () => {
    beginBuildMemo();
    expect(memoForBuild('one', [dir], () => 1)).toBe(1);
    expect(memoForBuild('two', [dir], () => 2)).toBe(2);
    expect(memoForBuild('one', [join(dir, '.')], () => 3)).toBe(1);
  });

  it('the integration turns it on for the build only, and ends it after the other integrations', async () => {
    const hooks = buildMemoIntegration().hooks as Record<string, () => void>;
    expect(buildMemoActive()).toBe(false);
    hooks['astro:build:start']!();
    expect(buildMemoActive()).toBe(true);
    hooks['astro:build:done']!();
    expect(buildMemoActive()).toBe(false);
    expect(Object.keys(hooks).sort()).toEqual(['astro:build:done', 'astro:build:start']);
    const { default: config } = await import('../../astro.config.mjs');
    const names = (config.integrations ?? []).flat().map((i) => (i as { name: string }).name);
    expect(names.at(-1)).toBe('evalboard:build-memo');
  });
});
