/**
 * latch's importer reads the tables a checkout's README publishes as reported rows of its suite:
 * every result table (a number outside the first column), cells exactly as printed, titled with
 * the heading above; a table without numbers is noted, not imported. The README is written here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBenchmark } from '../../src/registry/benchmarks';
import { runImport } from '../../src/ingest/run-import';
import { readReportedTables } from '../../src/ingest/reported';

const README = `# scBench

## Install

| option | what |
|---|---|
| pip | \`pip install scbench\` |

## Leaderboard

| Model | Harness | **Accuracy (%)** | 95% CI |
|:---|:---|---:|:---:|
| gpt-5.5 | mini-swe-agent | 57.95 | 51.56–64.34 |
| claude-opus-4-7 | claude-code | 54.0 | — |
`;

describe('latch README tables', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'evalboard-readme-tables-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('the result table becomes a reported table of the suite, cells as printed; the install table is noted', async () => {
    const src = join(tmp, 'latchbio__scbench');
    mkdirSync(src, { recursive: true });
    writeFileSync(join(src, 'README.md'), README);
    const out = { resultsRoot: join(tmp, 'results'), modelsRoot: join(tmp, 'models'), referencesRoot: join(tmp, 'references'), reportedRoot: join(tmp, 'reported') };
    const run = await runImport(findBenchmark('latch')!, { source: src, out });
    expect(run.report.reported).toEqual([
      {
        suite: 'scBench',
        title: 'scBench README: Leaderboard',
        from: 'README.md#table-2',
        columns: ['Model', 'Harness', 'Accuracy (%)', '95% CI'],
        rows: [
          { Model: 'gpt-5.5', Harness: 'mini-swe-agent', 'Accuracy (%)': '57.95', '95% CI': '51.56–64.34' },
          { Model: 'claude-opus-4-7', Harness: 'claude-code', 'Accuracy (%)': '54.0', '95% CI': '—' },
        ],
      },
    ]);
    expect(run.report.notes).toContain('README.md line 5 (Install): a table without numbers, not a published result: not imported');
    const read = readReportedTables(join(tmp, 'reported'), tmp);
    expect(read.findings).toEqual([]);
    expect(read.tables.map((t) => `${t.file} ${t.title}`)).toEqual(['reported/latch/latchbio__scbench-scbench-readme.md-table-2.json scBench README: Leaderboard']);
  });
});
