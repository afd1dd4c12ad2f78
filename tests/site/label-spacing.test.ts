// A bold run-in label ("Data:", "Source:", "Unit:") is followed by a space on every built page.
// Astro drops the space between a closing tag and an expression in some positions (DataNote
// rendered "Data:public dataset"), which a reader sees as a typo.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../e2e/build';
import { DIST, ROOT, htmlFiles } from '../helpers/dist-pages';


describe('run-in labels', () => {
  beforeAll(() => ensureBuilt(ROOT), 600_000);

  it('every "<strong>Label:</strong>" is followed by whitespace', () => {
    const glued = htmlFiles(DIST).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/<strong>([^<]{1,40}):<\/strong>(?=[^\s<])(.{0,20})/g)].map((m) => `${relative(DIST, f)}: "${m[1]}:${m[2]}"`));
    expect(glued).toEqual([]);
  });
});
