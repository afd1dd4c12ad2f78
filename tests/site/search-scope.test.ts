// Pagefind reads only the folders that hold searchable pages (scripts/lib/astro-build.ts): a
// searchable page anywhere else would silently vanish from search. Every built page with
// data-pagefind-body must lie in those folders, and the index must know each of them.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCHABLE_FOLDERS, searchGlob } from '../../scripts/lib/astro-build';
import { ensureBuilt } from '../e2e/build';
import { DIST, ROOT, htmlFiles } from '../helpers/dist-pages';


describe('search scope', () => {
  beforeAll(() => ensureBuilt(ROOT), 600_000);

  it('every searchable page is in a folder Pagefind reads', () => {
    const searchable = htmlFiles(DIST).filter((f) => readFileSync(f, 'utf8').includes('data-pagefind-body'));
    expect(searchable.length).toBeGreaterThan(20);
    const outside = searchable.map((f) => relative(DIST, f)).filter((rel) => !(SEARCHABLE_FOLDERS as readonly string[]).includes(rel.split(sep)[0]!));
    expect(outside).toEqual([]);
  });

  it('no searchable page is in a folder named like a dated snapshot (the glob skips those under benchmarks/)', () => {
    const rels = htmlFiles(DIST).map((f) => relative(DIST, f).split(sep));
    const dated = rels.filter((p) => p[0] === 'benchmarks' && p.length >= 3 && /^[0-9]/.test(p[p.length - 2]!));
    // The dated snapshots exist and are the pages the glob leaves out; none of them is searchable.
    expect(dated.some((p) => p[p.length - 3] === 'as-of')).toBe(true);
    expect(dated.filter((p) => readFileSync(join(DIST, ...p), 'utf8').includes('data-pagefind-body')).map((p) => p.join('/'))).toEqual([]);
    expect(searchGlob()).toContain('benchmarks/**/[!0-9]*/*.html');
  });

  it('the index holds a page of every searchable folder', () => {
    const entry = JSON.parse(readFileSync(join(DIST, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    const pages = Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
    const searchable = htmlFiles(DIST).filter((f) => readFileSync(f, 'utf8').includes('data-pagefind-body')).length;
    expect(pages).toBe(searchable);
  });
});
