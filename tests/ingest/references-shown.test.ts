/**
 * How a reference file is named in what the build shows and caches (a check's "Reference" fact on
 * the review page, a finding about a broken file): from the folder holding the references root,
 * as the repository lays it out — never relative to the working directory. The deploy reads
 * imported references from outside the checkout, and a check cached by one build is served to
 * builds run from elsewhere.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMedvisionReferences } from '../../src/benchmarks/medvision/reference/read';
import { readLatchReferences } from '../../src/benchmarks/latch/reference/read';
import { readReportedTables } from '../../src/ingest/reported';

const REPO = resolve(__dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'evalboard-refs-shown-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('reference files are named from their own folder', () => {
  it('a references root outside the checkout: "references/<benchmark>/<file>"', () => {
    const root = join(scratch, 'site-data', 'references');
    cpSync(join(REPO, 'references'), root, { recursive: true });
    const mv = readMedvisionReferences(root);
    expect(mv.versions.map((v) => v.file)).toEqual(['references/medvision/demo.json']);
    expect(readLatchReferences(root).versions.map((v) => v.file)).toEqual(['references/latch/demo.json']);
  });

  it('a broken file is a finding named the same way', () => {
    const root = join(scratch, 'elsewhere', 'references');
    mkdirSync(join(root, 'medvision'), { recursive: true });
    writeFileSync(join(root, 'medvision', 'broken.json'), '{\n  "version": \n}');
    const got = readMedvisionReferences(root);
    expect(got.versions).toEqual([]);
    expect(got.findings.map((f) => f.path)).toEqual(['references/medvision/broken.json']);
  });

  it('reported tables outside the checkout: "reported/<benchmark>/<file>"', () => {
    const root = join(scratch, 'site-data', 'reported');
    mkdirSync(join(root, 'latch'), { recursive: true });
    writeFileSync(join(root, 'latch', 'bad.json'), '{ oops');
    expect(readReportedTables(root).findings.map((f) => f.path)).toEqual(['reported/latch/bad.json']);
  });
});
