/** Parse an Atom document as XML and check the elements Atom 1.0 requires (RFC 4287 §4.1). */
import { expect } from 'vitest';
import { DOMParser } from 'linkedom';

export function checkAtom(xml: string): { ids: string[]; updated: string; entries: Element[] } {
  expect(xml.startsWith('<?xml')).toBe(true);
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const feed = doc.querySelector('feed')!;
  const own = (el: Element, tag: string) => [...el.children].filter((c) => c.tagName === tag);
  expect(feed).toBeTruthy();
  expect(feed.getAttribute('xmlns')).toBe('http://www.w3.org/2005/Atom');
  for (const tag of ['id', 'title', 'updated']) expect(own(feed, tag).length, tag).toBe(1);
  expect(own(feed, 'author').length).toBe(1);
  expect(own(feed, 'link').some((l) => l.getAttribute('rel') === 'self')).toBe(true);
  const updated = own(feed, 'updated')[0]!.textContent!;
  expect(Number.isNaN(Date.parse(updated))).toBe(false);
  const ids: string[] = [];
  const entries = own(feed, 'entry');
  for (const e of entries) {
    for (const tag of ['id', 'title', 'updated']) expect(own(e, tag).length, tag).toBe(1);
    expect(own(e, 'link')[0]?.getAttribute('href')).toMatch(/^https:\/\//);
    expect(Date.parse(own(e, 'updated')[0]!.textContent!) <= Date.parse(updated)).toBe(true);
    ids.push(own(e, 'id')[0]!.textContent!);
  }
  expect(new Set(ids).size).toBe(ids.length);
  return { ids, updated, entries };
}
