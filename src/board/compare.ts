/** Compare pages: paired differences between two models, from every benchmark both were scored on. */
import { SUBMISSION_BENCHMARKS } from '../registry/benchmarks';
import type { Difference } from '../core/compare';
import { boardContext } from './gate';

export type { Difference } from '../core/compare';

export interface ComparePair {
  a: { slug: string; name: string };
  b: { slug: string; name: string };
  diffs: Difference[];
}

export async function comparePair(a: { slug: string; name: string }, b: { slug: string; name: string }): Promise<ComparePair> {
  const diffs: Difference[] = [];
  const gate = await boardContext();
  for (const bench of SUBMISSION_BENCHMARKS) diffs.push(...(await bench.submissions.compare(a.slug, b.slug, gate.forBenchmark(bench.id))));
  return { a, b, diffs };
}

/** Model pairs to pre-render: pairs sharing a benchmark, for benchmarks with at most `cap` models. */
export function comparePairs<T extends { slug: string; submissions: readonly { benchmark: string }[] }>(models: readonly T[], cap = 40): [T, T][] {
  const sorted = [...models].sort((x, y) => x.slug.localeCompare(y.slug));
  const out: [T, T][] = [];
  for (const bench of new Set(sorted.flatMap((m) => m.submissions.map((s) => s.benchmark)))) {
    const group = sorted.filter((m) => m.submissions.some((s) => s.benchmark === bench));
    if (group.length > cap) continue;
    for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) out.push([group[i]!, group[j]!]);
  }
  const seen = new Set<string>();
  return out.filter(([a, b]) => !seen.has(`${a.slug}/${b.slug}`) && !!seen.add(`${a.slug}/${b.slug}`)).sort(([a, b], [c, d]) => a.slug.localeCompare(c.slug) || b.slug.localeCompare(d.slug));
}
