import { allBoards, benchmarkInfo, boardPath } from './boards';
import { allSubmissions } from './submissions';
import { slugify } from '../core/slug';
import type { Board, Row, BenchmarkId } from '../core/board';

export interface Placement {
  board: Board;
  href: string;
  sectionTitle?: string;
  row: Row;
  of: number;
}

export interface ModelPage {
  slug: string;
  name: string;
  orgs: string[];
  weights: ('open' | 'closed')[];
  releaseDate?: string;
  params?: string;
  url?: string;
  submissions: { benchmark: BenchmarkId; benchmarkName: string; id: string; status: string; submittedAt: string; harness: string; onBoards: boolean; reason?: string }[];
  placements: Placement[];
  /** At least one of its submissions is ranked (only then is the page in the search index). */
  ranked: boolean;
}

let cache: Promise<ModelPage[]> | undefined;

/** One page per model name (slugified), gathering every benchmark, board and submission. */
export function modelPages(): Promise<ModelPage[]> {
  cache ??= (async () => {
    // Valid submissions first, so a model's org, link and dates come from data that passed the gate.
    const valid = (s: { ranked: boolean; underReview: boolean }) => (s.ranked || s.underReview ? 0 : 1);
    const subs = (await allSubmissions()).filter((s) => s.submission).sort((a, b) => valid(a) - valid(b));
    const boards = await allBoards();
    const bySlug = new Map<string, ModelPage>();
    for (const s of subs) {
      const m = s.submission!.model;
      const slug = slugify(m.name);
      const page = bySlug.get(slug) ?? { slug, name: m.name, orgs: [], weights: [], submissions: [], placements: [], ranked: false };
      if (s.ranked) page.ranked = true;
      if (!page.orgs.includes(m.org)) page.orgs.push(m.org);
      if (!page.weights.includes(m.weights)) page.weights.push(m.weights);
      if (m.release_date) page.releaseDate ??= m.release_date.slice(0, 10);
      if (m.params) page.params ??= m.params;
      if (m.url) page.url ??= m.url;
      page.submissions.push({
        benchmark: s.benchmark,
        benchmarkName: benchmarkInfo(s.benchmark)?.name ?? s.benchmark,
        id: s.id,
        status: s.status,
        submittedAt: s.submission!.submitted_at.slice(0, 10),
        harness: `${s.submission!.harness.name} ${s.submission!.harness.version}`,
        onBoards: s.ranked,
        ...(s.reason ? { reason: s.reason } : {}),
      });
      bySlug.set(slug, page);
    }
    for (const board of boards) {
      for (const section of board.sections) {
        for (const row of section.rows) {
          bySlug.get(row.modelSlug)?.placements.push({
            board,
            href: boardPath(board),
            ...(board.sections.length > 1 ? { sectionTitle: section.title } : {}),
            row,
            of: section.rows.length,
          });
        }
      }
    }
    return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name));
  })();
  return cache;
}
