// Pagefind reads only the folders that hold searchable pages (scripts/lib/astro-build.ts): a
// searchable page anywhere else would silently vanish from search. Every built page with
// data-pagefind-body must lie in those folders, and the index must know each of them.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCHABLE_FOLDERS } from '../../scripts/lib/astro-build';
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

  it('the index holds a page of every searchable folder', () => {
    const entry = JSON.parse(readFileSync(join(DIST, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    const pages = Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
    const searchable = htmlFiles(DIST).filter((f) => readFileSync(f, 'utf8').includes('data-pagefind-body')).length;
    expect(pages).toBe(searchable);
  });
});
