/**
 * Atom 1.0 feeds of the changelog: `/feed.xml` (every change) and `/benchmarks/<id>/feed.xml`
 * (one benchmark's). Built from `changelogItems` only, dated by the changes themselves (never
 * the build clock), so two builds give identical feeds.
 */
import { Feed } from 'feed';
import type { ChangelogItem } from './changelog-view';
import { changelogItems } from './changelog-view';
import { loadSubmissionReviews } from './review-view';
import { boardRowsFor } from './contributed-rows';
import { benchmarkInfo } from './boards';

const KIND: Record<ChangelogItem['kind'], string> = { added: 'Added', corrected: 'Corrected', withdrawn: 'Withdrawn', rejected: 'Rejected' };

/** When nothing has changed yet: a fixed date, so an empty feed is still valid and reproducible. */
const EPOCH = new Date('1970-01-01T00:00:00Z');

const dayOf = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? new Date(`${d}T00:00:00Z`) : EPOCH);

export interface FeedOptions {
  items: readonly ChangelogItem[];
  /** Absolute site URL with base, ending in `/` (e.g. `https://evalboard.example.org/`). */
  siteUrl: string;
  /** One benchmark's feed; absent: the site-wide one. */
  benchmark?: { id: string; name: string };
}

/** The Atom document (entries newest first, as the changelog lists them). */
export function atomFeed({ items, siteUrl, benchmark }: FeedOptions): string {
  const mine = benchmark ? items.filter((i) => i.benchmark === benchmark.id) : items;
  const self = `${siteUrl}${benchmark ? `benchmarks/${benchmark.id}/` : ''}feed.xml`;
  const updated = mine.map((i) => dayOf(i.date)).reduce((a, b) => (b > a ? b : a), EPOCH);
  const feed = new Feed({
    id: self,
    title: benchmark ? `evalboard · ${benchmark.name} changes` : 'evalboard changes',
    description: 'Every submission added, corrected, withdrawn or rejected, with the reason.',
    link: benchmark ? `${siteUrl}benchmarks/${benchmark.id}/` : `${siteUrl}changelog/`,
    updated,
    generator: 'evalboard',
    feedLinks: { atom: self },
    author: { name: 'evalboard maintainers', link: siteUrl },
    copyright: 'Scores recomputed by evalboard from the submitters’ per-sample files.',
  });
  // Two changes of one kind to one submission on one day are one entry (the changelog never has more).
  const seen = new Set<string>();
  for (const i of mine) {
    const id = `${siteUrl}submissions/${i.submissionId}/#${i.kind}-${i.date}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const name = benchmarkInfo(i.benchmark)?.name ?? i.benchmark;
    feed.addItem({
      id,
      title: `${KIND[i.kind]}: ${i.model} on ${name} (${i.submissionId})`,
      link: `${siteUrl}submissions/${i.submissionId}/`,
      date: dayOf(i.date),
      content: i.html,
    });
  }
  return feed.atom1();
}

/** The site's changelog items (the changelog page's). */
export async function siteChangelog(): Promise<ChangelogItem[]> {
  return changelogItems(await loadSubmissionReviews(boardRowsFor));
}
