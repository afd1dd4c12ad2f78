import type { SourceCredit } from '../core/source-credit';
import { allBoards, benchmarkInfo, boardPath } from './boards';
import { allSubmissions } from './submissions';
import { entryKeyOf, harnessLabel, siteRegistry } from './submission-meta';
import { safeHttpUrl } from '../core/escape';
import type { ModelWeights } from '../core/model-schema';
import type { Board, Row, BenchmarkId } from '../core/board';

export interface Placement {
  board: Board;
  href: string;
  sectionTitle?: string;
  row: Row;
  of: number;
}

/** One harness a model was run in: an entry (model × harness). */
export interface ModelEntry {
  key: string;
  harness: string;
  /** "model · harness" */
  label: string;
  benchmarks: BenchmarkId[];
  /** At least one of its submissions is ranked. */
  ranked: boolean;
}

export interface ModelPage {
  /** The registered model id (`models/<id>.json`), the page's URL segment. */
  slug: string;
  name: string;
  org: string;
  weights: ModelWeights;
  /** "unknown" when the registry says so or says nothing. */
  params: string;
  licence: string;
  releaseDate: string;
  links: { label: string; href: string }[];
  aliases: string[];
  synthetic: boolean;
  /** Each harness it was run in. */
  entries: ModelEntry[];
  submissions: { benchmark: BenchmarkId; benchmarkName: string; id: string; status: string; submittedAt: string; harness: string; entryKey: string; onBoards: boolean; reason?: string; synthetic: boolean; source?: SourceCredit }[];
  placements: Placement[];
  /** At least one of its submissions is ranked (only then is the page in the search index). */
  ranked: boolean;
}

const LINK_LABEL = { model_card: 'Model card', paper: 'Paper', code: 'Code' } as const;

let cache: Promise<ModelPage[]> | undefined;

/**
 * One page per registered model (`models/<id>.json` without errors) that has a submission,
 * gathering every benchmark, board and submission, each entry (harness) listed. Identity comes
 * from the registry alone; a submission never adds a name, org or link to a model's page.
 */
export function modelPages(): Promise<ModelPage[]> {
  cache ??= (async () => {
    const registry = siteRegistry();
    const subs = (await allSubmissions()).filter((s) => s.submission);
    const boards = await allBoards();
    const byId = new Map<string, ModelPage>();
    for (const s of subs) {
      const sub = s.submission!;
      const m = registry.models.get(sub.model);
      if (!m || registry.findingsOf(m.id).some((f) => f.severity === 'error')) continue;
      const page = byId.get(m.id) ?? {
        slug: m.id,
        name: m.name,
        org: m.org,
        weights: m.weights,
        params: m.params ?? 'unknown',
        licence: m.licence ?? 'unknown',
        releaseDate: m.release_date ?? 'unknown',
        links: (Object.keys(LINK_LABEL) as (keyof typeof LINK_LABEL)[]).flatMap((k) => {
          const href = safeHttpUrl(m.links?.[k]);
          return href ? [{ label: LINK_LABEL[k], href }] : [];
        }),
        aliases: m.aliases ?? [],
        synthetic: m.synthetic === true,
        entries: [],
        submissions: [],
        placements: [],
        ranked: false,
      };
      if (s.ranked) page.ranked = true;
      const key = entryKeyOf(sub);
      const harness = harnessLabel(sub.harness);
      let entry = page.entries.find((e) => e.key === key);
      if (!entry) page.entries.push((entry = { key, harness, label: `${m.name} · ${harness}`, benchmarks: [], ranked: false }));
      if (!entry.benchmarks.includes(s.benchmark)) entry.benchmarks.push(s.benchmark);
      if (s.ranked) entry.ranked = true;
      page.submissions.push({
        benchmark: s.benchmark,
        benchmarkName: benchmarkInfo(s.benchmark)?.name ?? s.benchmark,
        id: s.id,
        status: s.status,
        submittedAt: sub.submitted_at.slice(0, 10),
        harness: `${harness}${sub.harness.commit ? ` (${sub.harness.commit})` : ''}`,
        entryKey: key,
        onBoards: s.ranked,
        ...(s.reason ? { reason: s.reason } : {}),
        synthetic: sub.synthetic === true || m.synthetic === true,
        ...(sub.source ? { source: sub.source } : {}),
      });
      byId.set(m.id, page);
    }
    for (const page of byId.values()) page.entries.sort((a, b) => a.harness.localeCompare(b.harness));
    for (const board of boards) {
      for (const section of board.sections) {
        for (const row of section.rows) {
          byId.get(row.modelSlug)?.placements.push({
            board,
            href: boardPath(board),
            ...(board.sections.length > 1 ? { sectionTitle: section.title } : {}),
            row,
            of: section.rows.length,
          });
        }
      }
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
  })();
  return cache;
}

/** An entry as the compare pages pick it: `slug` is the entry key, `name` "model · harness". */
export interface CompareEntry {
  slug: string;
  name: string;
  modelSlug: string;
  submissions: { benchmark: BenchmarkId }[];
}

/** Every ranked entry (model × harness), for the compare pages. */
export async function compareEntries(): Promise<CompareEntry[]> {
  const out: CompareEntry[] = [];
  for (const m of await modelPages()) {
    for (const e of m.entries) {
      if (!e.ranked) continue;
      out.push({ slug: e.key, name: e.label, modelSlug: m.slug, submissions: m.submissions.filter((s) => s.entryKey === e.key && s.onBoards).map((s) => ({ benchmark: s.benchmark })) });
    }
  }
  return out;
}
