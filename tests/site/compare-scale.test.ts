// 200 synthetic MedVision entries (3 subtasks × 32 samples each: just above the boards' minimum of 30) in a temp results tree: every
// entry pair has a compare route — a pre-rendered page, or the client compare page with both
// entries' per-unit data published — and pre-rendering stays bounded by the entries (neighbours by
// rank on the headline boards only, not on every per-subtask board).
// View models only, no Astro build. The env points the whole pipeline at the temp tree before
// anything reads it (vitest runs each file in its own process).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScaleCorpus } from '../helpers/scale-corpus';

const ENTRIES = 200;
const PER_SUBTASK = 32;
const TMP = mkdtempSync(join(tmpdir(), 'evalboard-compare-200-'));
const RESULTS = join(TMP, 'results');
const saved = { ...process.env };
for (const k of ['EVALBOARD_MODELS', 'EVALBOARD_REVIEWS', 'EVALBOARD_REFERENCES']) delete process.env[k];
process.env.EVALBOARD_RESULTS = RESULTS;
process.env.EVALBOARD_NO_CACHE = '1';

describe(`compare at ${ENTRIES} entries (view models, temp results tree)`, () => {
  beforeAll(() => writeScaleCorpus({ tmp: TMP, entries: ENTRIES, perSubtask: PER_SUBTASK, seed: 'compare-scale' }), 120_000);
  afterAll(() => {
    process.env = saved;
    rmSync(TMP, { recursive: true, force: true });
  });

  it('every entry pair is reachable: pre-rendered, or both entries have published compare data for the client page', { timeout: 600_000 }, async () => {
    const { compareEntries } = await import('../../src/board/models');
    const { allBoards } = await import('../../src/board/boards');
    const { comparePairs, compareDataFiles, comparePair, NEIGHBOURS } = await import('../../src/board/compare');
    const { compareData, parseCompareData } = await import('../../src/core/compare');
    const entries = await compareEntries();
    expect(entries).toHaveLength(ENTRIES);
    const boards = (await allBoards()).filter((b) => b.benchmark === 'medvision');
    const sections = boards.flatMap((b) => b.sections).filter((s) => s.rows.length > 0);
    expect(sections.length).toBeGreaterThan(0);

    // The per-subtask boards rank here too (32 samples ≥ their minimum of 30): they must not add pairs.
    expect(boards.filter((b) => b.kind === 'config' && b.sections.some((s) => s.rows.length > 0)).length).toBeGreaterThan(0);
    expect(boards.filter((b) => b.kind === 'family' && b.sections.some((s) => s.rows.length > 0)).length).toBeGreaterThan(1);

    const pre = await comparePairs(entries, boards);
    const preKeys = new Set(pre.map(([a, b]) => `${a.slug} ${b.slug}`));
    // Bounded by entries, not entries × boards: at most k neighbours per entry on its benchmark (one here).
    expect(pre.length).toBeLessThanOrEqual(ENTRIES * NEIGHBOURS);
    // Yet every entry has pre-rendered pairs.
    const paired = new Set(pre.flatMap(([a, b]) => [a.slug, b.slug]));
    expect(paired.size).toBe(ENTRIES);

    const files = await compareDataFiles(entries, (f) => f);
    const published = new Map(files.map((f) => [`${f.benchmark}/${f.entry.slug}`, f.data]));
    for (const f of files) expect(JSON.stringify(f.data).length, f.entry.slug).toBeLessThan(20_000); // per-unit values only
    let prerendered = 0;
    let client = 0;
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        const [a, b] = [entries[i]!, entries[j]!].sort((x, y) => (x.slug < y.slug ? -1 : 1)) as [typeof entries[number], typeof entries[number]];
        if (preKeys.has(`${a.slug} ${b.slug}`)) prerendered++;
        else if (published.has(`medvision/${a.slug}`) && published.has(`medvision/${b.slug}`)) client++;
        else expect.fail(`no compare route for ${a.slug} vs ${b.slug}`);
      }
    }
    expect(prerendered + client).toBe((ENTRIES * (ENTRIES - 1)) / 2);
    console.info(`compare at ${ENTRIES} entries: ${prerendered} pairs pre-rendered, ${client} through the client page; ${files.length} data files, largest ${Math.max(...files.map((f) => JSON.stringify(f.data).length))} bytes`);
    expect(client).toBeGreaterThan(0);

    // A few client-only pairs: the client's computation (JSON round trip) equals the build's.
    const clientOnly: [string, string][] = [];
    for (let i = 0; i < entries.length && clientOnly.length < 5; i += 37) {
      const [x, y] = [entries[i]!.slug, entries[(i + 100) % ENTRIES]!.slug].sort();
      if (!preKeys.has(`${x} ${y}`)) clientOnly.push([x!, y!]);
    }
    expect(clientOnly.length).toBeGreaterThan(0);
    for (const [x, y] of clientOnly) {
      const built = await comparePair(entries.find((e) => e.slug === x)!, entries.find((e) => e.slug === y)!);
      const fromJson = compareData([[parseCompareData(JSON.stringify(published.get(`medvision/${x}`))), parseCompareData(JSON.stringify(published.get(`medvision/${y}`)))]]);
      expect(fromJson).toEqual(built.diffs);
      expect(built.diffs.length).toBeGreaterThan(0);
    }
  });
});
