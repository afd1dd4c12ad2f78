// The pairs stage's order (src/board/compare-prime.ts): an entry's pairs sit together, so a job
// keeps few entries live at a time and draws each entry's bootstrap side about once.
import { describe, expect, it } from 'vitest';
import { localityOrder, shardPairs } from '../../src/board/compare-prime';
import { shardByWeight } from '../../src/core/shard';

/** A chain of entries whose names say nothing of their place in it (as slugs say nothing of rank). */
const names = ['kiwi', 'apple', 'zebra', 'mango', 'fig', 'quince', 'banana', 'yam', 'cherry', 'date', 'lime', 'olive'];
const entry = (slug: string) => ({ slug, name: slug, submissions: [{ benchmark: 'x' }] });
const chain = names.slice(1).map((n, i) => [entry(names[i]!), entry(n)] as [ReturnType<typeof entry>, ReturnType<typeof entry>]);
const key = (p: readonly [{ slug: string }, { slug: string }]) => `${p[0].slug}+${p[1].slug}`;

describe('localityOrder', () => {
  it('walks a chain of pairs in chain order, whatever the names, and keeps every pair once', () => {
    const shuffled = [...chain].sort((p, q) => key(p).localeCompare(key(q)));
    const ordered = localityOrder(shuffled, (e) => e.slug);
    expect(ordered.map(key).sort()).toEqual(chain.map(key).sort());
    // How many entries are live (seen, with a pair still to come) at once: a chain walked in order keeps
    // two or three (breadth first from 'apple', the chain's second entry, goes both ways from it).
    const live = new Set<string>();
    let most = 0;
    ordered.forEach(([a, b], i) => {
      live.add(a.slug).add(b.slug);
      // An entry stays live until its last pair.
      for (const s of [...live]) if (!ordered.slice(i + 1).some(([x, y]) => x.slug === s || y.slug === s)) live.delete(s);
      most = Math.max(most, live.size);
    });
    expect(most).toBeLessThanOrEqual(3);
  });

  it('a band of pairs (each entry with its next three) keeps at most a band of entries live', () => {
    const band = names.flatMap((n, i) => names.slice(i + 1, i + 4).map((m) => [entry(n), entry(m)] as [ReturnType<typeof entry>, ReturnType<typeof entry>]));
    const ordered = localityOrder([...band].reverse(), (e) => e.slug);
    const last = new Map<string, number>();
    ordered.forEach(([a, b], i) => last.set(a.slug, i).set(b.slug, i));
    let most = 0;
    ordered.forEach((_, i) => {
      const seen = new Set(ordered.slice(0, i + 1).flatMap(([a, b]) => [a.slug, b.slug]));
      most = Math.max(most, [...seen].filter((s) => last.get(s)! > i).length);
    });
    expect(most).toBeLessThanOrEqual(7);
    // In code-unit order of the pairs' names, most of the entries would be live at once.
    const bySlug = [...band].sort((p, q) => (key(p) < key(q) ? -1 : 1));
    const lastBySlug = new Map<string, number>();
    bySlug.forEach(([a, b], i) => lastBySlug.set(a.slug, i).set(b.slug, i));
    const liveBySlug = Math.max(...bySlug.map((_, i) => new Set(bySlug.slice(0, i + 1).flatMap(([a, b]) => [a.slug, b.slug]).filter((s) => lastBySlug.get(s)! > i)).size));
    expect(liveBySlug).toBeGreaterThan(most);
  });

  it('shardPairs keeps the heaviest-first assignment and orders each job\'s pairs for locality', () => {
    const work = (p: readonly [{ slug: string }, { slug: string }]) => p[0].slug.length + p[1].slug.length;
    const jobs = [1, 2, 3].map((index) => shardPairs(chain, work, { index, of: 3 }));
    jobs.forEach((job, i) => {
      const assigned = shardByWeight(chain, work, { index: i + 1, of: 3 });
      expect(job.pairs.map(key)).toEqual(localityOrder(assigned.items, (e) => e.slug).map(key));
      expect(job.work).toBe(assigned.weight);
    });
    expect(jobs.flatMap((j) => j.pairs.map(key)).sort()).toEqual(chain.map(key).sort());
  });
});
