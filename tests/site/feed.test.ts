/**
 * The Atom feeds: parsed as XML, every required Atom 1.0 element is there (feed id, title,
 * updated, author; entry id, title, updated, link), the site's changelog gives one entry per item,
 * and a withdrawn entry in the changelog changes the feed (a new entry, a later `updated`).
 */
import { describe, expect, it } from 'vitest';
import { checkAtom } from '../helpers/atom';
import { atomFeed, siteChangelog } from '../../src/board/feed';
import type { ChangelogItem } from '../../src/board/changelog-view';

const SITE = 'https://evalboard.example.org/';

describe('Atom feeds', () => {
  it('the site-wide feed is valid Atom with one entry per changelog item, and is deterministic', async () => {
    const items = await siteChangelog();
    expect(items.length).toBeGreaterThan(0);
    const xml = atomFeed({ items, siteUrl: SITE });
    const { ids, updated } = checkAtom(xml);
    expect(ids.length).toBe(items.length);
    expect(updated.slice(0, 10)).toBe(items.map((i) => i.date).sort().at(-1));
    expect(atomFeed({ items, siteUrl: SITE })).toBe(xml);
  });

  it('a benchmark feed holds only that benchmark’s changes', async () => {
    const items = await siteChangelog();
    const id = items[0]!.benchmark;
    const { ids } = checkAtom(atomFeed({ items, siteUrl: SITE, benchmark: { id, name: id } }));
    expect(ids.length).toBe(items.filter((i) => i.benchmark === id).length);
  });

  it('a withdrawn entry in the changelog changes the feed', async () => {
    const items = await siteChangelog();
    const before = atomFeed({ items, siteUrl: SITE });
    const last = items.map((i) => i.date).sort().at(-1)!;
    const later = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const withdrawn: ChangelogItem = { ...items[0]!, date: later, kind: 'withdrawn', html: '<p>Withdrawn by the submitter: wrong harness.</p>' };
    const after = atomFeed({ items: [withdrawn, ...items], siteUrl: SITE });
    expect(after).not.toBe(before);
    const a = checkAtom(after);
    expect(a.updated.slice(0, 10)).toBe(later);
    expect(a.ids).toContain(`${SITE}submissions/${withdrawn.submissionId}/#withdrawn-${later}`);
    expect(after).toContain('Withdrawn: ');
    expect(after).toContain('wrong harness');
  });

  it('an empty changelog is still a valid feed with a fixed date', () => {
    const { ids, updated } = checkAtom(atomFeed({ items: [], siteUrl: SITE }));
    expect(ids).toEqual([]);
    expect(updated).toBe('1970-01-01T00:00:00.000Z');
  });
});
