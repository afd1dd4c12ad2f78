/**
 * The one gate between a submission folder and the site. Every submission is validated by the
 * very function `npm run validate` runs (`validateSubmission`), and its maintainer review is read
 * from `reviews/`. Only a valid, accepted submission is ranked; a valid one without an accepted
 * review is listed as under review; anything with an error finding appears on no board, download,
 * compare page or search index, and its review and model pages say why.
 */
import { validateTree } from '../ingest/submission/validate-tree';
import { persistBootstraps } from '../ingest/bootstrap-store';
import { persistCharts } from '../ingest/chart-store';
import { persistMdds } from '../ingest/mdd-store';
import type { SubmissionReport } from '../ingest/submission/types';
import type { BoardContext } from '../core/benchmark';
import { resultsRoot } from './paths';

export interface Admission {
  benchmark: string;
  id: string;
  report: SubmissionReport;
  /** Valid and accepted: ranked on the boards. */
  ranked: boolean;
  /** Valid, not yet accepted: listed on the boards unranked, marked unverified. */
  underReview: boolean;
  /** Why it is not ranked, in one line (for the model and review pages). */
  reason?: string;
}

function admit(benchmark: string, report: SubmissionReport): Admission {
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  const base = { benchmark, id: report.id, report };
  if (errors > 0) return { ...base, ranked: false, underReview: false, reason: `not on the boards: ${errors} error finding${errors === 1 ? '' : 's'} (see the review page)` };
  switch (report.status) {
    case 'accepted':
      return { ...base, ranked: true, underReview: false };
    case 'under_review':
      return { ...base, ranked: false, underReview: true, reason: 'under review: not yet verified by a maintainer, so not ranked' };
    case 'rejected':
      return { ...base, ranked: false, underReview: false, reason: 'rejected by the maintainers' };
    case 'withdrawn':
      return { ...base, ranked: false, underReview: false, reason: 'withdrawn' };
  }
}

const cache = new Map<string, Promise<Admission[]>>();

/**
 * Every submission folder of every registered benchmark, validated and admitted (once per build;
 * the per-sample passes of validation come from the score cache when the folder is unchanged).
 */
export function admissions(): Promise<Admission[]> {
  const root = resultsRoot();
  let hit = cache.get(root);
  if (!hit) {
    // Every board's intervals, MDDs and charts are computed after the gate: from here on they persist in the build cache.
    persistBootstraps();
    persistMdds();
    persistCharts();
    hit = validateTree(root).then((reports) => reports.map(({ benchmark, report }) => admit(benchmark, report)));
    cache.set(root, hit);
  }
  return hit;
}

/** The gate as the benchmarks' board code asks it. */
export async function boardContext(): Promise<BoardContext> {
  const byKey = new Map((await admissions()).map((a) => [`${a.benchmark}/${a.id}`, a]));
  return {
    forBenchmark: (benchmark) => ({
      ranked: (id) => byKey.get(`${benchmark}/${id}`)?.ranked === true,
      underReview: (id) => byKey.get(`${benchmark}/${id}`)?.underReview === true,
    }),
  };
}
