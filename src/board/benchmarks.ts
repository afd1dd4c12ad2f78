import { BENCHMARKS, allBoards, boardPath } from './boards';
import { allSubmissions, lastChange } from './submissions';
import type { BenchmarkId } from '../core/board';
import { entryLabel } from './submission-meta';

export interface Leader {
  board: string;
  href: string;
  /** The leading entry, "model · harness". */
  model: string;
  modelSlug: string;
  section?: string;
}

export interface BenchmarkCard {
  id: BenchmarkId;
  name: string;
  blurb: string;
  submissions: number;
  models: number;
  boards: number;
  leaders: Leader[];
  lastUpdate?: string;
}

/** Home-page cards: every benchmark with its leaders, counts and last update. */
export async function benchmarkCards(): Promise<BenchmarkCard[]> {
  const boards = await allBoards();
  const subs = await allSubmissions();
  return BENCHMARKS.map((b) => {
    const mine = subs.filter((s) => s.benchmark === b.id && s.submission && (s.ranked || s.underReview));
    const headline = boards.filter((x) => x.benchmark === b.id && (x.kind === 'overall' || x.kind === 'family'));
    const leaders: Leader[] = [];
    for (const board of headline) {
      const section = board.sections.find((s) => s.rows.length > 0);
      const top = section?.rows[0];
      if (!top) continue;
      leaders.push({
        board: board.title,
        href: boardPath(board),
        model: entryLabel(top),
        modelSlug: top.modelSlug,
        ...(board.sections.length > 1 ? { section: section.id } : {}),
      });
    }
    return {
      id: b.id,
      name: b.name,
      blurb: b.blurb,
      submissions: mine.length,
      models: new Set(mine.map((s) => s.submission!.model)).size,
      boards: boards.filter((x) => x.benchmark === b.id).length,
      leaders,
      ...(mine.length ? { lastUpdate: mine.map((s) => lastChange(s) ?? '').sort().at(-1)! } : {}),
    };
  });
}
