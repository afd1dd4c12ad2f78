/**
 * The reported-tables reader (`src/ingest/reported.ts`): `<root>/<benchmark>/<slug>.json` files
 * written by hand here (not by our writer), each problem a located finding with the table left
 * out, a missing root is no tables, and `EVALBOARD_REPORTED` picks the root.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readReportedTables, reportedRoot } from '../../src/ingest/reported';
import { SCBENCH_TABLE } from '../helpers/reported-table';

const GOOD = {
  ...SCBENCH_TABLE,
  licence: 'Apache-2.0',
  columns: ['model_name', 'harness', 'Accuracy (%)'],
  rows: [{ model_name: 'gpt-5.5', harness: 'mini-swe-agent', 'Accuracy (%)': 57.95 }],
};

describe('readReportedTables', () => {
  let root: string;
  const put = (rel: string, text: string) => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'evalboard-reported-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a missing root is no tables and no findings', () => {
    expect(readReportedTables(join(root, 'absent'))).toEqual({ tables: [], findings: [] });
  });

  it('reads a valid table whole, with the file it came from', () => {
    put('latch/a.json', JSON.stringify(GOOD, null, 2));
    const got = readReportedTables(root, root);
    expect(got.findings).toEqual([]);
    expect(got.tables).toEqual([{ ...GOOD, file: 'latch/a.json' }]);
  });

  it('malformed JSON: an error at its line, the table left out', () => {
    put('latch/bad.json', '{\n  "reported": true,\n  "benchmark": "latch",\n  oops\n}');
    const got = readReportedTables(root, root);
    expect(got.tables).toEqual([]);
    expect(got.findings).toHaveLength(1);
    expect(got.findings[0]).toMatchObject({ path: 'latch/bad.json', line: 4, severity: 'error' });
    expect(got.findings[0]!.message).toMatch(/^reported table not shown: malformed JSON/);
  });

  it('schema problems are errors at their JSON path', () => {
    put('latch/x.json', JSON.stringify({ ...GOOD, reported: false, rows: [{ model_name: ['a'] }] }));
    const got = readReportedTables(root, root);
    expect(got.tables).toEqual([]);
    expect(got.findings.map((f) => f.pointer).sort()).toEqual(['$.reported', '$.rows[0].model_name']);
    expect(got.findings.every((f) => f.path === 'latch/x.json' && f.severity === 'error')).toBe(true);
  });

  it('an unknown field is an error (the file is strict)', () => {
    put('latch/x.json', JSON.stringify({ ...GOOD, rank: 1 }));
    const got = readReportedTables(root, root);
    expect(got.tables).toEqual([]);
    expect(got.findings[0]).toMatchObject({ pointer: '$', severity: 'error' });
    expect(got.findings[0]!.message).toMatch(/rank/);
  });

  it('a file in another benchmark\'s folder, a row key that is no column, a column twice: located errors', () => {
    put('medvision/a.json', JSON.stringify(GOOD));
    put('latch/b.json', JSON.stringify({ ...GOOD, rows: [{ model_name: 'm', score: 1 }] }));
    put('latch/c.json', JSON.stringify({ ...GOOD, columns: ['a', 'a'], rows: [] }));
    const got = readReportedTables(root, root);
    expect(got.tables).toEqual([]);
    expect(got.findings.map((f) => `${f.path} ${f.pointer}`).sort()).toEqual(['latch/b.json $.rows[0].score', 'latch/c.json $.columns', 'medvision/a.json $.benchmark']);
  });

  it('non-JSON files, stray files at the root and symbolic links: warnings, never read', () => {
    put('latch/a.json', JSON.stringify(GOOD));
    put('latch/notes.txt', 'x');
    put('stray.json', JSON.stringify(GOOD));
    symlinkSync(join(root, 'latch', 'a.json'), join(root, 'latch', 'link.json'));
    const got = readReportedTables(root, root);
    expect(got.tables.map((t) => t.file)).toEqual(['latch/a.json']);
    expect(got.findings.map((f) => `${f.path} ${f.severity}`).sort()).toEqual(['latch/link.json warning', 'latch/notes.txt warning', 'stray.json warning']);
    expect(got.findings.find((f) => f.path === 'latch/link.json')!.message).toMatch(/symbolic link/);
  });

  it('a "__proto__" key is an error, not silently dropped', () => {
    put('latch/p.json', JSON.stringify(GOOD).replace('"rows":[{', '"rows":[{"__proto__":1,'));
    const got = readReportedTables(root, root);
    expect(got.tables).toEqual([]);
    expect(got.findings[0]).toMatchObject({ pointer: '$.rows[0].__proto__', severity: 'error' });
  });

  it('EVALBOARD_REPORTED picks the root; without it, reported/ in the working directory', () => {
    const before = process.env.EVALBOARD_REPORTED;
    try {
      process.env.EVALBOARD_REPORTED = root;
      expect(reportedRoot()).toBe(root);
      delete process.env.EVALBOARD_REPORTED;
      expect(reportedRoot()).toBe(join(process.cwd(), 'reported'));
    } finally {
      if (before === undefined) delete process.env.EVALBOARD_REPORTED;
      else process.env.EVALBOARD_REPORTED = before;
    }
  });
});
