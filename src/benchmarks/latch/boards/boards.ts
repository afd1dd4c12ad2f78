import { resultsRoot } from '../../../board/paths';
import { isRegraded, scoreLatchFolder } from '../formats/index';
import { listSubmissionDirs, readSubmissionFolder } from '../../../ingest/submission/read';
import type { Finding } from '../../../core/findings';
import type { Submission } from '../../../core/submission-schema';
import { metric } from '../metrics';
import { summarizeRuns, type RunOutcome } from '../scorer/aggregate';
import { rankEntries } from '../../../core/rank';
import { slugify } from '../../../core/slug';
import { identityOf, rankedEntries } from '../../../board/submission-meta';
import type { Admitted } from '../../../core/benchmark';
import type { Board, Entry } from '../../../core/board';

export interface LatchEntry {
  id: string;
  submission?: Submission;
  outcomes: RunOutcome[];
  findings: Finding[];
}

let cache: Promise<LatchEntry[]> | undefined;

/** Ingest, re-grade and keep every latch submission's run outcomes (once per build). */
export function loadLatch(root = resultsRoot()): Promise<LatchEntry[]> {
  cache ??= (async () => {
    const out: LatchEntry[] = [];
    for (const dir of listSubmissionDirs(root, 'latch')) {
      const folder = readSubmissionFolder(dir, root);
      const scored = await scoreLatchFolder(dir);
      out.push({
        id: folder.folderId,
        ...(folder.submission ? { submission: folder.submission } : {}),
        outcomes: scored.runs.filter(isRegraded).map((r) => r.outcome),
        findings: [...folder.findings, ...scored.findings],
      });
    }
    return out;
  })();
  return cache;
}

/** Per-eval pass rates (%) of one submission's runs, optionally one task category or platform. */
export function perEvalMeans(outcomes: readonly RunOutcome[]): Record<string, number> {
  return summarizeRuns(outcomes).per_eval_means_pct;
}

function board(kind: Board['kind'], slug: string, title: string, description: string, entries: RankedLatchEntry[], keep: (o: RunOutcome) => boolean): Board {
  const primary = { def: metric('latch-accuracy'), label: 'Accuracy (%)' };
  const list: Entry[] = [];
  for (const e of entries) {
    const runs = e.outcomes.filter(keep);
    if (runs.length === 0) continue;
    const s = summarizeRuns(runs);
    const iv = s.unrounded;
    const trials = Object.values(s.n_trials).reduce((a, b) => a + b, 0);
    list.push({
      ...identityOf(e.id, e.submission),
      n: s.n_evals,
      primary: Number.isFinite(iv.mean) ? iv.mean : null,
      ...(s.n_evals > 1 && Number.isFinite(iv.ci_lower) ? { interval: { lo: iv.ci_lower, hi: iv.ci_upper, method: 't' as const } } : {}),
      secondary: [],
      composition: [`${s.n_evals} evals, ${trials} runs; each eval's trials averaged, then the mean over evals`],
    });
  }
  return {
    benchmark: 'latch',
    slug,
    kind,
    title,
    description,
    nUnit: 'evals',
    primary,
    secondary: [],
    sections: [{ id: 'all', title: 'All submissions', rows: rankEntries(list, 'higher') }],
  };
}

type RankedLatchEntry = LatchEntry & { submission: NonNullable<LatchEntry['submission']> };

/** Overall, per task category and per platform, over the submissions the gate ranks (their evals alone define the categories). */
export async function latchBoards(admitted: Admitted): Promise<Board[]> {
  const entries = rankedEntries(await loadLatch(), admitted);
  const all = entries.flatMap((e) => e.outcomes);
  const tasks = [...new Set(all.map((o) => o.task).filter((t): t is string => !!t))].sort();
  const kits = [...new Set(all.map((o) => o.kit).filter((t): t is string => !!t))].sort();
  return [
    board('overall', 'overall', 'Overall', 'Every eval weighs the same: each eval’s trials are averaged, then the mean over evals with a 95 % t-interval.', entries, () => true),
    ...tasks.map((t) => board('category', `task/${slugify(t)}`, `Task: ${t}`, `Evals of the task category “${t}”.`, entries, (o) => o.task === t)),
    ...kits.map((k) => board('platform', `platform/${slugify(k)}`, `Platform: ${k}`, `Evals run on the “${k}” platform (kit).`, entries, (o) => o.kit === k)),
  ];
}
