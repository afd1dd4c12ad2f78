/**
 * Compare pages: paired differences between two entries (model × harness, keyed by `entryKey`),
 * from every benchmark both were scored on.
 */
import { SUBMISSION_BENCHMARKS } from '../registry/benchmarks';
import type { Difference } from '../core/compare';
import { boardContext } from './gate';

export type { Difference } from '../core/compare';

/** `slug`: the entry key; `name`: "model · harness"; `modelSlug`: the model's page. */
export interface CompareSide { slug: string; name: string; modelSlug?: string }

export interface ComparePair {
  a: CompareSide;
  b: CompareSide;
  diffs: Difference[];
}

export async function comparePair(a: CompareSide, b: CompareSide): Promise<ComparePair> {
  const diffs: Difference[] = [];
  const gate = await boardContext();
  for (const bench of SUBMISSION_BENCHMARKS) diffs.push(...(await bench.submissions.compare(a.slug, b.slug, gate.forBenchmark(bench.id))));
  const side = ({ slug, name, modelSlug }: CompareSide): CompareSide => ({ slug, name, ...(modelSlug ? { modelSlug } : {}) });
  return { a: side(a), b: side(b), diffs };
}

/** Entry pairs to pre-render: pairs sharing a benchmark, for benchmarks with at most `cap` entries. */
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
