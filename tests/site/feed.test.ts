/**
 * The Atom feeds: parsed as XML, every required Atom 1.0 element is there (feed id, title,
 * updated, author; entry id, title, updated, link), the site's changelog gives one entry per item,
 * and a withdrawn entry in the changelog changes the feed (a new entry, a later `updated`).
 */
import { describe, expect, it } from 'vitest';
import { DOMParser } from 'linkedom';
import { atomFeed, siteChangelog } from '../../src/board/feed';
import type { ChangelogItem } from '../../src/board/changelog-view';

const SITE = 'https://evalboard.example.org/';

function parse(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const feed = doc.querySelector('feed')!;
  const own = (el: Element, tag: string) => [...el.children].filter((c) => c.tagName === tag);
  return { doc, feed, own };
}

function checkAtom(xml: string): { ids: string[]; updated: string } {
  expect(xml.startsWith('<?xml')).toBe(true);
  const { feed, own } = parse(xml);
  expect(feed).toBeTruthy();
  expect(feed.getAttribute('xmlns')).toBe('http://www.w3.org/2005/Atom');
  for (const tag of ['id', 'title', 'updated']) expect(own(feed, tag).length, tag).toBe(1);
  expect(own(feed, 'author').length).toBe(1);
  expect(own(feed, 'link').some((l) => l.getAttribute('rel') === 'self')).toBe(true);
  const updated = own(feed, 'updated')[0]!.textContent!;
  expect(Number.isNaN(Date.parse(updated))).toBe(false);
  const ids: string[] = [];
  for (const e of own(feed, 'entry')) {
    for (const tag of ['id', 'title', 'updated']) expect(own(e, tag).length, tag).toBe(1);
    expect(own(e, 'link')[0]?.getAttribute('href')).toMatch(/^https:\/\//);
    expect(Date.parse(own(e, 'updated')[0]!.textContent!) <= Date.parse(updated)).toBe(true);
    ids.push(own(e, 'id')[0]!.textContent!);
  }
  expect(new Set(ids).size).toBe(ids.length);
  return { ids, updated };
}

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
